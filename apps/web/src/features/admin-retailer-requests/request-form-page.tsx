// /admin/retailer-requests/add and /edit/:id: the applicant's details (store, owner, e-mail, phone,
// address, staff notes), checked with the API's own schema; the server's field messages land on the
// fields, a conflict (address in use) on the e-mail field, anything else on a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import {
  retailerRequestBody,
  type RequestDetail,
  type RetailerRequestBody,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ListSkeleton, ErrorState } from '../../components/list-states';
import { InputField } from '../../components/input-field';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  REQUEST_FAILED,
  REQUEST_SAVE_FAILED,
  useCreateRetailerRequestMutation,
  useGetRetailerRequestQuery,
  useUpdateRetailerRequestMutation,
} from './retailer-requests.api';
import { BASE_PATH } from './request-bits';

type Values = { [K in keyof RetailerRequestBody]-?: string };
const FIELDS = ['storeName', 'ownerName', 'email', 'phone', 'address', 'city', 'state', 'zip', 'notes'] as const;

const toValues = (r: RequestDetail | undefined): Values => ({
  storeName: r?.storeName ?? '',
  ownerName: r?.ownerName ?? '',
  email: r?.email ?? '',
  // Stored as digits; shown as people write it.
  phone: r ? (formatPhone(r.phone) ?? r.phone) : '',
  address: r?.address ?? '',
  city: r?.city ?? '',
  state: r?.state ?? '',
  zip: r?.zip ?? '',
  notes: r?.notes ?? '',
});

export function RequestAddPage() {
  return <RequestForm request={undefined} />;
}

export function RequestEditPage() {
  const { id = '' } = useParams();
  const q = useGetRetailerRequestQuery(id);
  if (q.isLoading) return <ListSkeleton rows={4} image={false} />;
  if (q.isError || !q.data)
    return <ErrorState message={errorMessage(q.error, REQUEST_FAILED)} onRetry={() => void q.refetch()} />;
  return <RequestForm key={q.data.id} request={q.data} />;
}

function RequestForm({ request }: { request: RequestDetail | undefined }) {
  const navigate = useNavigate();
  const [create, created] = useCreateRetailerRequestMutation();
  const [update, updated] = useUpdateRetailerRequestMutation();
  const busy = created.isLoading || updated.isLoading;
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(retailerRequestBody) as never,
    defaultValues: toValues(request),
  });
  const e = formState.errors;
  const locked = request != null && request.status !== 'pending';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = request ? await update({ id: request.id, ...values }).unwrap() : await create(values).unwrap();
      notify.success(answer.message);
      void navigate(`${BASE_PATH}/view/${encodeURIComponent(answer.data.id)}`);
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      let onField = false;
      for (const name of FIELDS)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      if (data.status === 409 && !locked) {
        setError('email', { message: errorMessage(err, REQUEST_SAVE_FAILED) });
        onField = true;
      }
      if (!onField) notify.error(errorMessage(err, REQUEST_SAVE_FAILED));
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, extra: { required?: boolean; type?: string } = {}) => (
    <InputField
      label={label}
      required={extra.required}
      type={extra.type}
      autoComplete="off"
      disabled={locked}
      {...muiField(register(name))}
      error={Boolean(e[name])}
      helperText={e[name]?.message}
    />
  );

  const title = request ? 'Edit Retailer Request' : 'Add Retailer Request';
  const back = request ? `${BASE_PATH}/view/${encodeURIComponent(request.id)}` : BASE_PATH;
  return (
    <>
      <PageTitle
        title={title}
        subtitle={request ? request.storeName : 'A store that asked to order from you by phone or in person'}
        actions={
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={back}>
            Back
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
        {locked ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            Only a pending request can be edited.
          </Alert>
        ) : null}
        {!request ? (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            The request is pending at once. Once approved, the store signs in with a one-time code sent to this email.
          </Typography>
        ) : null}
        <Stack component="form" noValidate aria-label={title} spacing={2} onSubmit={(ev) => void onSubmit(ev)}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {field('storeName', 'Store name', { required: true })}
            {field('ownerName', 'Owner name', { required: true })}
            {field('email', 'Email', { required: true, type: 'email' })}
            {field('phone', 'Phone', { required: true, type: 'tel' })}
          </Box>
          {field('address', 'Address')}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
            {field('city', 'City')}
            {field('state', 'State')}
            {field('zip', 'ZIP code')}
          </Box>
          {field('notes', 'Notes for the office')}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={back} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy} disabled={locked}>
              {request ? 'Save' : 'Add request'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}

// /admin/permissions/add and /edit/:id: a role's name, description and (when adding) who it is for,
// checked with the API's own schema; the server's field messages and a duplicate name land on the
// name field. A new role starts with no permissions: saving it opens its permissions grid.
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { roleBody, type RoleDetail } from '@portal/shared/permissions/permissions.schemas';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { InputField } from '../../components/input-field';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  BASE_PATH,
  ROLE_FAILED,
  ROLE_SAVE_FAILED,
  useCreateRoleMutation,
  useGetRoleQuery,
  useUpdateRoleMutation,
} from './permissions.api';

interface Values {
  name: string;
  description: string;
  kind: 'staff' | 'sales';
}

export function RoleAddPage() {
  return <RoleForm role={undefined} />;
}

export function RoleEditPage() {
  const { id = '' } = useParams();
  const q = useGetRoleQuery(id);
  if (q.isLoading) return <ListSkeleton rows={3} image={false} />;
  if (q.isError || !q.data) return <ErrorState message={errorMessage(q.error, ROLE_FAILED)} onRetry={() => void q.refetch()} />;
  return <RoleForm key={q.data.id} role={q.data} />;
}

function RoleForm({ role }: { role: RoleDetail | undefined }) {
  const navigate = useNavigate();
  const [create, created] = useCreateRoleMutation();
  const [update, updated] = useUpdateRoleMutation();
  const busy = created.isLoading || updated.isLoading;
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver(roleBody) as never,
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '', kind: role?.kind ?? 'staff' },
  });
  const e = formState.errors;
  const { ref: descriptionRef, ...descriptionField } = register('description');

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (role) {
        const answer = await update({ id: role.id, name: values.name, description: values.description }).unwrap();
        notify.success(answer.message);
        void navigate(`${BASE_PATH}/view/${encodeURIComponent(role.id)}`);
      } else {
        const answer = await create(values).unwrap();
        notify.success(answer.message);
        void navigate(`${BASE_PATH}/roles/${encodeURIComponent(answer.data.id)}`);
      }
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      if (fields.name || fields.description) {
        if (fields.name) setError('name', { message: fields.name });
        if (fields.description) setError('description', { message: fields.description });
      } else if (data.status === 409) setError('name', { message: errorMessage(err, ROLE_SAVE_FAILED) });
      else notify.error(errorMessage(err, ROLE_SAVE_FAILED));
    }
  });

  const back = role ? `${BASE_PATH}/view/${encodeURIComponent(role.id)}` : BASE_PATH;
  return (
    <>
      <PageTitle
        title={role ? 'Edit Role' : 'Add Role'}
        subtitle={role ? role.name : 'A new role starts with no permissions; you choose them next'}
        actions={
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={back}>
            Back
          </Button>
        }
      />
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(ev) => void onSubmit(ev)}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
      >
        <Stack spacing={2.5}>
          {role?.isOwner ? <Alert severity="info">The owner role keeps its name; you can change its description.</Alert> : null}
          <InputField
            label="Role name"
            required
            autoComplete="off"
            disabled={role?.isOwner}
            {...muiField(register('name'))}
            error={Boolean(e.name)}
            helperText={e.name?.message}
          />
          <TextField
            label="Description"
            autoComplete="off"
            multiline
            minRows={2}
            {...descriptionField}
            inputRef={descriptionRef}
            error={Boolean(e.description)}
            helperText={e.description?.message ?? 'What people with this role do'}
          />
          {role ? null : (
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <Stack>
                  <FormLabel id="role-kind-label">For</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="role-kind-label"
                    value={field.value}
                    onChange={(ev) => field.onChange(ev.target.value)}
                  >
                    <FormControlLabel value="staff" control={<Radio />} label="Office staff" />
                    <FormControlLabel value="sales" control={<Radio />} label="Sales reps" />
                  </RadioGroup>
                </Stack>
              )}
            />
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={back} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              {role ? 'Save' : 'Create role'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}

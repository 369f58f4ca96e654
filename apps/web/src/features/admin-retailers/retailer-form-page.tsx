// /admin/retailers/add and /admin/retailers/edit/:id: every term of a store on one page, checked with the
// API's own body schema (amounts typed in dollars); the server's field messages, and the 409 of a
// C_Number in use, land on the fields; success toasts and opens the store's page.
import { CREDIT_POLICIES, CREDIT_POLICY_LABELS } from '@portal/shared/credit/credit';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { centsToDecimalString } from '@portal/shared/money/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERY_CHARGE_RULES } from '@portal/shared/retailers/retailers.schemas';
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../components/list-states';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import {
  RETAILER_FAILED,
  RETAILER_SAVE_FAILED,
  useCreateAdminRetailerMutation,
  useGetAdminRetailerQuery,
  useGetRetailerChoicesQuery,
  useUpdateAdminRetailerMutation,
} from './admin-retailers.api';
import type { RetailerChoices, RetailerDetail, RetailerInput } from './admin-retailers.types';
import { DELIVERY_RULE_LABELS, ORDER_DAY_OPTIONS, PRICE_CLASS_OPTIONS } from './retailer-labels';
import {
  emptyRetailerValues,
  RETAILER_FORM_FIELDS,
  retailerForm,
  retailerValuesOf,
  type RetailerFormValues,
} from './retailer-form';
import { retailerPath, useRetailerPermissions } from './retailers-page';

const full = { gridColumn: '1 / -1' } as const;
const wide = { gridColumn: { sm: 'span 2' } } as const;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="textSecondary">
          {hint}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Paper>
  );
}

/** /admin/retailers/add */
export function RetailerAddPage() {
  const { canAdd } = useRetailerPermissions();
  if (!canAdd) return <NoPermission title="New retailer" action="add" />;
  return <RetailerFormScreen retailer={null} />;
}

/** /admin/retailers/edit/:id */
export function RetailerEditPage() {
  const { id = '' } = useParams();
  const { canEdit } = useRetailerPermissions();
  const q = useGetAdminRetailerQuery(id, { skip: !canEdit });
  if (!canEdit) return <NoPermission title="Edit retailer" action="edit" />;
  if (q.isError)
    return (
      <>
        <PageTitle title="Edit retailer" />
        <ErrorState message={errorMessage(q.error, RETAILER_FAILED)} onRetry={() => void q.refetch()} />
      </>
    );
  if (!q.data)
    return (
      <>
        <PageTitle title="Edit retailer" />
        <Stack spacing={2} role="status" aria-label="Loading the retailer" aria-busy="true">
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
      </>
    );
  // Keyed by the store: another store's edit starts from its own terms.
  return <RetailerFormScreen key={q.data.id} retailer={q.data} />;
}

function NoPermission({ title, action }: { title: string; action: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Alert severity="info">{`Your role does not allow you to ${action} retailers.`}</Alert>
    </>
  );
}

function RetailerFormScreen({ retailer }: { retailer: RetailerDetail | null }) {
  const navigate = useNavigate();
  const formId = useId();
  const choices = useGetRetailerChoicesQuery();
  const [create, created] = useCreateAdminRetailerMutation();
  const [update, updated] = useUpdateAdminRetailerMutation();
  const busy = created.isLoading || updated.isLoading;
  const { register, handleSubmit, formState, setError, control, setValue } = useForm<RetailerFormValues, unknown, RetailerInput>({
    resolver: zodResolver(retailerForm),
    defaultValues: retailer ? retailerValuesOf(retailer) : emptyRetailerValues(),
  });
  const e = formState.errors;

  // A new store starts from the distributor's defaults (Settings) once they arrive, unless typed over.
  const defaults = retailer ? undefined : choices.data?.newStoreDefaults;
  useEffect(() => {
    if (!defaults) return;
    const money = (cents: number | null) => (cents == null ? '' : centsToDecimalString(cents));
    const fill = {
      minOrderCents: money(defaults.minOrderCents),
      itemLimit: defaults.itemLimit == null ? '' : String(defaults.itemLimit),
      creditLimitCents: money(defaults.creditLimitCents),
    };
    for (const [name, value] of Object.entries(fill) as [keyof typeof fill, string][]) {
      if (!formState.dirtyFields[name]) setValue(name, value);
    }
    // Only when the defaults arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaults]);

  // Leaving the flat rule clears its amount (the API keeps an amount only with the flat rule).
  const rule = useWatch({ control, name: 'deliveryChargeRule' });
  useEffect(() => {
    if (rule !== 'flat') setValue('deliveryChargeCents', '');
  }, [rule, setValue]);

  const back = retailer ? retailerPath.view(retailer.id) : retailerPath.list;

  const field = (
    name: FieldPath<RetailerFormValues>,
    label: string,
    opts: {
      required?: boolean;
      hint?: string;
      sx?: object;
      type?: string;
      amount?: boolean;
      autoFocus?: boolean;
      list?: string;
    } = {},
  ) => {
    const { ref, ...rest } = register(name);
    const message = e[name as keyof RetailerFormValues]?.message;
    return (
      <TextField
        label={label}
        inputRef={ref}
        {...rest}
        required={opts.required}
        autoFocus={opts.autoFocus}
        type={opts.type ?? 'text'}
        error={Boolean(message)}
        helperText={message ?? opts.hint}
        sx={opts.sx}
        slotProps={{
          input: opts.amount ? { startAdornment: <InputAdornment position="start">$</InputAdornment> } : undefined,
          htmlInput: { inputMode: opts.amount ? 'decimal' : undefined, list: opts.list, autoComplete: 'off' },
        }}
      />
    );
  };

  // Controlled: the sales reps arrive after the form, and the chosen one must show once they do.
  const select = (
    name: 'orderDay' | 'priceClass' | 'salesRepId' | 'deliveryChargeRule' | 'creditPolicy',
    label: string,
    options: ReactNode,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          select
          label={label}
          name={f.name}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
          inputRef={f.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {options}
        </TextField>
      )}
    />
  );

  // The resolver's output is the API body: amounts already in cents.
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = retailer ? await update({ id: retailer.id, body }).unwrap() : await create(body).unwrap();
      notify.success(answer.message);
      void navigate(retailerPath.view(answer.data.id));
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      let onField = false;
      for (const [name, message] of Object.entries(fields))
        if ((RETAILER_FORM_FIELDS as readonly string[]).includes(name)) {
          setError(name as FieldPath<RetailerFormValues>, { message }, { shouldFocus: !onField });
          onField = true;
        }
      // A C_Number in use (409) is about that field.
      if (data.status === 409 && !onField) {
        setError('cNumber', { message: errorMessage(err, RETAILER_SAVE_FAILED) }, { shouldFocus: true });
        onField = true;
      }
      // The fields say it already; anything else (network, server) is toasted.
      if (!onField) notify.error(errorMessage(err, RETAILER_SAVE_FAILED));
    }
  });

  const title = retailer ? `Edit ${retailer.companyName}` : 'New retailer';
  const actions = (
    <Stack direction="row" spacing={1}>
      <Button component={RouterLink} to={back} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="contained" loading={busy}>
        {retailer ? 'Save' : 'Create retailer'}
      </Button>
    </Stack>
  );

  return (
    <>
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {retailer ? retailer.companyName : 'Retailers'}
      </Button>
      <PageTitle
        title={title}
        subtitle={retailer ? `C_Number ${retailer.C_Number}` : 'A store that orders from you: its details and terms'}
      />
      <Stack
        id={formId}
        component="form"
        noValidate
        aria-label={title}
        spacing={2}
        onSubmit={(ev: FormEvent<HTMLFormElement>) => void onSubmit(ev)}
      >
        {Object.keys(e).length && formState.isSubmitted ? (
          <Alert severity="error" role="alert">
            Check the highlighted fields.
          </Alert>
        ) : null}
        <Section title="Store">
          {field('cNumber', 'C_Number', { required: true, autoFocus: !retailer, hint: 'Letters, digits or dashes' })}
          {field('companyName', 'Business name', { required: true, sx: wide })}
          {field('contactName', 'Contact name', { required: true })}
          {field('phone', 'Phone', { type: 'tel' })}
          {field('email', 'Email', { type: 'email', sx: wide })}
        </Section>
        <Section title="Address">
          {field('address', 'Street address', { sx: wide })}
          {field('city', 'City')}
          {field('state', 'State')}
          {field('zip', 'ZIP code')}
        </Section>
        <Section title="Delivery" hint="The route and stop the truck serves this store on, and the day it orders.">
          {field('routeNumber', 'Route', { list: `${formId}-routes` })}
          <RouteList id={`${formId}-routes`} choices={choices.data} />
          {field('stopNumber', 'Stop')}
          {select(
            'orderDay',
            'Order day',
            ORDER_DAY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            )),
          )}
          {select(
            'salesRepId',
            'Sales rep',
            <>
              <option value="">No sales rep</option>
              {repOptions(choices.data, retailer).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </>,
          )}
        </Section>
        <Section title="Terms" hint="Prices and limits that apply to this store's orders.">
          {select(
            'priceClass',
            'Price class',
            PRICE_CLASS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            )),
          )}
          {field('minOrderCents', 'Minimum order', { amount: true, hint: 'Empty: none' })}
          {field('itemLimit', 'Item limit (per order)', { hint: 'Empty: no limit' })}
          {field('creditLimitCents', 'Credit limit', { amount: true, hint: 'Empty: none' })}
          {select(
            'creditPolicy',
            'Credit policy',
            CREDIT_POLICIES.map((p) => (
              <option key={p} value={p}>
                {CREDIT_POLICY_LABELS[p]}
              </option>
            )),
          )}
          {field('paymentTermsDays', 'Payment terms (days)', { hint: 'Days after the invoice it falls due; 0: on receipt' })}
          {select(
            'deliveryChargeRule',
            'Delivery charge',
            DELIVERY_CHARGE_RULES.map((r) => (
              <option key={r} value={r}>
                {DELIVERY_RULE_LABELS[r]}
              </option>
            )),
          )}
          {rule === 'flat' ? field('deliveryChargeCents', 'Delivery charge amount', { amount: true, required: true }) : null}
          <Controller
            control={control}
            name="taxExempt"
            render={({ field: f }) => (
              <FormControlLabel
                sx={{ alignSelf: 'center' }}
                control={<Checkbox checked={f.value} onChange={(ev) => f.onChange(ev.target.checked)} />}
                label="Tax exempt"
              />
            )}
          />
          <Box sx={full}>
            <NotesField register={register} message={e.notes?.message} />
          </Box>
        </Section>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', pb: 2 }}>{actions}</Box>
      </Stack>
    </>
  );
}

function NotesField({
  register,
  message,
}: {
  register: ReturnType<typeof useForm<RetailerFormValues>>['register'];
  message?: string;
}) {
  const { ref, ...rest } = register('notes');
  return (
    <TextField
      label="Notes"
      inputRef={ref}
      {...rest}
      multiline
      minRows={3}
      error={Boolean(message)}
      helperText={message ?? 'Seen by your office only'}
    />
  );
}

/** The routes already in use, offered as the route field's suggestions (a new one can be typed). */
function RouteList({ id, choices }: { id: string; choices: RetailerChoices | undefined }) {
  return (
    <datalist id={id}>
      {(choices?.routes ?? []).map((r) => (
        <option key={r} value={r} />
      ))}
    </datalist>
  );
}

/** The active reps, plus the store's own rep if it is no longer active (so the form does not drop it). */
function repOptions(choices: RetailerChoices | undefined, retailer: RetailerDetail | null) {
  const reps = choices?.salesReps ?? [];
  const own = retailer?.salesRep;
  return own && !reps.some((r) => r.id === own.id) ? [...reps, own] : reps;
}

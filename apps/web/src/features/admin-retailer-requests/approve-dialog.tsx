// "Approve request": the store's C_Number (the next free one suggested), route and stop, order day,
// price class, sales rep, minimum order and item limit. Approving creates the store and its sign-in;
// a C_Number in use (409) lands on its field, other refusals on a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { centsToDecimalString } from '@portal/shared/money/money';
import { ORDER_DAY_NAMES } from '@portal/shared/orders/order-day';
import type { ApproveRequestInput, RequestDetail } from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { Controller, useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { approveForm, type ApproveFormValues } from './approve-form';
import { REQUEST_APPROVE_FAILED, useApproveRetailerRequestMutation } from './retailer-requests.api';

const ORDER_DAYS = [
  { value: '0', label: 'None' },
  ...ORDER_DAY_NAMES.slice(1).map((name, i) => ({ value: String(i + 1), label: name })),
  { value: '8', label: 'Other' },
];
const PRICE_CLASSES = ['1', '2', '3', '4', '5'];
/** The server names the body's fields; the form names two of them differently. */
const FIELD_OF: Record<string, keyof ApproveFormValues> = {
  cNumber: 'cNumber',
  routeNumber: 'routeNumber',
  stopNumber: 'stopNumber',
  orderDay: 'orderDay',
  priceClass: 'priceClass',
  salesRepId: 'salesRepId',
  minOrderCents: 'minOrder',
  itemLimit: 'itemLimit',
};

export function ApproveDialog({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const [approve, state] = useApproveRetailerRequestMutation();
  const { register, control, handleSubmit, formState, setError } = useForm<ApproveFormValues, unknown, ApproveRequestInput>({
    resolver: zodResolver(approveForm),
    defaultValues: {
      cNumber: request.suggestedCNumber,
      routeNumber: '',
      stopNumber: '',
      orderDay: '0',
      priceClass: '1',
      salesRepId: '',
      // The distributor's defaults for new stores (Settings); the credit limit, not on this form, is
      // applied by the server.
      minOrder:
        request.newStoreDefaults.minOrderCents == null ? '' : centsToDecimalString(request.newStoreDefaults.minOrderCents),
      itemLimit: request.newStoreDefaults.itemLimit == null ? '' : String(request.newStoreDefaults.itemLimit),
    },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await approve({ id: request.id, ...body }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      let onField = false;
      for (const [name, message] of Object.entries(data.data?.error?.fields ?? {})) {
        const field = FIELD_OF[name];
        if (field) {
          setError(field, { message });
          onField = true;
        }
      }
      if (!onField) notify.error(errorMessage(err, REQUEST_APPROVE_FAILED));
    }
  });

  const text = (
    name: keyof ApproveFormValues,
    label: string,
    extra: { required?: boolean; helper?: string; mode?: 'decimal' } = {},
  ) => (
    <InputField
      label={label}
      required={extra.required}
      autoComplete="off"
      {...muiField(register(name))}
      error={Boolean(e[name])}
      helperText={e[name]?.message ?? extra.helper}
      htmlInput={extra.mode ? { inputMode: extra.mode } : undefined}
    />
  );
  const select = (name: 'orderDay' | 'priceClass' | 'salesRepId', label: string, options: { value: string; label: string }[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          {...field}
          error={Boolean(e[name])}
          helperText={e[name]?.message}
          slotProps={{
            inputLabel: { shrink: true },
            select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } },
          }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <FormModal
      title="Approve request"
      size="lg"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Approve and create store"
    >
      <Typography variant="body2" color="textSecondary">
        Creates the store {request.storeName} and its sign-in for {request.email}. The applicant is told by email and can order at
        once.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('cNumber', 'C_Number', { required: true, helper: `Suggested: ${request.suggestedCNumber}` })}
        {select('salesRepId', 'Sales rep', [
          { value: '', label: 'None' },
          ...request.salesReps.map((r) => ({ value: r.id, label: r.name })),
        ])}
        {text('routeNumber', 'Route')}
        {text('stopNumber', 'Stop')}
        {select('orderDay', 'Order day', ORDER_DAYS)}
        {select(
          'priceClass',
          'Price class',
          PRICE_CLASSES.map((c) => ({ value: c, label: `Price class ${c}` })),
        )}
        {text('minOrder', 'Minimum order ($)', { mode: 'decimal' })}
        {text('itemLimit', 'Item limit')}
      </Box>
    </FormModal>
  );
}

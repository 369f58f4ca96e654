// Record payment and Add credit or adjustment: each checked with the API's own body schema (shared), so
// the messages match the server's; the server's field messages land on the fields, its message on a toast.
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@portal/shared/money/money';
import {
  adjustmentBody,
  ADJUSTMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  paymentBody,
  type AdjustmentInput,
  type PaymentInput,
} from '@portal/shared/receivables/receivables.schemas';
import { Controller, useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { SAVE_FAILED, useRecordAdjustmentMutation, useRecordPaymentMutation } from './receivables.api';

export interface StoreRef {
  id: string;
  companyName: string;
  C_Number: string;
  balanceCents: number;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The server's field messages onto the form's fields; anything else is toasted. */
function showRefusal<T extends FieldValues>(err: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  const given = (err as { data?: { error?: { fields?: Record<string, string> } } })?.data?.error?.fields ?? {};
  let onField = false;
  for (const name of fields)
    if (given[name]) {
      setError(name, { message: given[name] });
      onField = true;
    }
  if (!onField) notify.error(errorMessage(err, SAVE_FAILED));
}

const KIND_LABELS = { credit: 'Credit (lowers the balance)', adjustment: 'Adjustment (+ raises, − lowers)' } as const;

export function PaymentDialog({ store, onClose }: { store: StoreRef; onClose: () => void }) {
  const [record, state] = useRecordPaymentMutation();
  const { register, handleSubmit, formState, setError, control } = useForm<PaymentInput>({
    resolver: zodResolver(paymentBody),
    defaultValues: { method: 'check', reference: '', paidOn: todayUtc(), note: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await record({ customerId: store.id, body }).unwrap();
      notify.success(`${answer.message}: balance now ${formatMoney(answer.data.balanceCents)}`);
      onClose();
    } catch (err) {
      showRefusal(err, ['amount', 'method', 'reference', 'paidOn', 'note'], setError);
    }
  });
  return (
    <FormModal
      title="Record payment"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Record payment"
    >
      <Typography variant="body2" color="textSecondary">
        {store.companyName} ({store.C_Number}) owes {formatMoney(store.balanceCents)}. A payment settles the oldest debt first.
      </Typography>
      <InputField
        label="Amount"
        required
        autoFocus
        htmlInput={{ inputMode: 'decimal', step: '0.01', min: '0', type: 'number' }}
        {...muiField(register('amount', { valueAsNumber: true }))}
        error={Boolean(e.amount)}
        helperText={e.amount?.message}
      />
      <Controller
        control={control}
        name="method"
        render={({ field }) => (
          <TextField select label="Method" required {...field} error={Boolean(e.method)} helperText={e.method?.message}>
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <InputField
        label="Reference"
        placeholder="Check number, transaction id"
        {...muiField(register('reference'))}
        error={Boolean(e.reference)}
        helperText={e.reference?.message}
      />
      <InputField
        label="Paid on"
        required
        htmlInput={{ type: 'date', max: todayUtc() }}
        {...muiField(register('paidOn'))}
        error={Boolean(e.paidOn)}
        helperText={e.paidOn?.message}
      />
      <InputField label="Note" {...muiField(register('note'))} error={Boolean(e.note)} helperText={e.note?.message} />
    </FormModal>
  );
}

export function AdjustmentDialog({ store, onClose }: { store: StoreRef; onClose: () => void }) {
  const [record, state] = useRecordAdjustmentMutation();
  const { register, handleSubmit, formState, setError, control } = useForm<AdjustmentInput>({
    resolver: zodResolver(adjustmentBody),
    defaultValues: { kind: 'credit', reason: '', reference: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await record({ customerId: store.id, body }).unwrap();
      notify.success(`${answer.message}: balance now ${formatMoney(answer.data.balanceCents)}`);
      onClose();
    } catch (err) {
      showRefusal(err, ['kind', 'amount', 'reason', 'reference'], setError);
    }
  });
  return (
    <FormModal
      title="Add credit or adjustment"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Save"
    >
      <Typography variant="body2" color="textSecondary">
        {store.companyName} ({store.C_Number}) owes {formatMoney(store.balanceCents)}.
      </Typography>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <TextField select label="Type" required {...field} error={Boolean(e.kind)} helperText={e.kind?.message}>
            {ADJUSTMENT_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <InputField
        label="Amount"
        required
        htmlInput={{ inputMode: 'decimal', step: '0.01', type: 'number' }}
        {...muiField(register('amount', { valueAsNumber: true }))}
        error={Boolean(e.amount)}
        helperText={e.amount?.message}
      />
      <InputField
        label="Reason"
        required
        {...muiField(register('reason'))}
        error={Boolean(e.reason)}
        helperText={e.reason?.message}
      />
      <InputField
        label="Reference"
        {...muiField(register('reference'))}
        error={Boolean(e.reference)}
        helperText={e.reference?.message}
      />
    </FormModal>
  );
}

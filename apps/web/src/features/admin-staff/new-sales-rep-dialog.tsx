// A new sales rep: name, e-mail or phone to sign in with, an optional code (blank: the next SRnn) and its
// sales role (whose grants are its modules). The rep receives a one-time code to sign in with.
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { createSalesRepBody, type CreateSalesRepBody, type SalesModule, type SalesRep } from '@portal/shared/staff/staff.schemas';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { INVITE_FAILED, useCreateSalesRepMutation, useGetSalesRepChoicesQuery } from './admin-staff.api';
import { fieldErrors } from './staff-bits';

/** What each sales module shows the rep. */
export const MODULE_HINTS: Record<SalesModule, string> = {
  'Account Receivable': "The customers' balances and statements",
  'Promo & Discounts': 'The running promotions',
  'Track Login Devices': 'Their own signed-in devices',
};

export function NewSalesRepDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (rep: SalesRep) => void }) {
  const [create, state] = useCreateSalesRepMutation();
  const choices = useGetSalesRepChoicesQuery();
  const roles = choices.data?.roles ?? [];
  const { register, handleSubmit, formState, setError } = useForm<CreateSalesRepBody>({
    resolver: zodResolver(createSalesRepBody),
    defaultValues: { name: '', emailPhone: '', code: '', roleId: '' },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await create(body).unwrap();
      notify.success(answer.message);
      onCreated(answer.data);
    } catch (err) {
      const { status, fields } = fieldErrors(err);
      let onField = false;
      for (const name of ['name', 'emailPhone', 'code', 'roleId'] as const)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      if (status === 409 && !onField) {
        setError('emailPhone', { message: errorMessage(err, INVITE_FAILED) });
        onField = true;
      }
      if (!onField) notify.error(errorMessage(err, INVITE_FAILED));
    }
  });
  return (
    <FormModal
      title="New sales rep"
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={state.isLoading}
      submitLabel="Create and invite"
    >
      <Typography variant="body2" color="textSecondary">
        The rep receives a one-time code to sign in with, and can then set a password with “Forgot password”.
      </Typography>
      <InputField
        label="Name"
        required
        autoFocus
        {...muiField(register('name'))}
        error={Boolean(e.name)}
        helperText={e.name?.message}
      />
      <InputField
        label="Email or phone number"
        required
        autoComplete="off"
        {...muiField(register('emailPhone'))}
        error={Boolean(e.emailPhone)}
        helperText={e.emailPhone?.message}
      />
      <InputField
        label="Code"
        autoComplete="off"
        {...muiField(register('code'))}
        error={Boolean(e.code)}
        helperText={e.code?.message ?? 'Leave blank for the next free code (SR04, SR05, …)'}
      />
      <TextField
        select
        label="Sales role"
        {...muiField(register('roleId'))}
        error={Boolean(e.roleId)}
        helperText={e.roleId?.message ?? 'Its modules are the optional items of the rep’s menu'}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{roles[0] ? `Default (${roles[0].name})` : 'No sales role yet'}</option>
        {roles.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </TextField>
    </FormModal>
  );
}

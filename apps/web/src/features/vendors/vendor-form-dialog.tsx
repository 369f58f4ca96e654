// "New vendor" and "Edit vendor": name, contact, email and phone, checked with the API's own schema;
// the server's field messages (and a duplicate name) land on the fields, its message on the toast.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { InputField } from '../../components/input-field';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { VENDOR_SAVE_FAILED, useCreateVendorMutation, useUpdateVendorMutation } from './vendors.api';
import { vendorForm, type VendorFormValues } from './vendor-form';
import type { VendorRow } from './vendors.types';

const FIELDS = ['name', 'contactName', 'email', 'phone'] as const;

const toValues = (v: VendorRow | null): VendorFormValues => ({
  name: v?.name ?? '',
  contactName: v?.contactName ?? '',
  email: v?.email ?? '',
  phone: v?.phone ?? '',
});

/** `vendor` null: a new vendor. Mounted per opening (keyed by the caller), so it starts from `vendor`. */
export function VendorFormDialog({ vendor, onClose }: { vendor: VendorRow | null; onClose: () => void }) {
  const [create, created] = useCreateVendorMutation();
  const [update, updated] = useUpdateVendorMutation();
  const busy = created.isLoading || updated.isLoading;
  const { register, handleSubmit, formState, setError } = useForm<VendorFormValues>({
    resolver: zodResolver(vendorForm),
    defaultValues: toValues(vendor),
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const body = vendorBodyOf(values);
    try {
      const answer = vendor ? await update({ id: vendor.id, ...body }).unwrap() : await create(body).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const data = (err as { status?: unknown; data?: { error?: { fields?: Record<string, string> } } }) ?? {};
      const fields = data.data?.error?.fields ?? {};
      let onField = false;
      for (const name of FIELDS)
        if (fields[name]) {
          setError(name, { message: fields[name] });
          onField = true;
        }
      // A duplicate name (409) is about the name field.
      if (data.status === 409) {
        setError('name', { message: errorMessage(err, VENDOR_SAVE_FAILED) });
        onField = true;
      }
      // The fields say it already; anything else (network, server) is toasted.
      if (!onField) notify.error(errorMessage(err, VENDOR_SAVE_FAILED));
    }
  });

  return (
    <FormModal
      title={vendor ? 'Edit vendor' : 'New vendor'}
      onClose={onClose}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={busy}
      submitLabel={vendor ? 'Save' : 'Create vendor'}
    >
      <InputField
        label="Name"
        required
        autoFocus
        {...muiField(register('name'))}
        error={Boolean(e.name)}
        helperText={e.name?.message}
      />
      <InputField
        label="Contact name"
        {...muiField(register('contactName'))}
        error={Boolean(e.contactName)}
        helperText={e.contactName?.message}
      />
      <InputField
        label="Email"
        type="email"
        autoComplete="off"
        {...muiField(register('email'))}
        error={Boolean(e.email)}
        helperText={e.email?.message}
      />
      <InputField
        label="Phone"
        type="tel"
        autoComplete="off"
        {...muiField(register('phone'))}
        error={Boolean(e.phone)}
        helperText={e.phone?.message}
      />
    </FormModal>
  );
}

/** The API body: blank optional fields are sent as null, so an edit can clear them. */
function vendorBodyOf(values: VendorFormValues) {
  const text = (v: string | null | undefined) => v?.trim() || null;
  return {
    name: values.name.trim(),
    contactName: text(values.contactName),
    email: text(values.email),
    phone: text(values.phone),
  };
}

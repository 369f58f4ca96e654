// The contact form of /contact-us and /retailer/contact: the shared field rules, sent through the
// form submission store (its submitting flag drives the button; the toasts are spec §4's texts).
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { CONTACT_MESSAGE_MAX, contactRequestBody, type ContactRequestBody } from '@portal/shared/contact/contact.schemas';
import { useForm, useWatch } from 'react-hook-form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { FORM_SUBMIT_FAILED, FORM_SUBMITTED, submitForm } from '../form-submission/form-submission.slice';

export type ContactFormValues = Required<ContactRequestBody>;

export function ContactForm({
  form,
  defaults,
  withStoreName,
  keepAfterSend,
}: {
  /** The form's name in the form submission store (PUBLIC_CONTACT_FORM or RETAILER_CONTACT_FORM). */
  form: string;
  defaults: ContactFormValues;
  /** Shows the optional store name field (the public form; a retailer's store comes from its account). */
  withStoreName: boolean;
  /** After sending, only the message is cleared (the prefilled sender details stay). */
  keepAfterSend: boolean;
}) {
  const dispatch = useAppDispatch();
  const submitting = useAppSelector((s) => s.formSubmission.submitting);
  const { register, handleSubmit, formState, reset, getValues, control } = useForm({
    resolver: zodResolver(contactRequestBody),
    defaultValues: defaults,
  });
  const errors = formState.errors;
  const messageLength = useWatch({ control, name: 'message' }).length;

  const onSubmit = handleSubmit(async (values) => {
    const result = await dispatch(submitForm({ form, ...values }));
    if (submitForm.fulfilled.match(result)) {
      notify.success(FORM_SUBMITTED);
      reset(keepAfterSend ? { ...getValues(), message: '' } : defaults);
    } else {
      notify.error(result.payload ?? FORM_SUBMIT_FAILED);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Contact form"
      onSubmit={(e) => void onSubmit(e)}
      sx={{ display: 'grid', gap: 2 }}
    >
      <TextField
        label="Your name"
        autoComplete="name"
        {...muiField(register('name'))}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      {withStoreName && (
        <TextField
          label="Store name (optional)"
          autoComplete="organization"
          {...muiField(register('storeName'))}
          error={Boolean(errors.storeName)}
          helperText={errors.storeName?.message}
        />
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...muiField(register('email'))}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...muiField(register('phone'))}
          error={Boolean(errors.phone)}
          helperText={errors.phone?.message}
        />
      </Box>
      <TextField
        label="Message"
        multiline
        minRows={5}
        {...muiField(register('message'))}
        error={Boolean(errors.message)}
        helperText={errors.message?.message ?? `${messageLength} / ${CONTACT_MESSAGE_MAX}`}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={submitting}
        sx={{ justifySelf: { sm: 'start' }, minWidth: 180 }}
      >
        Send message
      </Button>
    </Box>
  );
}

// /contact-us: contact request form. No API takes these yet, so it uses the spec §4 form-submit action
// (waits 1 s, returns its input, kept in the form submission store).
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import { FORM_SUBMIT_FAILED, FORM_SUBMITTED, submitForm } from '../form-submission/form-submission.slice';
import { contactForm } from './contact.schema';

const EMPTY = { name: '', storeName: '', email: '', phone: '', message: '' };

export function ContactPage() {
  const dispatch = useAppDispatch();
  const submitting = useAppSelector((s) => s.formSubmission.submitting);
  const { register, handleSubmit, formState, reset } = useForm({ resolver: zodResolver(contactForm), defaultValues: EMPTY });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const result = await dispatch(submitForm({ form: 'contact', ...values }));
    if (submitForm.fulfilled.match(result)) {
      notify.success(FORM_SUBMITTED);
      reset(EMPTY);
    } else {
      notify.error(result.payload ?? FORM_SUBMIT_FAILED);
    }
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <PageTitle title="Contact Us" subtitle="Questions about an account, an order or becoming a customer? Send us a message." />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }}>
          <TextField
            label="Your name"
            autoComplete="name"
            {...muiField(register('name'))}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            label="Store name (optional)"
            autoComplete="organization"
            {...muiField(register('storeName'))}
            error={Boolean(errors.storeName)}
            helperText={errors.storeName?.message}
          />
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
          <TextField
            label="Message"
            multiline
            minRows={4}
            {...muiField(register('message'))}
            error={Boolean(errors.message)}
            helperText={errors.message?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            Send message
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}

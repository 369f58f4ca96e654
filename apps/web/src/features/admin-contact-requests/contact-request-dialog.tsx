// One contact request: the whole message and who sent it, and what staff do with a new one: mark it
// handled, convert it into a sign-up request through the sign-up form (prefilled from the message and
// checked with the retailer-requests form's own rules), or, for a store's message, convert it into a
// support ticket of that store (subject and category).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@portal/shared/contact/phone';
import {
  CONTACT_REQUEST_STATUS_LABELS,
  contactTicketBody,
  type ContactRequestRow,
  type ContactTicketBody,
} from '@portal/shared/contact/contact-requests.schemas';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_SUBJECT_MAX,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import {
  retailerRequestBody,
  type RetailerRequestBody,
  type RetailerRequestInput,
} from '@portal/shared/retailer-requests/retailer-requests.schemas';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { AppModal } from '../../components/app-modal';
import { FormModal } from '../../components/form-modal';
import { errorMessage } from '../../lib/api';
import { shortDate } from '../../lib/format';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  CONTACT_REQUEST_ACTION_FAILED,
  useConvertContactRequestMutation,
  useConvertContactRequestToTicketMutation,
  useMarkContactRequestHandledMutation,
} from './contact-requests.api';

const FIELDS = ['storeName', 'ownerName', 'email', 'phone', 'address', 'city', 'state', 'zip', 'notes'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  storeName: 'Store name',
  ownerName: 'Owner name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  notes: 'Notes',
};

export function ContactRequestDialog({
  request,
  canReview,
  canConvert,
  onClose,
}: {
  request: ContactRequestRow;
  canReview: boolean;
  canConvert: boolean;
  onClose: () => void;
}) {
  const [converting, setConverting] = useState<'signup' | 'ticket' | null>(null);
  const [markHandled, handled] = useMarkContactRequestHandledMutation();
  const isNew = request.status === 'new';

  if (converting === 'signup') return <ConvertForm request={request} onClose={onClose} onBack={() => setConverting(null)} />;
  if (converting === 'ticket') return <TicketForm request={request} onClose={onClose} onBack={() => setConverting(null)} />;

  const handle = async () => {
    try {
      const answer = await markHandled(request.id).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, CONTACT_REQUEST_ACTION_FAILED));
    }
  };

  return (
    <AppModal
      open
      onClose={onClose}
      title={`Message from ${request.name}`}
      size="md"
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          {canReview && isNew && request.source === 'store' ? (
            <Button variant="outlined" onClick={() => setConverting('ticket')}>
              Convert to ticket
            </Button>
          ) : null}
          {canReview && isNew && canConvert && request.source === 'public' ? (
            <Button variant="outlined" onClick={() => setConverting('signup')}>
              Convert to sign-up request
            </Button>
          ) : null}
          {canReview && isNew ? (
            <Button variant="contained" loading={handled.isLoading} onClick={() => void handle()}>
              Mark handled
            </Button>
          ) : null}
        </>
      }
    >
      <Stack spacing={1.5}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          {(
            [
              ['Received', shortDate(request.createdAt)],
              ['From', request.source === 'store' ? `Store ${request.store?.C_Number ?? ''}` : 'Contact us form'],
              ['Store', request.storeName ?? '-'],
              ['Email', request.email],
              ['Phone', formatPhone(request.phone) ?? request.phone ?? '-'],
              ['Status', CONTACT_REQUEST_STATUS_LABELS[request.status]],
            ] as const
          ).map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="textSecondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}
        >
          {request.message}
        </Typography>
        {request.handledBy ? (
          <Typography variant="body2" color="textSecondary">
            {CONTACT_REQUEST_STATUS_LABELS[request.status]} by {request.handledBy.name}
            {request.handledAt ? ` on ${shortDate(request.handledAt)}` : ''}
            {request.ticketId ? (
              <>
                {' · '}
                <RouterLink to={`/admin/support-tickets/${encodeURIComponent(request.ticketId)}`}>Open the ticket</RouterLink>
              </>
            ) : null}
            {request.retailerRequestId ? (
              <>
                {' · '}
                <RouterLink to={`/admin/retailer-requests/view/${encodeURIComponent(request.retailerRequestId)}`}>
                  Open the sign-up request
                </RouterLink>
              </>
            ) : null}
          </Typography>
        ) : null}
        {canReview && isNew && !canConvert && request.source === 'public' ? (
          <Alert severity="info">Converting into a sign-up request needs the Retailer Requests add permission.</Alert>
        ) : null}
      </Stack>
    </AppModal>
  );
}

function ConvertForm({ request, onClose, onBack }: { request: ContactRequestRow; onClose: () => void; onBack: () => void }) {
  const [convert, { isLoading }] = useConvertContactRequestMutation();
  const { register, handleSubmit, formState, setError } = useForm<RetailerRequestBody, unknown, RetailerRequestInput>({
    resolver: zodResolver(retailerRequestBody),
    defaultValues: {
      storeName: request.storeName ?? '',
      ownerName: request.name,
      email: request.email,
      phone: request.phone ?? '',
      address: '',
      city: '',
      state: '',
      zip: '',
      notes: `From a contact request: ${request.message}`.slice(0, 2000),
    },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await convert({ id: request.id, body: values }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const name of FIELDS) if (fields[name]) setError(name, { message: fields[name] });
      notify.error(errorMessage(err, CONTACT_REQUEST_ACTION_FAILED));
    }
  });
  return (
    <FormModal
      title="Convert to sign-up request"
      onClose={onBack}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={isLoading}
      submitLabel="Create sign-up request"
      size="md"
      fullHeight
    >
      {FIELDS.map((name) => (
        <TextField
          key={name}
          label={LABELS[name]}
          {...muiField(register(name))}
          required={['storeName', 'ownerName', 'email', 'phone'].includes(name)}
          multiline={name === 'notes'}
          minRows={name === 'notes' ? 3 : undefined}
          error={Boolean(e[name])}
          helperText={e[name]?.message}
        />
      ))}
    </FormModal>
  );
}

function TicketForm({ request, onClose, onBack }: { request: ContactRequestRow; onClose: () => void; onBack: () => void }) {
  const [convert, { isLoading }] = useConvertContactRequestToTicketMutation();
  const { register, control, handleSubmit, formState, setError } = useForm<ContactTicketBody>({
    resolver: zodResolver(contactTicketBody),
    defaultValues: {
      subject: `Message from ${request.storeName ?? request.name}`.slice(0, TICKET_SUBJECT_MAX),
      category: 'other',
    },
  });
  const e = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await convert({ id: request.id, body: values }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      for (const name of ['subject', 'category'] as const) if (fields[name]) setError(name, { message: fields[name] });
      notify.error(errorMessage(err, CONTACT_REQUEST_ACTION_FAILED));
    }
  });
  return (
    <FormModal
      title="Convert to ticket"
      onClose={onBack}
      onSubmit={(ev) => void onSubmit(ev)}
      busy={isLoading}
      submitLabel="Open ticket"
    >
      <Typography variant="body2" color="textSecondary">
        The message becomes the ticket&apos;s first message, from {request.name} of store {request.store?.C_Number ?? ''}.
      </Typography>
      <TextField
        label="Subject"
        required
        {...muiField(register('subject'))}
        error={Boolean(e.subject)}
        helperText={e.subject?.message}
      />
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <TextField select label="Category" {...field} error={Boolean(e.category)} helperText={e.category?.message}>
            {TICKET_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {TICKET_CATEGORY_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormModal>
  );
}

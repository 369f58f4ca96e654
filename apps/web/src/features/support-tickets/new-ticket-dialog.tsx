// "New ticket": subject, category, message and files (the shared schema's rules, its messages on the
// fields); on success the new ticket's thread opens.
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  newTicketBody,
  type NewTicketBody,
  type TicketAttachment,
  type TicketDetail,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormModal } from '../../components/form-modal';
import { AttachmentPicker } from '../../components/support-thread/attachment-picker';
import { errorMessage } from '../../lib/api';
import { muiField } from '../../lib/form';
import { notify } from '../../lib/notify';
import {
  TICKET_SEND_FAILED,
  scopeHeaders,
  ticketsBase,
  useOpenStoreTicketMutation,
  type TicketScope,
} from './support-tickets.api';

type Fields = Omit<NewTicketBody, 'attachmentIds'>;
const formSchema = newTicketBody.omit({ attachmentIds: true });

export function NewTicketDialog({
  scope,
  onClose,
  onOpened,
}: {
  scope: TicketScope;
  onClose: () => void;
  onOpened: (ticket: TicketDetail) => void;
}) {
  const [open, state] = useOpenStoreTicketMutation();
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, formState, setError, control } = useForm<Fields>({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: '', category: '' as Fields['category'], message: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (uploading) return;
    try {
      const answer = await open({ scope, body: { ...values, attachmentIds: files.map((f) => f.id) } }).unwrap();
      notify.success(answer.message);
      onOpened(answer.data);
    } catch (err) {
      const fields = (err as { data?: { error?: { fields?: Record<string, string> } } }).data?.error?.fields ?? {};
      let shown = false;
      for (const name of ['subject', 'category', 'message'] as const) {
        if (fields[name]) {
          setError(name, { message: fields[name] });
          shown = true;
        }
      }
      if (!shown) notify.error(errorMessage(err, TICKET_SEND_FAILED));
    }
  });
  return (
    <FormModal
      title="New ticket"
      submitLabel="Send ticket"
      busy={state.isLoading || uploading}
      onClose={onClose}
      onSubmit={(ev) => void submit(ev)}
      size="md"
    >
      <TextField
        label="Subject"
        required
        autoFocus
        {...muiField(register('subject'))}
        error={Boolean(formState.errors.subject)}
        helperText={formState.errors.subject?.message ?? `Up to ${TICKET_SUBJECT_MAX} characters`}
      />
      <Controller
        control={control}
        name="category"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Category"
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? 'Choose a category' : ' '}
          >
            {TICKET_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {TICKET_CATEGORY_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={4}
        {...muiField(register('message'))}
        error={Boolean(formState.errors.message)}
        helperText={formState.errors.message?.message ?? `Up to ${TICKET_MESSAGE_MAX} characters`}
      />
      <AttachmentPicker
        uploadPath={`${ticketsBase(scope)}/attachments`}
        headers={scopeHeaders(scope)}
        value={files}
        onChange={setFiles}
        onUploadingChange={setUploading}
        disabled={state.isLoading}
      />
    </FormModal>
  );
}

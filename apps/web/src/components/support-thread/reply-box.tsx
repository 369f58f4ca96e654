// The reply under a ticket's thread: the message (the shared schema's rules) and its files. `extra`
// holds the side's own controls (the office's status after the reply); `onSend` answers with the
// server's refusal message, shown on the field, or nothing when the reply went.
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  TICKET_MESSAGE_MAX,
  storeReplyBody,
  type StoreReplyBody,
  type TicketAttachment,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { muiField } from '../../lib/form';
import { AttachmentPicker } from './attachment-picker';

export interface ReplyBoxProps {
  uploadPath: string;
  headers: Record<string, string>;
  onSend: (reply: { message: string; attachmentIds: string[] }) => Promise<string | null>;
  busy: boolean;
  extra?: ReactNode;
  label?: string;
}

export function ReplyBox({ uploadPath, headers, onSend, busy, extra, label = 'Your reply' }: ReplyBoxProps) {
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm<StoreReplyBody>({
    resolver: zodResolver(storeReplyBody),
    defaultValues: { message: '', attachmentIds: [] },
  });
  const submit = handleSubmit(async ({ message }) => {
    const refusal = await onSend({ message: message.trim(), attachmentIds: files.map((f) => f.id) });
    if (refusal) setError('message', { message: refusal });
    else {
      reset();
      setFiles([]);
    }
  });
  return (
    <Stack component="form" noValidate spacing={1.5} aria-label={label} onSubmit={(ev) => void submit(ev)}>
      <TextField
        label={label}
        multiline
        minRows={3}
        required
        {...muiField(register('message'))}
        error={Boolean(formState.errors.message)}
        helperText={formState.errors.message?.message ?? `Up to ${TICKET_MESSAGE_MAX} characters`}
      />
      <AttachmentPicker
        uploadPath={uploadPath}
        headers={headers}
        value={files}
        onChange={setFiles}
        onUploadingChange={setUploading}
        disabled={busy}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'flex-end' }}
      >
        {extra}
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={busy || uploading}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Send reply
        </Button>
      </Stack>
    </Stack>
  );
}

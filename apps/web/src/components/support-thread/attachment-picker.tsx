// Files for the next message of a ticket: each is uploaded as soon as it is picked (the server judges its
// bytes; the type and size shown here only spare a wasted upload), listed with a remove button, and the
// uploaded files' ids go with the message. At most ATTACHMENTS_PER_MESSAGE.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  TICKET_MESSAGES,
  formatBytes,
  type TicketAttachment,
} from '@portal/shared/support-tickets/support-tickets.schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadPrivateFile, type PrivateUpload } from '../../lib/private-files';

export interface AttachmentPickerProps {
  /** The API path files are uploaded to, and the headers the area's calls carry. */
  uploadPath: string;
  headers: Record<string, string>;
  value: readonly TicketAttachment[];
  onChange: (files: TicketAttachment[]) => void;
  /** Told while a file is on its way, so the message waits for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** Why a picked file will not be accepted, before sending it; null when it may be tried. */
export function pickedFileProblem(file: { type: string; size: number }): string | null {
  if (!(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) return TICKET_MESSAGES.wrongType;
  if (file.size > ATTACHMENT_MAX_BYTES) return TICKET_MESSAGES.tooLarge;
  return null;
}

export function AttachmentPicker({ uploadPath, headers, value, onChange, onUploadingChange, disabled }: AttachmentPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = useRef<PrivateUpload<TicketAttachment> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = ''; // the same file can be picked again after a refusal
    if (!file) return;
    const refusal = pickedFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    const upload = uploadPrivateFile<TicketAttachment>(uploadPath, file, headers, setProgress);
    current.current = upload;
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const saved = await upload.done;
      onChange([...value, saved]);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      if (current.current === upload) current.current = null;
      setProgress(null);
      onUploadingChange?.(false);
    }
  }

  const full = value.length >= ATTACHMENTS_PER_MESSAGE;
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          size="small"
          variant="text"
          startIcon={<AttachFileIcon />}
          disabled={disabled || full || progress !== null}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-help`}
        >
          Attach file
        </Button>
        {value.map((f) => (
          <Chip
            key={f.id}
            size="small"
            label={`${f.fileName} (${formatBytes(f.bytes)})`}
            onDelete={disabled ? undefined : () => onChange(value.filter((x) => x.id !== f.id))}
            sx={{ maxWidth: '100%' }}
          />
        ))}
      </Stack>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        hidden
        aria-label="Attach file"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label="Uploading" />}
      <FormHelperText id={`${id}-help`} error={Boolean(problem)}>
        {problem ?? `Images or PDF, up to 5 MB each, ${ATTACHMENTS_PER_MESSAGE} per message`}
      </FormHelperText>
    </Box>
  );
}

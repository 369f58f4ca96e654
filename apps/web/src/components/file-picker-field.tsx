// File field with a File Preview dialog and the size rules of spec §5: an oversized file is refused
// with "File size must be {n}MB or less", the input is cleared and the selection reported empty.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { fileKind, fileSizeError } from '@portal/shared/layout/file-rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { AppModal } from './app-modal';

export function FilePickerField({
  label,
  accept,
  value,
  onChange,
  error,
}: {
  label: string;
  accept?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const url = useMemo(() => (value && fileKind(value) !== 'other' ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  function pick(file: File | undefined) {
    if (!file) return;
    const problem = fileSizeError(file);
    setSizeError(problem);
    if (problem) {
      if (input.current) input.current.value = '';
      onChange(null);
      return;
    }
    onChange(file);
  }

  const message = sizeError ?? error;
  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          Choose file
        </Button>
        <Typography
          variant="body2"
          color="textSecondary"
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {value ? value.name : 'No file chosen'}
        </Typography>
        {value ? (
          <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setPreviewOpen(true)}>
            Preview
          </Button>
        ) : null}
      </Box>
      <input
        id={id}
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="file-input"
        onChange={(e) => pick(e.target.files?.[0])}
      />
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
      <AppModal open={previewOpen} onClose={() => setPreviewOpen(false)} title="File Preview" size="lg">
        {value && url && fileKind(value) === 'image' ? (
          <Box
            component="img"
            src={url}
            alt={value.name}
            sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }}
          />
        ) : null}
        {value && url && fileKind(value) === 'video' ? (
          <Box component="video" src={url} controls sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }} />
        ) : null}
        {value ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {value.name} · {(value.size / 1024).toFixed(1)} KB
          </Typography>
        ) : null}
      </AppModal>
    </Box>
  );
}

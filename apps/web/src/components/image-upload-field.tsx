// An image field that uploads as soon as a file is picked (POST /api/admin/media/images) and holds the
// stored image's URL: preview with the spec's File Preview dialog, upload progress, and the refusal's
// text (the size rule of spec §5 is checked before sending; the server judges the bytes). Used by the
// office's lazily loaded screens only (it must stay out of the /login chunk).
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { fileSizeError } from '@portal/shared/layout/file-rules';
import { IMAGE_CONTENT_TYPES, MEDIA_MESSAGES, thumbnailUrlOf, type UploadedImage } from '@portal/shared/media/media.schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadImage, type ImageUpload } from '../lib/upload-image';
import { AppModal } from './app-modal';

const PREVIEW_PX = 120;

export interface ImageUploadFieldProps {
  label: string;
  /** The stored image's URL (`/media/<key>` after an upload, or any image URL already on the record). */
  value: string | null;
  /** The new URL after a successful upload (with what the server answered), or null after Remove. */
  onChange: (url: string | null, image?: UploadedImage) => void;
  /** A form's own message for the field (e.g. from its zod schema). */
  error?: string;
  disabled?: boolean;
  /** Where the file is sent (the upload route of the screen's own permission); the product images' by default. */
  uploadUrl?: string;
}

export function ImageUploadField({ label, value, onChange, error, disabled, uploadUrl }: ImageUploadFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = useRef<ImageUpload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => () => current.current?.abort(), []);
  useEffect(() => () => (localUrl ? URL.revokeObjectURL(localUrl) : undefined), [localUrl]);

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = ''; // the same file can be picked again after a refusal
    if (!file) return;
    const refusal = !(IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type)
      ? MEDIA_MESSAGES.notAnImage
      : fileSizeError(file);
    setProblem(refusal);
    if (refusal) return;
    current.current?.abort();
    setLocalUrl(URL.createObjectURL(file));
    setProgress(0);
    const upload = uploadImage(file, setProgress, uploadUrl);
    current.current = upload;
    try {
      const image = await upload.done;
      onChange(image.url, image);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      if (current.current === upload) {
        current.current = null;
        setProgress(null);
        setLocalUrl(null);
      }
    }
  }

  const uploading = progress !== null;
  const shown = uploading ? localUrl : value;
  const thumbnail = shown && !uploading ? (thumbnailUrlOf(shown) ?? shown) : shown;
  const message = problem ?? error;

  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <ButtonBase
          aria-label={shown ? `Preview ${label}` : `No ${label} yet`}
          disabled={!shown || uploading}
          onClick={() => setPreviewOpen(true)}
          sx={{
            width: PREVIEW_PX,
            height: PREVIEW_PX,
            borderRadius: 1,
            border: 1,
            borderColor: message ? 'error.main' : 'divider',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            flexShrink: 0,
          }}
        >
          {thumbnail ? (
            <Box
              component="img"
              src={thumbnail}
              alt={label}
              sx={{ width: '100%', height: '100%', objectFit: 'contain', opacity: uploading ? 0.5 : 1 }}
            />
          ) : (
            <AddPhotoAlternateIcon color="disabled" fontSize="large" />
          )}
        </ButtonBase>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 160, flex: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<AddPhotoAlternateIcon />}
              disabled={disabled || uploading}
              onClick={() => input.current?.click()}
            >
              {value ? 'Replace image' : 'Choose image'}
            </Button>
            {value && !uploading ? (
              <Button
                color="error"
                startIcon={<DeleteOutlinedIcon />}
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            ) : null}
          </Box>
          {uploading ? (
            <Box role="status" aria-live="polite">
              <LinearProgress variant="determinate" value={progress} aria-label={`Uploading ${label}`} />
              <Typography variant="caption" color="textSecondary">
                Uploading… {progress}%
              </Typography>
            </Box>
          ) : (
            <Typography variant="caption" color="textSecondary">
              JPEG, PNG, WebP or GIF, up to 5 MB
            </Typography>
          )}
        </Box>
      </Box>
      <input
        id={id}
        ref={input}
        type="file"
        accept={IMAGE_CONTENT_TYPES.join(',')}
        hidden
        data-testid="image-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      {message ? <FormHelperText error>{message}</FormHelperText> : null}
      <AppModal open={previewOpen} onClose={() => setPreviewOpen(false)} title="File Preview" size="lg">
        {value ? (
          <Box
            component="img"
            src={value}
            alt={label}
            sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', mx: 'auto' }}
          />
        ) : null}
      </AppModal>
    </Box>
  );
}

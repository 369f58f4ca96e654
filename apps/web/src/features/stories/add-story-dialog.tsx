// The Add Story dialog (spec §2, §4 Story dialog, §5 story form): caption, media upload with preview and
// upload progress, optional schedule, audience (components/audience-picker.tsx: all stores, routes, order
// days or chosen stores) and link to a product or promotion, Cancel and Create Story (disabled until a
// file is picked; reads Creating... while sending); after a success it closes about 2 s later (spec §9).
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CAPTION_MAX,
  STORY_DIALOG_CLOSE_MS,
  STORY_IMAGE_EXTENSIONS,
  STORY_MESSAGES,
  STORY_VIDEO_EXTENSIONS,
  storyFileProblem,
  storyMediaTypeOf,
} from '@portal/shared/stories/stories.schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { AudiencePicker, type AudienceType } from '../../components/audience-picker';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../lib/notify';
import { storiesApi } from './stories.api';
import { StoryLinkPicker, type StoryLink } from './story-link-picker';
import { uploadStory, type StoryUpload } from './story-upload';

const ACCEPT = [...STORY_IMAGE_EXTENSIONS, ...STORY_VIDEO_EXTENSIONS].map((e) => `.${e}`).join(',');
export { ORDER_DAY_LABELS } from '../../components/audience-picker';
type Phase = 'idle' | 'submitting' | 'done';

/** A datetime-local value (the browser's local time) as ISO-8601 UTC, or '' when empty. */
const localToIso = (value: string) => (value ? new Date(value).toISOString() : '');

export function AddStoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<StoryUpload | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [audience, setAudience] = useState<{ type: AudienceType; values: string[] }>({ type: 'all', values: [] });
  const [link, setLink] = useState<StoryLink>({ kind: 'none', id: null });
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const mediaType = file ? storyMediaTypeOf(file.name) : null;

  // The dialog closes about 2 s after a success (spec §4, §9).
  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(onClose, STORY_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);
  useEffect(() => () => upload.current?.abort(), []);

  function pick(picked: File | undefined) {
    if (!picked) return;
    const problem = storyFileProblem(picked);
    setFileError(problem);
    setFailure(null);
    if (problem) {
      if (input.current) input.current.value = '';
      setFile(null);
      return;
    }
    setFile(picked);
  }

  const endsBeforeStart = Boolean(startsAt && endsAt && endsAt <= startsAt);
  const audienceMissing = audience.type !== 'all' && audience.values.length === 0;
  const linkMissing = link.kind !== 'none' && !link.id;

  async function submit() {
    if (!file || !mediaType) {
      setFileError(STORY_MESSAGES.noFile);
      return;
    }
    setTriedSubmit(true);
    if (endsBeforeStart || audienceMissing || linkMissing) return;
    const fields: Record<string, string> = { mediaType, caption: caption.trim() };
    if (startsAt) fields.startsAt = localToIso(startsAt);
    if (endsAt) fields.endsAt = localToIso(endsAt);
    if (audience.type !== 'all') {
      fields.audienceType = audience.type;
      fields.audienceValues = audience.values.join(',');
    }
    if (link.kind === 'product' && link.id) fields.productId = link.id;
    if (link.kind === 'promotion' && link.id) fields.promotionId = link.id;
    setPhase('submitting');
    setFailure(null);
    setProgress(0);
    upload.current = uploadStory(fields, file, setProgress);
    try {
      const { message } = await upload.current.done;
      notify.success(message);
      dispatch(storiesApi.util.invalidateTags([{ type: 'Stories', id: 'office' }]));
      setPhase('done');
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const message = (err as Error).message || STORY_MESSAGES.createFailedOuter;
      notify.error(message);
      setFailure(message);
      setPhase('idle');
    }
  }

  const busy = phase !== 'idle';
  return (
    <AppModal
      open={open}
      onClose={() => (phase === 'submitting' ? undefined : onClose())}
      title="Add Story"
      size="md"
      actions={
        <>
          <Button onClick={onClose} disabled={phase === 'submitting'}>
            Cancel
          </Button>
          <Button variant="contained" disabled={!file || busy} onClick={() => void submit()}>
            {phase === 'submitting' ? 'Creating...' : 'Create Story'}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }} component="form" aria-label="Add Story" noValidate onSubmit={(e) => e.preventDefault()}>
        {phase === 'done' ? <Alert severity="success">{STORY_MESSAGES.created}</Alert> : null}
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <TextField
          label="Caption"
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
          multiline
          minRows={2}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: CAPTION_MAX } }}
          helperText={`${caption.length}/${CAPTION_MAX}`}
        />
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
            Media
          </Typography>
          {file && preview ? (
            <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <Box
                sx={{
                  bgcolor: '#000',
                  borderRadius: 1,
                  height: 220,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  overflow: 'hidden',
                }}
              >
                {mediaType === 'video' ? (
                  <Box
                    component="video"
                    src={preview}
                    controls
                    muted
                    sx={{ maxWidth: '100%', maxHeight: '100%' }}
                    aria-label="Preview"
                  />
                ) : (
                  <Box
                    component="img"
                    src={preview}
                    alt="Preview"
                    sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                  />
                )}
              </Box>
              <Stack direction="row" sx={{ alignItems: 'center', mt: 1, gap: 1 }}>
                <Typography
                  variant="body2"
                  sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {file.name} · {(file.size / 1024 / 1024).toFixed(2)} MB
                </Typography>
                <Button
                  size="small"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={busy}
                  onClick={() => {
                    setFile(null);
                    if (input.current) input.current.value = '';
                  }}
                >
                  Remove
                </Button>
              </Stack>
            </Box>
          ) : (
            <Button
              fullWidth
              variant="outlined"
              startIcon={<CloudUploadOutlinedIcon />}
              onClick={() => input.current?.click()}
              sx={{ py: 3, borderStyle: 'dashed' }}
            >
              Choose an image or video (up to 5 MB)
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="story-file-input"
            onChange={(e) => pick(e.target.files?.[0])}
          />
          {fileError ? <FormHelperText error>{fileError}</FormHelperText> : null}
          <FormHelperText>Images: JPG, PNG, GIF, WebP. Videos: MP4, MOV, WebM, AVI, WMV, FLV.</FormHelperText>
          {phase === 'submitting' ? (
            <Box sx={{ mt: 1 }}>
              <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
              <Typography variant="caption" color="textSecondary">
                Uploading… {progress}%
              </Typography>
            </Box>
          ) : null}
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Starts"
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            disabled={busy}
            fullWidth
            helperText="Empty: now"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            disabled={busy}
            fullWidth
            error={endsBeforeStart}
            helperText={endsBeforeStart ? STORY_MESSAGES.endsBeforeStart : 'Empty: until switched off'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <AudiencePicker
          type={audience.type}
          values={audience.values}
          onChange={(type, values) => setAudience({ type, values })}
          error={triedSubmit && audienceMissing ? STORY_MESSAGES.audienceValuesRequired : undefined}
          disabled={busy}
        />
        <StoryLinkPicker value={link} onChange={setLink} disabled={busy} />
        {triedSubmit && linkMissing ? (
          <FormHelperText error sx={{ mt: -1 }}>
            {link.kind === 'product' ? 'Choose a product, or No link' : 'Choose a promotion, or No link'}
          </FormHelperText>
        ) : null}
      </Stack>
    </AppModal>
  );
}

// The signing secret of a new endpoint (or a new secret), shown this once: copy it into the receiving system.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppModal } from '../../components/app-modal';
import { notify } from '../../lib/notify';

export const SECRET_ONCE = 'Copy this signing secret now. It is not shown again; if it is lost, create a new one.';

export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Secret copied');
    } catch {
      notify.error('Copy failed: select the secret and copy it');
    }
  };
  return (
    <AppModal
      open
      onClose={onClose}
      title="Signing secret"
      size="sm"
      actions={
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Stack spacing={2}>
        <Alert severity="warning">{SECRET_ONCE}</Alert>
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          Endpoint: {url}
        </Typography>
        <Typography
          component="code"
          aria-label="Signing secret"
          sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {secret}
        </Typography>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ alignSelf: 'flex-start' }}>
          Copy secret
        </Button>
      </Stack>
    </AppModal>
  );
}

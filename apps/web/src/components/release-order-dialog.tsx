// The confirmation that releases an order held over its store's credit limit (docs/credit-control.md):
// a required reason (the shared `releaseOrderBody`), which the order's history and the audit log keep.
// Shared by the order's page and the order queue's row action; the caller sends the release.
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { releaseOrderBody } from '@portal/shared/credit/credit.schemas';
import { useState } from 'react';
import { AppModal } from './app-modal';

export interface ReleaseOrderDialogProps {
  open: boolean;
  orderNumber: string;
  /** The release is being sent: the Release button waits. */
  busy: boolean;
  onClose(): void;
  /** Sends the release with the trimmed reason; the caller closes the dialog once it is done. */
  onRelease(reason: string): void | Promise<void>;
}

export function ReleaseOrderDialog({ open, orderNumber, busy, onClose, onRelease }: ReleaseOrderDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Each opening starts with an empty reason.
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setReason('');
      setError(null);
    }
  }

  const confirm = () => {
    const parsed = releaseOrderBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    void onRelease(parsed.data.reason);
  };

  return (
    <AppModal
      open={open}
      onClose={onClose}
      title="Release order?"
      size="sm"
      actions={
        <>
          <Button onClick={onClose}>Back</Button>
          <Button variant="contained" disabled={busy} onClick={confirm}>
            Release
          </Button>
        </>
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        Order {orderNumber} is on hold: it takes the store over its credit limit. Released, it moves on to Order Placed and is
        processed as usual. The reason is kept in the order&apos;s history.
      </Typography>
      <TextField
        label="Reason"
        required
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        error={error != null}
        helperText={error ?? ' '}
        fullWidth
        size="small"
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </AppModal>
  );
}

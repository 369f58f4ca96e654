// Releasing an order held over its store's credit limit (issue 18 §1, docs/credit-control.md): Orders ·
// approve; a dialog asks the reason (required), which the order's history and the audit log keep.
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { releaseOrderBody } from '@portal/shared/credit/credit.schemas';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ORDER_RELEASE_FAILED, useReleaseAdminOrderMutation } from './admin-order-details.api';

export function ReleaseAction({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const [release, { isLoading }] = useReleaseAdminOrderMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const confirm = async () => {
    const parsed = releaseOrderBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    try {
      const res = await release({ orderId, reason: parsed.data.reason }).unwrap();
      notify.success(res.message);
      close();
    } catch (err) {
      notify.error(errorMessage(err, ORDER_RELEASE_FAILED));
    }
  };

  return (
    <>
      <Button variant="contained" color="warning" size="small" onClick={() => setOpen(true)}>
        Release
      </Button>
      <AppModal
        open={open}
        onClose={close}
        title="Release order?"
        size="sm"
        actions={
          <>
            <Button onClick={close}>Back</Button>
            <Button variant="contained" disabled={isLoading} onClick={() => void confirm()}>
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
    </>
  );
}

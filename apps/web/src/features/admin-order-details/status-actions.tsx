// The order's status moves from its details page, through the queue's route (POST
// /admin/orders/:orderId/status): the next step forward, and Cancel while it is still possible, each
// confirmed first with an optional note the store's history shows.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { canMove, ORDER_STATUS_LABELS, type OrderStatus, type TargetStatus } from '@portal/shared/orders/order-status';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/notify';
import { ORDER_STATUS_FAILED, useMoveAdminOrderStatusMutation } from './admin-order-details.api';

const NEXT: Partial<Record<OrderStatus, { to: TargetStatus; label: string }>> = {
  placed: { to: 'confirmed', label: 'Confirm' },
  confirmed: { to: 'picking', label: 'Start picking' },
  picking: { to: 'out_for_delivery', label: 'Out for delivery' },
  out_for_delivery: { to: 'delivered', label: 'Mark delivered' },
};

export function StatusActions({ orderId, orderNumber, status }: { orderId: string; orderNumber: string; status: OrderStatus }) {
  const [move, { isLoading }] = useMoveAdminOrderStatusMutation();
  const [target, setTarget] = useState<{ to: TargetStatus; label: string } | null>(null);
  const [note, setNote] = useState('');
  const next = NEXT[status];
  const cancellable = canMove(status, 'cancelled');
  if (!next && !cancellable) return null;

  const confirm = async () => {
    if (!target) return;
    try {
      const res = await move({ orderId, status: target.to, note: note.trim() || undefined }).unwrap();
      notify.success(res.message);
      setTarget(null);
      setNote('');
    } catch (err) {
      notify.error(errorMessage(err, ORDER_STATUS_FAILED));
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {next && canMove(status, next.to) && (
          <Button variant="contained" size="small" onClick={() => setTarget(next)}>
            {next.label}
          </Button>
        )}
        {cancellable && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => setTarget({ to: 'cancelled', label: 'Cancel order' })}
          >
            Cancel order
          </Button>
        )}
      </Stack>
      <AppModal
        open={target != null}
        onClose={() => setTarget(null)}
        title={target ? `${target.label}?` : ''}
        size="sm"
        actions={
          <>
            <Button onClick={() => setTarget(null)}>Back</Button>
            <Button
              variant="contained"
              color={target?.to === 'cancelled' ? 'error' : 'primary'}
              disabled={isLoading}
              onClick={() => void confirm()}
            >
              {target?.label ?? ''}
            </Button>
          </>
        }
      >
        <Typography variant="body2" sx={{ mb: 2 }}>
          Order {orderNumber} moves from {ORDER_STATUS_LABELS[status]} to {target ? ORDER_STATUS_LABELS[target.to] : ''}.
          {target?.to === 'cancelled' ? ' Its stock goes back on the shelf and the store is credited.' : ''} The store sees the
          change in its delivery status.
        </Typography>
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
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

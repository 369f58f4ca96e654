// The bulk actions' dialogs: a confirmation that says what will happen to the chosen orders (how many
// move, how many will be refused and why), the per-order result once applied, and the PDF print choice.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { BulkStatusResult } from '@portal/shared/orders/admin-orders.schemas';
import { ORDER_STATUS_LABELS, type TargetStatus } from '@portal/shared/orders/order-status';
import { useState } from 'react';
import { AppModal } from '../../components/app-modal';
import { ConfirmModal } from '../../components/form-modal';
import type { BulkPlan } from './order-filters';

/** The action buttons' words. */
export const ACTION_LABELS: Record<TargetStatus, string> = {
  confirmed: 'Confirm',
  picking: 'Picking',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancel',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function BulkConfirmDialog({
  target,
  count,
  plan,
  busy,
  onConfirm,
  onClose,
}: {
  target: TargetStatus;
  count: number;
  plan: BulkPlan;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const label = ORDER_STATUS_LABELS[target];
  return (
    <ConfirmModal
      title={target === 'cancelled' ? `Cancel ${plural(count, 'order')}?` : `Move ${plural(count, 'order')} to ${label}?`}
      confirmLabel={target === 'cancelled' ? 'Cancel orders' : `Move to ${label}`}
      destructive={target === 'cancelled'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      size="sm"
      // Nothing can move: say why, with OK only.
      refusal={
        plan.moving
          ? null
          : `None of the chosen orders can ${target === 'cancelled' ? 'be cancelled' : `move to ${label}`}: ${plan.refused
              .map((r) => `${r.count} ${r.reason}`)
              .join(', ')}.`
      }
    >
      <Stack spacing={1.5}>
        <Typography>{`${plural(plan.moving, 'order')} will ${target === 'cancelled' ? 'be cancelled' : `move to ${label}`}.`}</Typography>
        {target === 'cancelled' && plan.moving ? (
          <Typography variant="body2" color="textSecondary">
            Their stock goes back on the shelf and each store&apos;s invoice is credited.
          </Typography>
        ) : null}
        {plan.refused.map((r) => (
          <Alert key={r.reason} severity="warning">
            {`${plural(r.count, 'order')} will be refused: ${r.reason}.`}
          </Alert>
        ))}
        <Typography variant="body2" color="textSecondary">
          Each order is checked again and moved on its own; the stores see the new status at once.
        </Typography>
      </Stack>
    </ConfirmModal>
  );
}

export function BulkResultDialog({
  result,
  onClose,
  onPrintPickList,
  printing = false,
}: {
  result: BulkStatusResult;
  onClose: () => void;
  /** Offered when orders moved to picking (and the user may export): their pick list as a PDF. */
  onPrintPickList?: (orderIds: string[]) => void;
  printing?: boolean;
}) {
  const refused = result.results.filter((r) => r.outcome === 'refused');
  const picking = result.results.filter((r) => r.outcome === 'moved' && r.status === 'picking').map((r) => r.orderId);
  const actions = (
    <>
      {onPrintPickList && picking.length > 0 ? (
        <Button variant="contained" loading={printing} onClick={() => onPrintPickList(picking)}>
          Print pick list
        </Button>
      ) : null}
      <Button onClick={onClose}>OK</Button>
    </>
  );
  return (
    <AppModal open onClose={onClose} size="sm" title="Result" actions={actions}>
      <Stack spacing={1.5}>
        <Alert severity={result.refused === 0 ? 'success' : result.moved === 0 ? 'error' : 'warning'} role="status">
          {result.summary}
        </Alert>
        {refused.length ? (
          <List dense aria-label="Refused orders" sx={{ maxHeight: 280, overflow: 'auto' }}>
            {refused.map((r) => (
              <ListItem key={r.orderId} disableGutters>
                <ListItemText primary={r.orderNumber ? `Order ${r.orderNumber}` : r.orderId} secondary={r.reason} />
              </ListItem>
            ))}
          </List>
        ) : null}
      </Stack>
    </AppModal>
  );
}

export function PrintDialog({
  count,
  busy,
  onPrint,
  onClose,
}: {
  count: number;
  busy: boolean;
  onPrint: (hasPrice: boolean) => void;
  onClose: () => void;
}) {
  const [hasPrice, setHasPrice] = useState(true);
  return (
    <ConfirmModal
      title={`Print ${plural(count, 'order')}`}
      confirmLabel="Download PDF"
      destructive={false}
      busy={busy}
      onConfirm={() => onPrint(hasPrice)}
      onClose={onClose}
    >
      <Stack spacing={1}>
        <Typography>One PDF file, each order on its own pages.</Typography>
        <FormControlLabel
          control={<Switch checked={hasPrice} onChange={(e) => setHasPrice(e.target.checked)} />}
          label={hasPrice ? 'Invoices, with prices' : 'Pick copies, without prices'}
        />
      </Stack>
    </ConfirmModal>
  );
}

// A purchase order's status as a chip, coloured by how far it got.
import Chip from '@mui/material/Chip';
import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderRow } from '@portal/shared/purchase-orders/purchase-orders.schemas';

const COLORS = {
  draft: 'default',
  issued: 'info',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'default',
} as const;

export function PurchaseOrderStatusChip({ status }: { status: PurchaseOrderRow['status'] }) {
  return (
    <Chip
      size="small"
      label={PURCHASE_ORDER_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
    />
  );
}

// An order's status as a coloured chip.
import Chip, { type ChipProps } from '@mui/material/Chip';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@portal/shared/orders/order-status';

const COLOURS: Record<OrderStatus, ChipProps['color']> = {
  on_hold: 'warning',
  placed: 'info',
  confirmed: 'primary',
  picking: 'secondary',
  out_for_delivery: 'warning',
  delivered: 'success',
  cancelled: 'error',
};

export function OrderStatusChip({ status, label }: { status: OrderStatus; label?: string }) {
  return (
    <Chip size="small" color={COLOURS[status]} label={label ?? ORDER_STATUS_LABELS[status]} sx={{ height: 22, fontSize: 12 }} />
  );
}

// A retailer's order day as a small chip (spec §4 "Order day"): the day's name (NA or OT for codes
// 0 and 8) coloured by the days left: 5-7 green, 3-4 yellow, 2 orange, 1 or fewer red.
import Chip from '@mui/material/Chip';
import { orderDayStatus } from '@portal/shared/orders/order-day';
import { ORDER_DAY_PALETTE } from '../../components/order-day-indicator';

export function OrderDayChip({ orderDay, today = new Date() }: { orderDay: number | null | undefined; today?: Date }) {
  const status = orderDayStatus(orderDay, today);
  if (status.kind !== 'day')
    return <Chip size="small" variant="outlined" label={`Order day: ${status.label}`} data-colour="none" />;
  const { bg, fg } = ORDER_DAY_PALETTE[status.colour];
  const when = status.days === 0 ? 'today' : `in ${status.days} ${status.days === 1 ? 'day' : 'days'}`;
  return (
    <Chip
      size="small"
      label={`${status.label} · ${when}`}
      data-colour={status.colour}
      title={status.text}
      sx={{ bgcolor: bg, color: fg, fontWeight: 600 }}
    />
  );
}

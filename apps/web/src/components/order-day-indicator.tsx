// Days-to-order-day indicator (spec §4 "Order day"): the shared rule decides the days, text and
// colour; this shows them. Code 0 reads NA and 8 reads OT. With the store's order schedule from the
// server (the delivery calendar, docs/calendar.md) the days count to the next order day with holidays
// applied, name the day it moved from, and on the order day show the cut-off countdown.
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderSchedule } from '@portal/shared/calendar/delivery-calendar.schemas';
import { type OrderDayColour, orderDayStatus } from '@portal/shared/orders/order-day';

/** Background and text colours for each band, legible in light and dark mode. */
export const ORDER_DAY_PALETTE: Record<OrderDayColour, { bg: string; fg: string }> = {
  green: { bg: '#2e7d32', fg: '#ffffff' },
  yellow: { bg: '#f9c74f', fg: '#3d2e00' },
  orange: { bg: '#ef6c00', fg: '#ffffff' },
  red: { bg: '#c62828', fg: '#ffffff' },
};

export function OrderDayIndicator({
  orderDay,
  today = new Date(),
  schedule,
}: {
  orderDay: number | null | undefined;
  today?: Date;
  schedule?: OrderSchedule;
}) {
  const local = orderDayStatus(orderDay, today);
  const status =
    schedule && schedule.daysToOrderDay !== null && schedule.colour && schedule.text && local.kind === 'day'
      ? { ...local, days: schedule.daysToOrderDay, colour: schedule.colour, text: schedule.text, label: schedule.label }
      : local;
  const moved = schedule?.regularLabel
    ? `moved from ${schedule.regularLabel}${schedule.movedBy.length ? ` (${schedule.movedBy.join(', ')})` : ''}`
    : null;
  if (status.kind !== 'day') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="order-day" data-colour="none">
        <EventAvailableIcon color="disabled" />
        <Box>
          <Typography variant="caption" color="textSecondary" component="div">
            Order day
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {status.label}
          </Typography>
        </Box>
      </Stack>
    );
  }
  const { bg, fg } = ORDER_DAY_PALETTE[status.colour];
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }} data-testid="order-day" data-colour={status.colour}>
      <Box
        aria-hidden
        sx={{
          width: 44,
          height: 44,
          borderRadius: '50%',
          bgcolor: bg,
          color: fg,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 18,
          flexShrink: 0,
        }}
      >
        {status.days}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="textSecondary" component="div" data-testid="order-day-label">
          Order day: {status.label}
          {moved ? `, ${moved}` : ''}
        </Typography>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
          {status.text}
        </Typography>
        {schedule?.countdown ? (
          <Typography variant="body2" component="p" data-testid="order-day-countdown" sx={{ fontWeight: 600 }}>
            {schedule.countdown}
          </Typography>
        ) : null}
        {schedule?.lateNow ? (
          <Typography variant="body2" color="warning" component="p">
            Today&apos;s cut-off has passed: an order now waits for the distributor&apos;s approval.
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}

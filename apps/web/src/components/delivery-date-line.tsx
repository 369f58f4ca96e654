// The delivery date an order placed now gets (the store's order schedule, docs/calendar.md), for the
// cart's summary: "Delivery: Thursday, Mar 14", or that it waits for approval after today's cut-off.
import { deliveryDateLabel, useGetOrderScheduleQuery } from './order-schedule.api';

export function DeliveryDateLine({ className }: { className?: string }) {
  const { data } = useGetOrderScheduleQuery();
  if (!data?.deliveryDate) return null;
  return (
    <p className={className} data-testid="cart-delivery-date">
      {data.lateNow
        ? "Today's cut-off has passed: this order waits for the distributor's approval."
        : `Delivery: ${deliveryDateLabel(data.deliveryDate)}`}
    </p>
  );
}

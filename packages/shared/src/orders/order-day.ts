// Spec §4 "Order day": C_OrderDay 0 = none (NA), 1..7 = Monday..Sunday, 8 = Other (OT).
// Days until the order day count from today with Sunday as 7; colours by days left.

export type OrderDayColour = 'green' | 'yellow' | 'orange' | 'red';

export const ORDER_DAY_NAMES = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const TODAY_IS_ORDER_DAY = 'Today is your order day';

/** ISO weekday of a date in local time: Monday 1 … Sunday 7. */
export function isoWeekday(date: Date): number {
  const d = date.getDay();
  return d === 0 ? 7 : d;
}

export type OrderDayStatus =
  | { kind: 'none'; code: 0; label: 'NA' }
  | { kind: 'other'; code: 8; label: 'OT' }
  | { kind: 'day'; code: number; label: string; days: number; colour: OrderDayColour; text: string };

export function orderDayColour(days: number): OrderDayColour {
  if (days >= 5) return 'green';
  if (days >= 3) return 'yellow';
  if (days === 2) return 'orange';
  return 'red';
}

/** Days from today (ISO weekday 1..7) to the order day (1..7): 0..6. */
export function daysUntilOrderDay(orderDay: number, todayWeekday: number): number {
  return (((orderDay - todayWeekday) % 7) + 7) % 7;
}

export function orderDayStatus(orderDay: number | null | undefined, today: Date): OrderDayStatus {
  if (orderDay === 8) return { kind: 'other', code: 8, label: 'OT' };
  if (orderDay == null || !Number.isInteger(orderDay) || orderDay < 1 || orderDay > 7)
    return { kind: 'none', code: 0, label: 'NA' };
  const days = daysUntilOrderDay(orderDay, isoWeekday(today));
  const text = days === 0 ? TODAY_IS_ORDER_DAY : `${days} ${days === 1 ? 'day' : 'days'} to your order day`;
  return { kind: 'day', code: orderDay, label: ORDER_DAY_NAMES[orderDay]!, days, colour: orderDayColour(days), text };
}

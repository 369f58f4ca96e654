// Sorting the rep's retailers (issue 13 §3). The whole list is loaded, so it is sorted here: by
// company name, customer number, balance, or the days until the order day (no order day last).
import type { RetailerSortKey, Sorting } from '@portal/shared/api/sort';
import { orderDayStatus } from '@portal/shared/orders/order-day';
import type { SalesCustomer } from './customer-session';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function daysToOrderDay(c: SalesCustomer, today: Date): number {
  const status = orderDayStatus(c.C_OrderDay, today);
  return status.kind === 'day' ? status.days : Number.POSITIVE_INFINITY;
}

export function sortCustomers(
  list: readonly SalesCustomer[],
  sorting: Sorting<RetailerSortKey>,
  today = new Date(),
): SalesCustomer[] {
  const sign = sorting.dir === 'asc' ? 1 : -1;
  const compare = (a: SalesCustomer, b: SalesCustomer): number => {
    switch (sorting.sort) {
      case 'name':
        return collator.compare(a.C_CoName ?? '', b.C_CoName ?? '');
      case 'number':
        return collator.compare(a.C_Number, b.C_Number);
      case 'balance':
        return (a.LastBalance ?? 0) - (b.LastBalance ?? 0);
      case 'orderDay': {
        const da = daysToOrderDay(a, today);
        const db = daysToOrderDay(b, today);
        if (da === db) return 0;
        // Retailers without an order day stay last in both directions.
        if (da === Number.POSITIVE_INFINITY) return sign;
        if (db === Number.POSITIVE_INFINITY) return -sign;
        return da - db;
      }
    }
  };
  return [...list].sort((a, b) => sign * compare(a, b) || collator.compare(a.C_Number, b.C_Number));
}

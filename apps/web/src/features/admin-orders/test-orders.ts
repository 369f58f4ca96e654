// The order rows the admin-orders tests put in the grid.
import type { AdminOrderRow } from '@portal/shared/orders/admin-orders.schemas';

/** Order 10000i of Corner Mart #1, placed by its retailer, with `extra` on top. */
export const order = (i: number, extra: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id: `o-${i}`,
  orderNumber: String(100000 + i),
  store: { id: 'cust-1', C_Number: '10001', name: 'Corner Mart #1', route: '101' },
  placedBy: { role: 'retailer', name: 'Sam Patel' },
  status: 'placed',
  statusLabel: 'Order Placed',
  createdAt: '2026-03-02T10:00:00.000Z',
  deliveryDate: '2026-03-04',
  itemCount: 3,
  totalCents: 12_345,
  ...extra,
});

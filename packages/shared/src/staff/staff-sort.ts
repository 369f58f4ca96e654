// Sort keys of the staff and sales-rep lists, free of zod so the web pages can use them without loading it.

/** GET /admin/staff: name, e-mail, role name, last sign-in activity, invited / created date. */
export const STAFF_SORT_KEYS = ['name', 'email', 'role', 'lastSeen', 'createdAt'] as const;
export type StaffSortKey = (typeof STAFF_SORT_KEYS)[number];

/** GET /admin/sales-reps: name, code, number of customers. */
export const SALES_REP_SORT_KEYS = ['name', 'code', 'customers'] as const;
export type SalesRepSortKey = (typeof SALES_REP_SORT_KEYS)[number];

/** The direction a column starts in: dates and counts newest / largest first, text A to Z. */
export function staffFirstDirection(sort: StaffSortKey | SalesRepSortKey): 'asc' | 'desc' {
  return sort === 'lastSeen' || sort === 'createdAt' || sort === 'customers' ? 'desc' : 'asc';
}

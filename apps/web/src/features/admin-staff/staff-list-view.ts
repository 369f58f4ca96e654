// The staff and sales-rep lists' views kept in the URL (page, sort, search, filters) and the API queries
// they make; the paths of the screens; the role's User Management grant.
import { SALES_REP_SORT_KEYS, STAFF_SORT_KEYS, type SalesRepSortKey, type StaffSortKey } from '@portal/shared/staff/staff-sort';
import { STAFF_STATUSES } from '@portal/shared/staff/staff.schemas';
import { useAppSelector } from '../../app/hooks';
import { useGridUrlState, type SortDir } from '../../components/data-grid/use-grid-url-state';

export const staffPath = {
  roles: '/admin/permissions',
  staff: '/admin/permissions/staff',
  staffUser: (id: string) => `/admin/permissions/staff/${encodeURIComponent(id)}`,
  reps: '/admin/permissions/sales-reps',
  rep: (id: string) => `/admin/permissions/sales-reps/${encodeURIComponent(id)}`,
  /** The retailers screen filtered to the rep's stores, where they are reassigned. */
  repStores: (id: string) => `/admin/retailers?salesRep=${encodeURIComponent(id)}`,
  retailer: (id: string) => `/admin/retailers/view/${encodeURIComponent(id)}`,
};

export function useUserManagementGrant() {
  const grant = useAppSelector((s) => s.auth.module.find((m) => m.module === 'User Management'));
  return { canAdd: Boolean(grant?.add), canEdit: Boolean(grant?.edit) };
}

export interface ListView<S extends string> {
  page: number;
  limit: number;
  sort: S;
  dir: SortDir;
  search: string;
}

export type StaffFilters = { role: string; status: string };

/** GET /admin/staff's query string; empty filters left out. */
export function staffListParams(v: ListView<StaffSortKey> & { filters: StaffFilters }): string {
  const p = new URLSearchParams({ page: String(v.page), limit: String(v.limit), sort: v.sort, dir: v.dir });
  if (v.search) p.set('search', v.search);
  if (v.filters.role) p.set('roleId', v.filters.role);
  p.set('status', v.filters.status);
  return p.toString();
}

/** GET /admin/sales-reps' query string. */
export function repListParams(v: ListView<SalesRepSortKey> & { filters: { status: string } }): string {
  const p = new URLSearchParams({ page: String(v.page), limit: String(v.limit), sort: v.sort, dir: v.dir });
  if (v.search) p.set('search', v.search);
  p.set('status', v.filters.status);
  return p.toString();
}

export function useStaffListView() {
  const view = useGridUrlState<StaffSortKey, 'role' | 'status'>({
    sorts: STAFF_SORT_KEYS,
    defaultSort: 'name',
    filters: { role: { default: '' }, status: { values: STAFF_STATUSES, default: 'active' } },
  });
  return { view, params: staffListParams(view) };
}

export function useRepListView() {
  const view = useGridUrlState<SalesRepSortKey, 'status'>({
    sorts: SALES_REP_SORT_KEYS,
    defaultSort: 'name',
    filters: { status: { values: STAFF_STATUSES, default: 'active' } },
  });
  return { view, params: repListParams(view) };
}

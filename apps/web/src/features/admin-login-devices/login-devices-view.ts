// The login-devices list's view kept in the URL (page, sort, search and the filters) and the API query
// it makes. A value the screen does not offer falls back to its default, so a stale or hand-edited link
// never makes the server answer 400.
import { LAST_SEEN_FILTERS, LOGIN_DEVICE_SORT_KEYS, type LoginDeviceSortKey } from '@portal/shared/devices/login-devices.schemas';
import { useGridUrlState, type FilterSpec, type SortDir } from '../../components/data-grid/use-grid-url-state';

export const FILTER_DEFAULTS = { role: '', customer: '', user: '', lastSeen: '', newDevice: '' } as const;
export type LoginDeviceFilterName = keyof typeof FILTER_DEFAULTS;
export type LoginDeviceFilters = Record<LoginDeviceFilterName, string>;

const FILTER_SPECS: Record<LoginDeviceFilterName, FilterSpec> = {
  role: { values: ['distributor', 'retailer', 'sales'], default: '' },
  customer: { default: '' },
  user: { default: '' },
  lastSeen: { values: LAST_SEEN_FILTERS, default: '' },
  newDevice: { values: ['true'], default: '' },
};

export interface LoginDeviceListView {
  page: number;
  limit: number;
  sort: LoginDeviceSortKey;
  dir: SortDir;
  search: string;
  filters: LoginDeviceFilters;
}

/** The list's query string, in the order the API documents its parameters; empty filters left out. */
export function loginDeviceListParams(v: LoginDeviceListView): string {
  const p = new URLSearchParams({ page: String(v.page), limit: String(v.limit), sort: v.sort, dir: v.dir });
  const f = v.filters;
  if (v.search) p.set('search', v.search);
  if (f.role) p.set('role', f.role);
  if (f.customer) p.set('customerId', f.customer);
  if (f.user) p.set('userId', f.user);
  if (f.lastSeen) p.set('lastSeen', f.lastSeen);
  if (f.newDevice) p.set('newDevice', f.newDevice);
  return p.toString();
}

export function activeFilterCount(filters: LoginDeviceFilters): number {
  return (Object.keys(FILTER_DEFAULTS) as LoginDeviceFilterName[]).filter((k) => filters[k] !== FILTER_DEFAULTS[k]).length;
}

export function useLoginDeviceListView() {
  const view = useGridUrlState<LoginDeviceSortKey, LoginDeviceFilterName>({
    sorts: LOGIN_DEVICE_SORT_KEYS,
    defaultSort: 'lastSeenAt',
    defaultDir: 'desc',
    filters: FILTER_SPECS,
  });
  return { view, params: loginDeviceListParams(view) };
}

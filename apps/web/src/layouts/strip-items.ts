// What the information strip lists (spec §2): the distributor sees its company, phone and address;
// retailer and sales see the store on tab 0 and the distributor (address, contact number) on tab 1.
import type { Role } from '@portal/shared/auth/roles';
import { formatPhone } from '@portal/shared/contact/phone';
import type { StripTab } from '@portal/shared/layout/info-strip';
import { dollarsToCents, formatMoney } from '@portal/shared/money/money';
import type { StoreDetail, WarehouseDetail } from '../features/auth/auth.types';

export interface StripItem {
  label: string;
  value: string;
}

const join = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');

const present = (items: StripItem[]) => items.filter((i) => i.value !== '');

export function storeItems(store: StoreDetail | null): StripItem[] {
  if (!store) return [];
  const route = store.Routes?.[0];
  return present([
    { label: 'Store', value: store.C_CoName || store.C_Name || '' },
    { label: 'Customer #', value: store.C_Number ?? '' },
    { label: 'Contact', value: store.C_CoName && store.C_Name !== store.C_CoName ? store.C_Name : '' },
    { label: 'Address', value: join(store.C_Address, store.C_City, store.C_State) },
    { label: 'Phone', value: formatPhone(store.C_Phone) ?? '' },
    { label: 'Balance', value: typeof store.LastBalance === 'number' ? formatMoney(dollarsToCents(store.LastBalance)) : '' },
    { label: 'Route / Stop', value: route ? `${route.Route_Number} / ${route.Stop_Number ?? '-'}` : '' },
    { label: 'Sales Rep', value: store.salesRep?.S_Desc ?? '' },
  ]);
}

export function distributorItems(warehouse: WarehouseDetail | null, role: Role): StripItem[] {
  if (!warehouse) return [];
  const address = join(warehouse.D_Addr1, warehouse.D_City, warehouse.D_State);
  return role === 'distributor'
    ? present([
        { label: 'Company', value: warehouse.D_Name ?? '' },
        { label: 'Phone', value: formatPhone(warehouse.D_Phone) ?? '' },
        { label: 'Address', value: address },
      ])
    : present([
        { label: 'Distributor', value: warehouse.D_Name ?? '' },
        { label: 'Address', value: address },
        { label: 'Contact Number', value: formatPhone(warehouse.D_Phone) ?? '' },
      ]);
}

export function stripItems(
  role: Role,
  tab: StripTab | null,
  store: StoreDetail | null,
  warehouse: WarehouseDetail | null,
): StripItem[] {
  if (tab === null) return [];
  if (role === 'distributor' || tab === 1) return distributorItems(warehouse, role);
  return storeItems(store);
}

/** Shown when the selected tab has nothing to list yet. */
export function stripEmptyText(role: Role, tab: StripTab | null): string {
  if (tab === 0 && role === 'sales') return 'Select a retailer to see its store details';
  return tab === 0 ? 'No store details' : 'No distributor details';
}

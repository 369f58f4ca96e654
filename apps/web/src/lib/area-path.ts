// Screens shown in both the retailer and the sales area (catalogue, cart, orders, account) link to
// each other within the area they are shown in: '/retailer/cart' under /sales/... is '/sales/cart'.
import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** The area ('retailer' or 'sales') of a pathname; retailer for any other path. */
export function areaOf(pathname: string): 'retailer' | 'sales' {
  return /^\/sales(\/|$)/.test(pathname) ? 'sales' : 'retailer';
}

/** A retailer path moved to another area: inArea('/retailer/cart', 'sales') is '/sales/cart'. */
export function inArea(retailerPath: string, area: 'retailer' | 'sales'): string {
  return retailerPath.replace(/^\/retailer(?=\/|$)/, `/${area}`);
}

/** Maps a '/retailer/...' path to the same screen in the current area. */
export function useAreaPath(): (retailerPath: string) => string {
  const area = areaOf(useLocation().pathname);
  return useCallback((retailerPath: string) => inArea(retailerPath, area), [area]);
}

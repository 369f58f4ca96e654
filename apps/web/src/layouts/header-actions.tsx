// The header's place for feature controls (cart icon, notification bell, stories, retailer selector).
// A feature adds its control with one line in HEADER_ACTIONS; nothing is shown until one exists.
import type { Role } from '@portal/shared/auth/roles';
import type { ComponentType } from 'react';
import { CartIcon } from '../features/cart/cart-icon';
import { RetailerSelector } from '../features/sales/retailer-selector';

export interface HeaderAction {
  key: string;
  roles: readonly Role[];
  Component: ComponentType;
}

export const HEADER_ACTIONS: HeaderAction[] = [
  { key: 'retailer-selector', roles: ['sales'], Component: RetailerSelector },
  { key: 'cart', roles: ['retailer', 'sales'], Component: CartIcon },
];

export function HeaderActions({ role }: { role: Role }) {
  return (
    <>
      {HEADER_ACTIONS.filter((a) => a.roles.includes(role)).map(({ key, Component }) => (
        <Component key={key} />
      ))}
    </>
  );
}

// The header's place for feature controls (cart icon, notification bell, stories, retailer selector).
// A feature adds its control with one line in HEADER_ACTIONS; nothing is shown until one exists.
import type { Role } from '@portal/shared/auth/roles';
import type { ComponentType } from 'react';

export interface HeaderAction {
  key: string;
  roles: readonly Role[];
  Component: ComponentType;
}

export const HEADER_ACTIONS: HeaderAction[] = [
  // e.g. { key: 'cart', roles: ['retailer', 'sales'], Component: CartIconButton },
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

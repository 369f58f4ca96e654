// The header's place for feature controls (cart icon, notification bell, stories, retailer selector).
// A feature adds its control with one line in HEADER_ACTIONS; nothing is shown until one exists. A
// control only one role sees is loaded lazily, so the other roles never download it (the sales
// retailer selector brings MUI's Autocomplete).
import type { Role } from '@portal/shared/auth/roles';
import { lazy, Suspense, type ComponentType } from 'react';
import { CartIcon } from '../features/cart/cart-icon';
import { loadChunk } from '../lib/lazy-page';

const RetailerSelector = lazy(() =>
  loadChunk(() => import('../features/sales/retailer-selector')).then((m) => ({ default: m.RetailerSelector })),
);
// Only retailers see notifications and stories (spec §6): other roles never load them or make their calls.
const NotificationsBell = lazy(() =>
  loadChunk(() => import('../features/notifications/notifications-bell')).then((m) => ({ default: m.NotificationsBell })),
);
const StoriesIcon = lazy(() =>
  loadChunk(() => import('../features/stories/stories-icon')).then((m) => ({ default: m.StoriesIcon })),
);

export interface HeaderAction {
  key: string;
  roles: readonly Role[];
  Component: ComponentType;
}

export const HEADER_ACTIONS: HeaderAction[] = [
  { key: 'retailer-selector', roles: ['sales'], Component: RetailerSelector },
  { key: 'notifications', roles: ['retailer'], Component: NotificationsBell },
  { key: 'stories', roles: ['retailer'], Component: StoriesIcon },
  { key: 'cart', roles: ['retailer', 'sales'], Component: CartIcon },
];

export function HeaderActions({ role }: { role: Role }) {
  // One boundary per control: the cart icon (loaded with the frame) shows at once instead of waiting
  // for the lazily loaded bell and stories; those appear to its left, so nothing already shown moves.
  return HEADER_ACTIONS.filter((a) => a.roles.includes(role)).map(({ key, Component }) => (
    <Suspense key={key} fallback={null}>
      <Component />
    </Suspense>
  ));
}

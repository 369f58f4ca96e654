// Icons of the sidebar items (keys from packages/shared/src/layout/menus.ts), drawn without MUI.
import type { MenuIcon } from '@portal/shared/layout/menus';
import {
  webStoriesIcon,
  accountBalanceWalletIcon,
  assignmentTurnedInIcon,
  calendarMonthIcon,
  categoryIcon,
  contactSupportIcon,
  dashboardIcon,
  devicesIcon,
  gavelIcon,
  historyIcon,
  howToRegIcon,
  type IconShape,
  inventory2Icon,
  localOfferIcon,
  localShippingIcon,
  manageAccountsIcon,
  menuBookIcon,
  notificationsIcon,
  policyIcon,
  settingsIcon,
  shoppingBagIcon,
  storefrontIcon,
  supportAgentIcon,
} from '../components/ui/material-icons';
import { SvgIcon } from '../components/ui/svg-icon';

export const MENU_ICONS: Record<MenuIcon, IconShape> = {
  dashboard: dashboardIcon,
  order: shoppingBagIcon,
  history: historyIcon,
  'ordered-items': assignmentTurnedInIcon,
  account: accountBalanceWalletIcon,
  catalog: menuBookIcon,
  contact: contactSupportIcon,
  license: gavelIcon,
  policies: policyIcon,
  retailers: storefrontIcon,
  products: inventory2Icon,
  vendors: localShippingIcon,
  promo: localOfferIcon,
  devices: devicesIcon,
  users: manageAccountsIcon,
  notifications: notificationsIcon,
  support: supportAgentIcon,
  settings: settingsIcon,
  requests: howToRegIcon,
  calendar: calendarMonthIcon,
  stories: webStoriesIcon,
};

export const FALLBACK_ICON = categoryIcon;

export function MenuIconOf({ icon }: { icon: MenuIcon }) {
  return <SvgIcon icon={MENU_ICONS[icon] ?? FALLBACK_ICON} />;
}

// Icons of the sidebar items (keys from packages/shared/src/layout/menus.ts).
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ContactSupportOutlined from '@mui/icons-material/ContactSupportOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { MenuIcon } from '@portal/shared/layout/menus';
import type { ReactElement } from 'react';

export const MENU_ICONS: Record<MenuIcon, ReactElement> = {
  dashboard: <DashboardOutlined />,
  order: <ShoppingBagOutlined />,
  history: <HistoryOutlined />,
  'ordered-items': <AssignmentTurnedInOutlined />,
  account: <AccountBalanceWalletOutlined />,
  catalog: <MenuBookOutlined />,
  contact: <ContactSupportOutlined />,
  license: <GavelOutlined />,
  policies: <PolicyOutlined />,
  retailers: <StorefrontOutlined />,
  products: <Inventory2Outlined />,
  vendors: <LocalShippingOutlined />,
  promo: <LocalOfferOutlined />,
  devices: <DevicesOutlined />,
  users: <ManageAccountsOutlined />,
  notifications: <NotificationsOutlined />,
  support: <SupportAgentOutlined />,
  settings: <SettingsOutlined />,
  requests: <HowToRegOutlined />,
  calendar: <CalendarMonthOutlined />,
};

export const FALLBACK_ICON = <CategoryOutlined />;

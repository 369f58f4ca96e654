// The sidebar as an overlay drawer on small screens (spec §2). Loaded when the menu button is first
// pressed (app-layout.tsx) and kept mounted from then on, so MUI's Drawer, Modal and Slide are not
// in the first screens' JavaScript (page-weight budgets, docs/web.md).
import Drawer from '@mui/material/Drawer';
import type { MenuItem } from '@portal/shared/layout/menus';
import type { ReactNode } from 'react';
import { SidebarNav } from './sidebar-nav';
import { withOwnMuiTheme } from '../components/mui-theme';

function OverlayNavContent({
  open,
  onClose,
  width,
  head,
  items,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  head: ReactNode;
  items: MenuItem[];
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { width } } }}
    >
      {head}
      <SidebarNav items={items} onNavigate={onClose} />
    </Drawer>
  );
}

/** In a MUI theme of its own (components/mui-theme.tsx): it loads into screens built without MUI. */
export const OverlayNav = withOwnMuiTheme(OverlayNavContent);

// The role's sidebar menu; the active item follows spec §2 (path equals or starts with the item's path).
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { alpha } from '@mui/material/styles';
import { activeItemPath, type MenuItem } from '@portal/shared/layout/menus';
import { Link as RouterLink, useLocation } from 'react-router';
import { MENU_ICONS } from './menu-icons';

export function SidebarNav({
  items,
  collapsed = false,
  onNavigate,
}: {
  items: MenuItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = activeItemPath(items, pathname);
  return (
    <List component="nav" aria-label="Main menu" sx={{ px: collapsed ? 0.75 : 1.5, py: 1 }}>
      {items.map((item) => {
        const selected = item.path === active;
        const button = (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            onClick={onNavigate}
            sx={(theme) => ({
              borderRadius: 2,
              mb: 0.5,
              minHeight: 44,
              px: collapsed ? 1.25 : 1.5,
              justifyContent: collapsed ? 'center' : 'flex-start',
              '&.Mui-selected': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '& .MuiListItemIcon-root': { color: 'primary.contrastText' },
                '&:hover': { bgcolor: 'primary.dark' },
              },
              '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.08) },
            })}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40, color: 'text.secondary' }}>{MENU_ICONS[item.icon]}</ListItemIcon>
            {collapsed ? null : (
              <ListItemText
                primary={item.label}
                slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.9rem', fontWeight: selected ? 600 : 400 } } }}
              />
            )}
          </ListItemButton>
        );
        return collapsed ? (
          <Tooltip key={item.path} title={item.label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </List>
  );
}

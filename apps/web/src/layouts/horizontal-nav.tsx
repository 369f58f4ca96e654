// The horizontal layout's menu bar (wide screens; it wraps rather than hiding items); narrower screens
// use the overlay drawer instead.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { activeItemPath, type MenuItem } from '@portal/shared/layout/menus';
import { Link as RouterLink, useLocation } from 'react-router';
import { MenuIconOf } from './menu-icons';

export function HorizontalNav({ items }: { items: MenuItem[] }) {
  const { pathname } = useLocation();
  const active = activeItemPath(items, pathname);
  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 2,
        py: 1,
      }}
    >
      {items.map((item) => {
        const selected = item.path === active;
        return (
          <Button
            key={item.path}
            component={RouterLink}
            to={item.path}
            size="small"
            startIcon={<MenuIconOf icon={item.icon} />}
            variant={selected ? 'contained' : 'text'}
            color={selected ? 'primary' : 'inherit'}
            aria-current={selected ? 'page' : undefined}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: 1.5 }}
          >
            {item.label}
          </Button>
        );
      })}
    </Box>
  );
}

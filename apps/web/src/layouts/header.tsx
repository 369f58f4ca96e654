// The 65 px header (spec §2): menu button, the role's detail tabs (a menu on small screens),
// the feature controls (HeaderActions) and the profile menu.
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Role } from '@portal/shared/auth/roles';
import { HEADER_HEIGHT, headerTabs, type StripTab } from '@portal/shared/layout/info-strip';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { loadChunk } from '../lib/lazy-page';
import { HeaderActions } from './header-actions';
import { ProfileMenu } from './profile-menu';

const loadDetailsMenu = () => loadChunk(() => import('./details-menu'));
const DetailsMenu = lazy(() => loadDetailsMenu().then((m) => ({ default: m.DetailsMenu })));

export function Header({
  role,
  tab,
  onChooseTab,
  menuButton,
  brand,
}: {
  role: Role;
  tab: StripTab | null;
  onChooseTab: (tab: StripTab) => void;
  menuButton?: { label: string; onClick: () => void; open?: boolean; onIntent?: () => void };
  brand?: ReactNode;
}) {
  const tabs = headerTabs(role);
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'));
  const [tabMenu, setTabMenu] = useState<HTMLElement | null>(null);
  // The menu is mounted from its first open on (it loads then), so closing keeps the exit transition.
  const [tabMenuOpened, setTabMenuOpened] = useState(false);
  return (
    <AppBar
      position="static"
      sx={{ height: HEADER_HEIGHT, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', flexShrink: 0 }}
    >
      <Toolbar sx={{ height: HEADER_HEIGHT, minHeight: `${HEADER_HEIGHT}px !important`, gap: 1, px: { xs: 1, sm: 2 } }}>
        {menuButton ? (
          <IconButton
            aria-label={menuButton.label}
            onClick={menuButton.onClick}
            onPointerEnter={menuButton.onIntent}
            onFocus={menuButton.onIntent}
            edge="start"
          >
            {menuButton.open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        ) : null}
        {brand}
        {wide ? (
          <Tabs
            value={tab ?? false}
            onChange={(_e, value: StripTab) => onChooseTab(value)}
            aria-label="Details"
            sx={{ ml: 1, minHeight: HEADER_HEIGHT, '& .MuiTab-root': { minHeight: HEADER_HEIGHT } }}
          >
            {tabs.map((t) => (
              <Tab key={t.tab} value={t.tab} label={t.label} />
            ))}
          </Tabs>
        ) : (
          <>
            <IconButton
              aria-label="Details"
              onPointerEnter={() => void loadDetailsMenu()}
              onFocus={() => void loadDetailsMenu()}
              onClick={(e) => {
                setTabMenuOpened(true);
                setTabMenu(e.currentTarget);
              }}
            >
              <InfoOutlined />
            </IconButton>
            {tabMenuOpened ? (
              <Suspense fallback={null}>
                <DetailsMenu tabs={tabs} tab={tab} anchor={tabMenu} onClose={() => setTabMenu(null)} onChooseTab={onChooseTab} />
              </Suspense>
            ) : null}
          </>
        )}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="header-actions">
          <HeaderActions role={role} />
        </Box>
        <ProfileMenu role={role} />
      </Toolbar>
    </AppBar>
  );
}

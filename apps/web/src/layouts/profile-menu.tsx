// Profile menu (spec §2 Header): the avatar button; its list (Profile, dark/light Mode switch, Logout)
// is profile-menu-list.tsx, loaded when the menu is first opened so that MUI's Menu, Popover and
// Modal are not part of the JavaScript every signed-in screen needs first (docs/web.md).
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { Role } from '@portal/shared/auth/roles';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { loadChunk } from '../lib/lazy-page';

export const AREA_PREFIX: Record<Role, string> = { retailer: '/retailer', distributor: '/admin', sales: '/sales' };
export const ROLE_LABEL: Record<Role, string> = {
  retailer: 'Retailer',
  distributor: 'Distributor',
  sales: 'Sales Representative',
};

const loadList = () => loadChunk(() => import('./profile-menu-list'));
const ProfileMenuList = lazy(() => loadList().then((m) => ({ default: m.ProfileMenuList })));

export function ProfileMenu({ role }: { role: Role }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so closing keeps MUI's exit transition.
  const [opened, setOpened] = useState(false);
  const name = useAppSelector((s) => s.auth.userName ?? s.auth.storeDetail?.C_Name ?? s.auth.wareHouseDetail[0]?.D_Name ?? null);
  const displayName = name ?? ROLE_LABEL[role];

  return (
    <>
      <IconButton
        aria-label="Profile menu"
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '1rem' }}>
          {displayName.charAt(0).toUpperCase()}
        </Avatar>
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ProfileMenuList role={role} displayName={displayName} anchor={anchor} close={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

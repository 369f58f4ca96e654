// Profile menu (spec §2 Header): the avatar button; its list (Profile, dark/light Mode switch, Logout)
// is profile-menu-list.tsx, loaded when the menu is first opened so that MUI's Menu, Popover and
// Modal are not part of the JavaScript every signed-in screen needs first (docs/web.md).
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { Role } from '@portal/shared/auth/roles';
import { personInitials } from '@portal/shared/profile/person-name';
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
  // The signed-in person (sign-in answer, session restore), never the store shown in the strip: for a
  // sales rep that is the selected retailer, whose contact is someone else.
  const name = useAppSelector((s) => s.auth.userName);
  const displayName = name ?? ROLE_LABEL[role];
  const initials = personInitials(name);

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
        <Avatar
          data-testid="profile-avatar"
          title={displayName}
          sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: initials && initials.length > 1 ? '0.875rem' : '1rem' }}
        >
          {initials ?? <PersonOutline fontSize="small" />}
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

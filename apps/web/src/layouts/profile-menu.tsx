// Profile menu (spec §2 Header): the avatar button; its list (Profile, dark/light Mode switch, Logout)
// is profile-menu-list.tsx, loaded when the menu is first opened so that MUI's Menu, Popover and
// Modal are not part of the JavaScript every signed-in screen needs first (docs/web.md).
import type { Role } from '@portal/shared/auth/roles';
import { personInitials } from '@portal/shared/profile/person-name';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '../app/hooks';
import { personOutlineIcon } from '../components/ui/material-icons';
import { SvgIcon } from '../components/ui/svg-icon';
import { loadChunk } from '../lib/lazy-page';
import '../components/ui/controls.css';
import './frame.css';

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
      <button
        type="button"
        className="ui-iconbtn fr-avatar-btn"
        aria-label="Profile menu"
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        <span
          data-testid="profile-avatar"
          title={displayName}
          className={initials && initials.length > 1 ? 'fr-avatar fr-avatar--two' : 'fr-avatar'}
        >
          {initials ?? <SvgIcon icon={personOutlineIcon} small />}
        </span>
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <ProfileMenuList role={role} displayName={displayName} anchor={anchor} close={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

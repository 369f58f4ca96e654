// The role's sidebar menu; the active item follows spec §2 (path equals or starts with the item's path).
// Plain links styled by frame.css (MUI's List look). Collapsed, each item's name is its label and a
// tooltip (MUI's Tooltip, loaded the first time the menu is collapsed).
import { activeItemPath, type MenuItem } from '@portal/shared/layout/menus';
import { lazy, Suspense, type ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { loadChunk } from '../lib/lazy-page';
import { MenuIconOf } from './menu-icons';
import './frame.css';

const NavTooltip = lazy(() => loadChunk(() => import('./nav-tooltip')).then((m) => ({ default: m.NavTooltip })));

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
    <nav aria-label="Main menu" className={collapsed ? 'fr-nav fr-nav--collapsed' : 'fr-nav'}>
      {items.map((item) => {
        const selected = item.path === active;
        const link: ReactElement = (
          <RouterLink
            key={item.path}
            to={item.path}
            className="fr-nav__item"
            aria-current={selected ? 'page' : undefined}
            aria-label={collapsed ? item.label : undefined}
            onClick={onNavigate}
          >
            <span className="fr-nav__icon">
              <MenuIconOf icon={item.icon} />
            </span>
            {collapsed ? null : (
              <span className="fr-nav__text">
                <span className="fr-nav__label">{item.label}</span>
              </span>
            )}
          </RouterLink>
        );
        return collapsed ? (
          <Suspense key={item.path} fallback={link}>
            <NavTooltip title={item.label}>{link}</NavTooltip>
          </Suspense>
        ) : (
          link
        );
      })}
    </nav>
  );
}

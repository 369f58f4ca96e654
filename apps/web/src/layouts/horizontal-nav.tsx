// The horizontal layout's menu bar (wide screens; it wraps rather than hiding items); narrower screens
// use the overlay drawer instead. Plain elements (frame.css, ui.css buttons in MUI's look): the frame
// loads no MUI.
import { activeItemPath, type MenuItem } from '@portal/shared/layout/menus';
import { useLocation } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { MenuIconOf } from './menu-icons';
import './frame.css';

export function HorizontalNav({ items }: { items: MenuItem[] }) {
  const { pathname } = useLocation();
  const active = activeItemPath(items, pathname);
  return (
    <nav aria-label="Main menu" className="fr-hnav">
      {items.map((item) => {
        const selected = item.path === active;
        return (
          <ButtonLink
            key={item.path}
            to={item.path}
            size="small"
            variant={selected ? 'contained' : 'text'}
            inherit={!selected}
            aria-current={selected ? 'page' : undefined}
          >
            <span className="fr-hnav__icon">
              <MenuIconOf icon={item.icon} />
            </span>
            {item.label}
          </ButtonLink>
        );
      })}
    </nav>
  );
}

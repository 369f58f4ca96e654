// The 65 px header (spec §2): menu button, the role's detail tabs (a menu on small screens),
// the feature controls (HeaderActions) and the profile menu. Plain elements styled by frame.css.
import type { Role } from '@portal/shared/auth/roles';
import { HEADER_HEIGHT, headerTabs, type StripTab } from '@portal/shared/layout/info-strip';
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { infoIcon, menuIcon, menuOpenIcon } from '../components/ui/material-icons';
import { SvgIcon } from '../components/ui/svg-icon';
import { loadChunk } from '../lib/lazy-page';
import { MD_UP, useMediaQuery } from '../lib/use-media-query';
import { HeaderActions } from './header-actions';
import { ProfileMenu } from './profile-menu';
import '../components/ui/controls.css';
import './frame.css';

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
  const wide = useMediaQuery(MD_UP);
  const [tabMenu, setTabMenu] = useState<HTMLElement | null>(null);
  // The menu is mounted from its first open on (it loads then), so closing keeps the exit transition.
  const [tabMenuOpened, setTabMenuOpened] = useState(false);
  return (
    <header className="fr-header" style={{ height: HEADER_HEIGHT }}>
      <div className="fr-toolbar">
        {menuButton ? (
          <button
            type="button"
            className="ui-iconbtn ui-iconbtn--edge-start"
            aria-label={menuButton.label}
            onClick={menuButton.onClick}
            onPointerEnter={menuButton.onIntent}
            onFocus={menuButton.onIntent}
          >
            <SvgIcon icon={menuButton.open ? menuOpenIcon : menuIcon} />
          </button>
        ) : null}
        {brand}
        {wide ? (
          <DetailTabs tabs={tabs} tab={tab} onChooseTab={onChooseTab} />
        ) : (
          <>
            <button
              type="button"
              className="ui-iconbtn"
              aria-label="Details"
              onPointerEnter={() => void loadDetailsMenu()}
              onFocus={() => void loadDetailsMenu()}
              onClick={(e) => {
                setTabMenuOpened(true);
                setTabMenu(e.currentTarget);
              }}
            >
              <SvgIcon icon={infoIcon} />
            </button>
            {tabMenuOpened ? (
              <Suspense fallback={null}>
                <DetailsMenu tabs={tabs} tab={tab} anchor={tabMenu} onClose={() => setTabMenu(null)} onChooseTab={onChooseTab} />
              </Suspense>
            ) : null}
          </>
        )}
        <div className="fr-spacer" />
        <div className="fr-actions" data-testid="header-actions">
          <HeaderActions role={role} />
        </div>
        <ProfileMenu role={role} />
      </div>
    </header>
  );
}

/**
 * The detail tabs as MUI's Tabs drew them: a tablist whose selected tab is underlined; arrow keys,
 * Home and End move the focus (the focused tab is chosen with Enter or Space, as MUI's default).
 */
function DetailTabs({
  tabs,
  tab,
  onChooseTab,
}: {
  tabs: readonly { tab: StripTab; label: string }[];
  tab: StripTab | null;
  onChooseTab: (tab: StripTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const focusable = tabs.some((t) => t.tab === tab) ? tab : tabs[0]?.tab;
  const onKeyDown = (e: KeyboardEvent) => {
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next < 0 || buttons.length === 0) return;
    e.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <div className="fr-tabs">
      <div className="fr-tabs__list" role="tablist" aria-label="Details" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const selected = t.tab === tab;
          return (
            <button
              key={t.tab}
              type="button"
              role="tab"
              className="fr-tab"
              aria-selected={selected}
              tabIndex={t.tab === focusable ? 0 : -1}
              onClick={() => {
                if (!selected) onChooseTab(t.tab);
              }}
            >
              {t.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

// The signed-in frame (spec §2): vertical layout (drawer 260 px, 65 px collapsed, overlay drawer up to
// 1199 px) or horizontal (menu bar, content capped at 1500 px); header, information strip and a main
// area whose height is the viewport minus the header and the open strip.
import { effectiveRole } from '@portal/shared/auth/roles';
import {
  chooseTab,
  closeStrip,
  HEADER_HEIGHT,
  HORIZONTAL_CONTENT_MAX_WIDTH,
  initialStrip,
  mainAreaHeight,
  OVERLAY_DRAWER_MAX_WIDTH,
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
  STRIP_HEIGHT,
  type StripState,
} from '@portal/shared/layout/info-strip';
import { sidebarItems } from '@portal/shared/layout/menus';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { loadChunk } from '../lib/lazy-page';
import { useGrants } from '../lib/permissions';
import { useMediaQuery } from '../lib/use-media-query';
import { Brand } from './brand';
import { DockedSidebar } from './docked-sidebar';
import { Header } from './header';
import { HorizontalNav } from './horizontal-nav';
import { InfoStrip } from './info-strip';
import { RolePreviewBanner } from './role-preview-banner';
import { AREA_PREFIX } from './profile-menu';
import { SidebarNav } from './sidebar-nav';
import { stripEmptyText, stripItems } from './strip-items';
import { useViewportHeight } from './use-viewport-height';
import './frame.css';

/** The CSS variable the <Toaster> takes its top offset from (app/providers.tsx). */
export const TOAST_TOP_VAR = '--toast-top';
/** Below the header and strip: the main area's padding and the page title row (PageTitle, Cart). */
const TOAST_CLEARANCE = 72;

export const OVERLAY_QUERY = `(max-width:${OVERLAY_DRAWER_MAX_WIDTH}px)`;

const loadOverlayNav = () => loadChunk(() => import('./overlay-nav'));
const OverlayNav = lazy(() => loadOverlayNav().then((m) => ({ default: m.OverlayNav })));

/**
 * The frame: plain elements (frame.css), no MUI. Its pages come in the MUI theme unless they are plain
 * (app/mui-pages.tsx); its MUI parts (menus, the drawer, tooltips) load on first use with their own.
 */
export function AppLayout() {
  const auth = useAppSelector((s) => s.auth);
  const layout = useAppSelector((s) => s.theme.layout);
  const role = effectiveRole(auth.role);
  const grants = useGrants();
  const items = sidebarItems(role, grants);
  const overlay = useMediaQuery(OVERLAY_QUERY);
  const viewport = useViewportHeight();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // A new page starts at its top: the main area is the scroll container, not the window.
  useEffect(() => {
    mainRef.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  const [strip, setStrip] = useState<StripState>(() => initialStrip(role));
  // Toasts start below the header, the open strip and the page's title row with its actions
  // (app/providers.tsx reads the variable), so they never cover their controls.
  useEffect(() => {
    const top = HEADER_HEIGHT + (strip.open ? STRIP_HEIGHT : 0) + TOAST_CLEARANCE;
    document.documentElement.style.setProperty(TOAST_TOP_VAR, `${top}px`);
    return () => void document.documentElement.style.removeProperty(TOAST_TOP_VAR);
  }, [strip.open]);
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The overlay drawer is mounted from its first opening on (it loads then) and kept mounted.
  const [drawerOpened, setDrawerOpened] = useState(false);

  const home = `${AREA_PREFIX[role]}/dashboard`;
  const horizontal = layout === 'horizontal' && !overlay;
  const store = role === 'sales' ? (auth.selectedCustomer ?? auth.storeDetail) : auth.storeDetail;
  const warehouse = auth.wareHouseDetail[auth.warehouseIndex] ?? auth.wareHouseDetail[0] ?? null;
  const drawerWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  const drawerHead = (compact: boolean) => (
    <div className={compact ? 'fr-drawer-head fr-drawer-head--compact' : 'fr-drawer-head'} style={{ height: HEADER_HEIGHT }}>
      <Brand logo={auth.logo} to={home} compact={compact} />
    </div>
  );

  return (
    <div className="fr-root">
      {overlay ? (
        drawerOpened ? (
          <Suspense fallback={null}>
            <OverlayNav
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              width={SIDEBAR_WIDTH}
              head={drawerHead(false)}
              items={items}
            />
          </Suspense>
        ) : null
      ) : horizontal ? null : (
        <DockedSidebar width={drawerWidth}>
          {drawerHead(collapsed)}
          <div className="fr-drawer-body">
            <SidebarNav items={items} collapsed={collapsed} />
          </div>
        </DockedSidebar>
      )}

      <div className="fr-column">
        <Header
          role={role}
          tab={strip.tab}
          onChooseTab={(tab) => setStrip((s) => chooseTab(s, tab))}
          menuButton={
            overlay
              ? {
                  label: 'Open menu',
                  onClick: () => {
                    setDrawerOpened(true);
                    setDrawerOpen(true);
                  },
                  onIntent: () => void loadOverlayNav(),
                }
              : horizontal
                ? undefined
                : { label: collapsed ? 'Expand menu' : 'Collapse menu', onClick: () => setCollapsed((c) => !c), open: !collapsed }
          }
          brand={overlay || horizontal ? <Brand logo={auth.logo} to={home} compact={overlay} /> : undefined}
        />
        {strip.open ? (
          <InfoStrip
            label={strip.tab === 0 ? 'Store Details' : 'Distributor Details'}
            items={stripItems(role, strip.tab, store, warehouse)}
            emptyText={stripEmptyText(role, strip.tab)}
            onClose={() => setStrip(closeStrip())}
          />
        ) : null}
        <main ref={mainRef} data-testid="main-area" className="fr-main" style={{ height: mainAreaHeight(viewport, strip.open) }}>
          <RolePreviewBanner />
          {horizontal ? <HorizontalNav items={items} /> : null}
          <div className="fr-content" style={horizontal ? { maxWidth: HORIZONTAL_CONTENT_MAX_WIDTH } : undefined}>
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}

// The information strip under the header (spec §2 "Information strip") and the layout sizes of §9.
import type { Role } from '../auth/roles.ts';

export const HEADER_HEIGHT = 65;
export const STRIP_HEIGHT = 53;
export const STRIP_SCROLL_STEP = 200;
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 65;
/** Screens up to this width use an overlay drawer. */
export const OVERLAY_DRAWER_MAX_WIDTH = 1199;
export const HORIZONTAL_CONTENT_MAX_WIDTH = 1500;

/** Tab 0 shows the store, tab 1 the distributor. */
export type StripTab = 0 | 1;

export interface HeaderTab {
  label: string;
  tab: StripTab;
}

/** Retailer and sales see Store Details and Distributor Details; the distributor Distributor Details only. */
export function headerTabs(role: Role): HeaderTab[] {
  const distributor: HeaderTab = { label: 'Distributor Details', tab: 1 };
  return role === 'distributor' ? [distributor] : [{ label: 'Store Details', tab: 0 }, distributor];
}

export interface StripState {
  open: boolean;
  /** The selected tab; null once the strip is closed. */
  tab: StripTab | null;
}

/** Open by default, on the role's first tab. */
export function initialStrip(role: Role): StripState {
  return { open: true, tab: headerTabs(role)[0]!.tab };
}

/** Closing hides the strip and clears the selected tab. */
export function closeStrip(): StripState {
  return { open: false, tab: null };
}

/** Choosing a tab opens the strip on it; choosing the same tab while open changes nothing. */
export function chooseTab(state: StripState, tab: StripTab): StripState {
  if (state.open && state.tab === tab) return state;
  return { open: true, tab };
}

/** Main area height: the viewport minus the header, minus the strip while it is open. */
export function mainAreaHeight(viewportHeight: number, stripOpen: boolean): number {
  return viewportHeight - HEADER_HEIGHT - (stripOpen ? STRIP_HEIGHT : 0);
}

/** Where the strip's scroll position goes after an arrow press, kept within its scrollable range. */
export function stripScrollTarget(current: number, direction: 'left' | 'right', maxScroll: number): number {
  const next = current + (direction === 'right' ? STRIP_SCROLL_STEP : -STRIP_SCROLL_STEP);
  return Math.max(0, Math.min(Math.max(0, maxScroll), next));
}

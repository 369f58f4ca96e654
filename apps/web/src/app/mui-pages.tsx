// The signed-in areas' pages in the MUI theme. Most pages are built with MUI; the frame around them
// (layouts/app-layout.tsx) is not, so a page without MUI on its first paint (the order screen) loads
// neither MUI nor Emotion before it shows its products. Each route's lazy part loads the theme beside
// its page module (in parallel, no extra round trip) and wraps the page in it; a route whose handle
// says `plainPage` is left alone, and the MUI parts it loads later wrap themselves
// (components/mui-theme.tsx).
import type { RouteObject } from 'react-router';
import { loadChunk } from '../lib/lazy-page';

/** A route's `handle` in the signed-in areas. */
export interface PageHandle {
  /** The page paints without MUI (plain elements only); its MUI parts load later and wrap themselves. */
  plainPage?: boolean;
}

const loadMuiTheme = () => loadChunk(() => import('../components/mui-theme'));

const isPlain = (route: RouteObject) => (route.handle as PageHandle | undefined)?.plainPage === true;

/** `routes` (and their children) with every lazily loaded page but the plain ones wrapped in the MUI theme. */
export function withMuiTheme(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children ? withMuiTheme(route.children) : undefined;
    const { lazy } = route;
    if (typeof lazy !== 'function' || isPlain(route)) return { ...route, children } as RouteObject;
    return {
      ...route,
      children,
      lazy: async () => {
        const [found, theme] = await Promise.all([lazy(), loadMuiTheme()]);
        return found.element ? { ...found, element: <theme.MuiTheme>{found.element}</theme.MuiTheme> } : found;
      },
    } as RouteObject;
  });
}

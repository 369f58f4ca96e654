// Pieces the route tables share: a title-only screen (for screens of later issues) and the page
// loaders that more than one area uses.
import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

// Lazily loaded like every screen: the title is MUI, which the entry does not load.
const pageTitle = () => import('../components/page-title');

export const title = (path: string, text: string): RouteObject => ({
  path,
  lazy: lazyPage(pageTitle, (m) => <m.TitlePage title={text} />),
});

export const policiesPage = () => import('../features/policies/policies-page');
export const policyPage = () => import('../features/policies/policy-page');
export const profilePage = () => import('../features/profile/profile-page');

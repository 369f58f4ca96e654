// The page's early requests: a script of its own (src/early-requests.ts, built to /early-requests.js
// by apps/web/script-build.ts and run by index.html before the app's scripts) that sends a first
// screen's requests as soon as the page is parsed, so their answers travel while the app's JavaScript
// downloads instead of after it has run. The app's identical requests take these answers
// (lib/early-answers.ts). Kept small: no React, no RTK.
import { askEarly } from '../lib/early-answers';
import { deviceHeaders } from '../lib/device';
import { storage } from '../lib/storage';
import { PROFILE_PATH } from '../features/auth/auth-paths';
import { CART_ITEMS_PATH } from '../features/cart/cart-paths';
import { INVENTORY_PATH, inventoryPage } from '../features/catalog/catalog-view';
import { firstScreenNeeds } from './first-screen-needs';

export function sendEarlyRequests(location: { pathname: string; search: string }): void {
  // Every stored session is restored from the profile as the app starts (app/session-gate.tsx).
  const token = storage.getToken();
  if (token) askEarly(PROFILE_PATH, { headers: { authorization: `Bearer ${token}`, ...deviceHeaders() } });
  const needs = firstScreenNeeds(location);
  if (!needs) return;
  const authorization = `Bearer ${needs.token}`;
  askEarly(CART_ITEMS_PATH, { headers: { authorization } });
  if (needs.catalogue)
    askEarly(INVENTORY_PATH, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(inventoryPage(needs.catalogue, 1)),
    });
}

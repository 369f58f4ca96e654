// Ending the session on this device (spec §4): token and role leave browser storage, every store goes
// back to its initial state and the API cache is dropped. Logout, a refused token and signing out the
// current device all end here.
import type { Dispatch } from '@reduxjs/toolkit';
import { resetStores } from '../app/reset';
import { api } from './api';
import { storage } from './storage';

export function clearSession(dispatch: Dispatch): void {
  storage.clearAuth();
  dispatch(resetStores());
  dispatch(api.util.resetApiState());
}

// One action that returns every client store to its first state (logout, 401/403). Each slice
// answers it; the theme keeps the user's choice.
import { createAction } from '@reduxjs/toolkit';

export const resetStores = createAction('app/resetStores');

// "View as this role" (issue 16 §1, docs/permissions.md): while set, the sidebar, the route guards and
// the pages' buttons follow this role's grants instead of the signed-in user's. Read-only by design:
// API calls stay the owner's (the server never acts as the role), so the preview shows what the role
// sees and cannot change anything it could not. Not persisted: a reload ends it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ModulePermission } from '@portal/shared/auth/permissions';
import { resetStores } from '../app/reset';

export interface RolePreviewState {
  role: { id: string; name: string; grants: ModulePermission[] } | null;
}

const initialState: RolePreviewState = { role: null };

const rolePreviewSlice = createSlice({
  name: 'rolePreview',
  initialState,
  reducers: {
    previewStarted(state, action: PayloadAction<NonNullable<RolePreviewState['role']>>) {
      state.role = action.payload;
    },
    previewEnded(state) {
      state.role = null;
    },
  },
  extraReducers: (builder) => builder.addCase(resetStores, () => initialState),
});

export const { previewStarted, previewEnded } = rolePreviewSlice.actions;
export const rolePreviewReducer = rolePreviewSlice.reducer;

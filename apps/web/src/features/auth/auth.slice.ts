// Auth state of spec §3/§4. Signing in (code, password, sales, restore) fills it; resetStores empties it.
// Token and role are also written to browser storage by the thunks in session.ts.
import type { ModulePermission } from '@portal/shared/auth/permissions';
import type { Role } from '@portal/shared/auth/roles';
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';
import { errorMessage } from '../../lib/api';
import { authApi } from './auth.api';
import type { ProfileData, SignInData, StoreDetail, WarehouseDetail } from './auth.types';

export interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  loading: boolean;
  error: string | null;
  emailPhone: string | null;
  otpSent: boolean;
  role: Role | null;
  wareHouseDetail: WarehouseDetail[];
  /** Which warehouse of wareHouseDetail the user chose on /warehouse-selection (the first by default). */
  warehouseIndex: number;
  storeDetail: StoreDetail | null;
  signUpData: { email: string; phone: string; storeName: string } | null;
  module: ModulePermission[];
  selectedCustomer: StoreDetail | null;
  isSessionActive: unknown;
  logo: string | null;
  /**
   * The signed-in person's own name, from the sign-in answer and the session restore. The header and
   * profile menu show it; a sales rep's selected customer never replaces it.
   */
  userName: string | null;
}

export const initialAuth: AuthState = {
  token: null,
  isAuthenticated: false,
  loading: false,
  error: null,
  emailPhone: null,
  otpSent: false,
  role: null,
  wareHouseDetail: [],
  warehouseIndex: 0,
  storeDetail: null,
  signUpData: null,
  module: [],
  selectedCustomer: null,
  isSessionActive: null,
  logo: null,
  userName: null,
};

const e = authApi.endpoints;
const authCalls = [
  e.requestOtp,
  e.verifyOtp,
  e.loginWithPassword,
  e.salesLogin,
  e.signup,
  e.verifyRetailerOtp,
  e.forgotPassword,
  e.resetPassword,
  e.resendOtp,
] as const;

function sameWarehouse(a: WarehouseDetail, b: WarehouseDetail): boolean {
  return a.D_Name === b.D_Name && a.D_Addr1 === b.D_Addr1 && a.D_City === b.D_City && a.D_State === b.D_State;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    otpRequested(state, action: PayloadAction<string>) {
      state.otpSent = true;
      state.emailPhone = action.payload;
    },
    signedIn(state, action: PayloadAction<SignInData>) {
      const d = action.payload;
      state.token = d.token;
      state.role = d.role;
      state.isAuthenticated = true;
      state.wareHouseDetail = d.wareHouseDetail ?? [];
      state.warehouseIndex = 0;
      state.storeDetail = d.storeDetail;
      state.logo = d.logo;
      state.module = d.rolesPermission ?? [];
      state.userName = d.userName ?? null;
      state.otpSent = false;
      state.error = null;
    },
    sessionRestored(state, action: PayloadAction<ProfileData>) {
      const d = action.payload;
      const whole = d.wholeStoreDetail;
      state.token = d.token;
      state.role = d.role;
      state.isAuthenticated = true;
      state.logo = d.logo;
      state.module = d.rolesPermission ?? [];
      state.isSessionActive = d.profile?.isSessionActive ?? null;
      state.userName = typeof d.profile?.name === 'string' ? d.profile.name : null;
      state.storeDetail = d.storeDetail;
      // A single warehouse detail taken from the whole-store detail (spec §4): the one in use (chosen on
      // /warehouse-selection, kept across reloads) when the list still has it, else the first. Found by
      // its details, not its index: after a restore the session holds a one-entry list.
      const list = whole ? (Array.isArray(whole) ? whole : [whole]) : [];
      const inUse = state.wareHouseDetail?.[state.warehouseIndex];
      const chosen = (inUse && list.find((w) => sameWarehouse(w, inUse))) ?? list[0];
      if (chosen) state.wareHouseDetail = [chosen];
      state.warehouseIndex = 0;
    },
    setSignUpData(state, action: PayloadAction<AuthState['signUpData']>) {
      state.signUpData = action.payload;
    },
    setStoreDetail(state, action: PayloadAction<StoreDetail | null>) {
      state.storeDetail = action.payload;
    },
    setSelectedCustomer(state, action: PayloadAction<StoreDetail | null>) {
      state.selectedCustomer = action.payload;
    },
    /** /warehouse-selection: the whole list (GET /auth/profile) and the one chosen in it, as right after sign-in. */
    warehouseChosen(state, action: PayloadAction<{ list: WarehouseDetail[]; index: number }>) {
      const { list, index } = action.payload;
      if (index < 0 || index >= list.length) return;
      state.wareHouseDetail = list;
      state.warehouseIndex = index;
    },
    selectWarehouse(state, action: PayloadAction<number>) {
      if (action.payload >= 0 && action.payload < state.wareHouseDetail.length) state.warehouseIndex = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(resetStores, () => initialAuth)
      // Each async action sets loading at start and stores the error on failure (spec §4).
      .addMatcher(isAnyOf(...authCalls.map((c) => c.matchPending)), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isAnyOf(...authCalls.map((c) => c.matchFulfilled)), (state) => {
        state.loading = false;
      })
      .addMatcher(isAnyOf(...authCalls.map((c) => c.matchRejected)), (state, action) => {
        state.loading = false;
        state.error = errorMessage(action.payload, 'Request failed');
      }),
});

export const {
  otpRequested,
  signedIn,
  sessionRestored,
  setSignUpData,
  setStoreDetail,
  setSelectedCustomer,
  selectWarehouse,
  warehouseChosen,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

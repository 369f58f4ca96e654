// Dashboard state of spec §3 (newItems, discountedItems, popularItems, loading, error), persisted
// (spec §3 "Persisted stores") so that the shelves show at once on the next visit while fresh
// lists load. Filled by the shelf calls; reset on logout.
import type { CatalogProduct } from '@portal/shared/catalog/catalog.schemas';
import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { resetStores } from '../../app/reset';
import { errorMessage } from '../../lib/api';
import { dashboardApi, SHELF_MESSAGES } from './dashboard.api';

export interface DashboardState {
  newItems: CatalogProduct[];
  discountedItems: CatalogProduct[];
  popularItems: CatalogProduct[];
  loading: boolean;
  error: string | null;
}

export const initialDashboard: DashboardState = {
  newItems: [],
  discountedItems: [],
  popularItems: [],
  loading: false,
  error: null,
};

const e = dashboardApi.endpoints;
const shelves = [e.getNewItems, e.getDiscountedItems, e.getPopularItems] as const;

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboard,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(resetStores, () => initialDashboard)
      .addMatcher(e.getNewItems.matchFulfilled, (state, action) => {
        state.newItems = action.payload;
      })
      .addMatcher(e.getDiscountedItems.matchFulfilled, (state, action) => {
        state.discountedItems = action.payload;
      })
      .addMatcher(e.getPopularItems.matchFulfilled, (state, action) => {
        state.popularItems = action.payload;
      })
      .addMatcher(isAnyOf(...shelves.map((s) => s.matchPending)), (state) => {
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isAnyOf(...shelves.map((s) => s.matchFulfilled)), (state) => {
        state.loading = false;
      })
      .addMatcher(isAnyOf(...shelves.map((s) => s.matchRejected)), (state, action) => {
        state.loading = false;
        if ((action.meta as { condition?: boolean }).condition) return;
        const name = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName;
        const fallback =
          name === 'getDiscountedItems'
            ? SHELF_MESSAGES.discounted
            : name === 'getPopularItems'
              ? SHELF_MESSAGES.popular
              : SHELF_MESSAGES.new;
        state.error = errorMessage(action.payload, fallback);
      }),
});

export const dashboardReducer = dashboardSlice.reducer;

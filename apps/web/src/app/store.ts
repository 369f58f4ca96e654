// The Redux store: the RTK Query api plus the slices of reducers.ts; the persisted ones go through
// redux-persist with the spec's 5000 ms rehydrate time-out.
import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import storage from 'redux-persist/es/storage';
import { api } from '../lib/api';
import { persistBlacklist, persistedReducers, reducers } from './reducers';

export const PERSIST_TIMEOUT_MS = 5000;

type Persisted = typeof persistedReducers;

function persistAll(): { [K in keyof Persisted]: Reducer<ReturnType<Persisted[K]>> } {
  const out: Record<string, Reducer> = {};
  for (const [key, reducer] of Object.entries(persistedReducers)) {
    const blacklist = persistBlacklist[key as keyof Persisted];
    out[key] = persistReducer(
      { key, storage, timeout: PERSIST_TIMEOUT_MS, ...(blacklist ? { blacklist } : {}) },
      reducer as Reducer,
    );
  }
  return out as { [K in keyof Persisted]: Reducer<ReturnType<Persisted[K]>> };
}

/** Builds a store. Tests pass persist: false to get plain, synchronous slices. */
export function createAppStore(options: { persist?: boolean } = {}) {
  const persist = options.persist ?? true;
  const rootReducer = combineReducers({
    [api.reducerPath]: api.reducer,
    ...reducers,
    ...(persist ? persistAll() : persistedReducers),
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }).concat(
        api.middleware,
      ),
  });
  const persistor = persist ? persistStore(store) : null;
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

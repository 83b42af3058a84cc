import { combineSlices, configureStore, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// The CommonJS build (lib/storage) blanks the built app.
import storage from 'redux-persist/es/storage';
import { rootSlice, setLoading } from './root-slice';
import { authSlice } from './auth-slice';
import { dashboardSlice } from './dashboard-slice';
import { articleSlice } from './article-slice';
import { alarmSlice } from './alarm-slice';
import { configureApiClient } from './api-client';
import type { baseApi } from './base-api';

// The RTK Query slice is injected by the signed-in areas (api-setup.ts): RTK Query is not part of
// the sign-in page's first load.
export const rootReducer = combineSlices(
  rootSlice,
  authSlice,
  dashboardSlice,
  articleSlice,
  alarmSlice,
).withLazyLoadedSlices<{
  [K in typeof baseApi.reducerPath]: ReturnType<typeof baseApi.reducer>;
}>();

export const persistConfig = {
  key: 'root',
  storage,
  whitelist: ['root', 'authentification', 'article'],
  timeout: 5000,
};

export const listener = createListenerMiddleware();
export const dynamicMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: persistReducer(persistConfig, rootReducer),
  middleware: (getDefault) =>
    getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
      .prepend(listener.middleware)
      .concat(dynamicMiddleware.middleware),
});

export const persistor = persistStore(store, null, () => {
  // A loading flag persisted mid-request must not stay on after a reload.
  store.dispatch(setLoading(false));
});

configureApiClient({ getToken: () => store.getState().authentification.token, dispatch: store.dispatch });

export type AppState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { persistReducer, persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
// The CommonJS build (lib/storage) blanks the built app.
import storage from 'redux-persist/es/storage';
import { rootSlice, setLoading } from './root-slice';
import { authSlice, disconnect } from './auth-slice';
import { dashboardSlice } from './dashboard-slice';
import { articleSlice } from './article-slice';
import { baseApi } from './base-api';
import { configureApiClient } from './api-client';

const reducers = combineReducers({
  root: rootSlice.reducer,
  authentification: authSlice.reducer,
  dashboard: dashboardSlice.reducer,
  article: articleSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export const persistConfig = {
  key: 'root',
  storage,
  whitelist: ['root', 'authentification', 'article'],
  timeout: 5000,
};

const listener = createListenerMiddleware();
// A signed-out user must not see the previous user's cached data.
listener.startListening({
  actionCreator: disconnect,
  effect: (_action, api) => {
    api.dispatch(baseApi.util.resetApiState());
  },
});

export const store = configureStore({
  reducer: persistReducer(persistConfig, reducers),
  middleware: (getDefault) =>
    getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
      .prepend(listener.middleware)
      .concat(baseApi.middleware),
});

export const persistor = persistStore(store, null, () => {
  // A loading flag persisted mid-request must not stay on after a reload.
  store.dispatch(setLoading(false));
});

configureApiClient({ getToken: () => store.getState().authentification.token, dispatch: store.dispatch });

export type AppState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

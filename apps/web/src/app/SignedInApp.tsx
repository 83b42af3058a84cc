import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router/dom';
import { persistor, store } from './store';
import { router } from './router';
import { followUserLanguage } from './user-language';
import { Loading } from '../components/Loading';

followUserLanguage(store);

/**
 * The application with its store and router: loaded at once for a saved session, after signing in otherwise (the
 * sign-in page needs neither). Signing out stays here: the routes show the sign-in page again.
 */
export const SignedInApp = () => (
  <Provider store={store}>
    <PersistGate loading={<Loading />} persistor={persistor}>
      <RouterProvider router={router} />
    </PersistGate>
  </Provider>
);

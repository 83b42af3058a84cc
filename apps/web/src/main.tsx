import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router/dom';
import './app/i18n';
import { persistor, store } from './app/store';
import { router } from './app/router';
import { ThemedApp } from './app/ThemedApp';
import { startVersionCheck } from './app/version-check';
import { followUserLanguage } from './app/user-language';
import { Loading } from './components/Loading';

startVersionCheck();
followUserLanguage(store);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ThemedApp>
        <PersistGate loading={<Loading />} persistor={persistor}>
          <RouterProvider router={router} />
        </PersistGate>
      </ThemedApp>
    </Provider>
  </StrictMode>,
);

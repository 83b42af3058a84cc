import { disconnect } from './auth-slice';
import { baseApi } from './base-api';
import { dynamicMiddleware, listener, rootReducer } from './store';

// Imported by the signed-in areas before they render: adds the RTK Query slice and middleware once.
rootReducer.inject(baseApi);
dynamicMiddleware.addMiddleware(baseApi.middleware);
// A signed-out user must not see the previous user's cached data.
listener.startListening({
  actionCreator: disconnect,
  effect: (_action, api) => {
    api.dispatch(baseApi.util.resetApiState());
  },
});

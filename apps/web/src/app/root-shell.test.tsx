// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import './i18n';
import { store } from './store';
import { login, disconnect } from './auth-slice';
import { appRoutes } from './router';
import { ErrorPage } from '../components/ErrorPage';
import { sessionUser } from '../test/session-user';

const user = sessionUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderAt = (path: string) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
};

beforeEach(() => {
  // No server here: the session refresh and sign-in go to a fake fetch.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(404, { type: 'about:blank', title: 'nf', status: 404, code: 'not_found' })),
  );
});
afterEach(() => {
  cleanup();
  store.dispatch(disconnect());
  vi.unstubAllGlobals();
});

describe('root shell', () => {
  it('sends a signed-out deep link to the sign-in page', async () => {
    const router = renderAt('/admin/profile');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('sends a signed-out visitor of / to the sign-in page', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('shows the exact message on 401 and the retry-later message on 429', async () => {
    const fetchMock = vi.fn(async () =>
      json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'invalid_credentials' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/auth/sign-in');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign in. Email or Password incorrect.');
    fetchMock.mockImplementation(async () =>
      json(429, { type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many sign-in attempts. Please retry later.')).toBeTruthy();
  });

  it('stores the session on sign-in and moves to the admin dashboard', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/auth/sign-in')
          ? json(200, { token: 'tok', user: { ...user({}), Mot_de_passe: 'hash' }, permissions: ['dashboard.read'] })
          : json(200, { user: user({}), permissions: ['dashboard.read'] }),
      ),
    );
    const router = renderAt('/auth/sign-in');
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'claire@demo.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The admin area and its texts load lazily (the first import transforms the whole area): allow more than the
    // default second, for a loaded machine.
    expect((await screen.findByTestId('tenant-name', {}, { timeout: 20_000 })).textContent).toBe('Demo');
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const auth = store.getState().authentification;
    expect(auth).toMatchObject({ isLoggedIn: true, userId: 5, token: 'tok', userPermissions: ['dashboard.read'] });
    expect(auth.loggedInUser).not.toHaveProperty('Mot_de_passe');
  });

  it('gives a mobile-only user the blocked screen at any URL; its button signs out', async () => {
    act(() => {
      store.dispatch(login({ user: user({ App_Type: 'Mobile' }), token: 'tok', permissions: [] }));
    });
    const router = renderAt('/admin/dashboard');
    expect(await screen.findByText('Sorry, you are not allowed to use the dashboard on the web.')).toBeTruthy();
    expect(screen.getByText('Please use the mobile app instead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back to Login' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(store.getState().authentification).toMatchObject({
      isLoggedIn: false,
      token: null,
      userId: null,
      loggedInUser: null,
      userPermissions: [],
    });
  });

  it('sends a super admin to /superAdmin, even from an admin URL', async () => {
    act(() => {
      store.dispatch(login({ user: user({ rb: true, App_Type: 'Web' }), token: 'tok', permissions: [] }));
    });
    const router = renderAt('/admin/dashboard');
    // The lazy area is transformed on first import: more than findBy's default second on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Organizations' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superAdmin');
  });

  it('shows the generic error page when a route fails to render', async () => {
    const Boom = () => {
      throw new Error('kaboom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });
});

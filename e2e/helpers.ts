import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password-1';

export const ACCOUNTS = {
  admin: 'admin@demo.test',
  mobile: 'mobile@demo.test',
  viewer: 'viewer@demo.test',
  acme: 'admin@acme.test',
  superAdmin: 'super@tagstock.test',
} as const;

export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
};

/** The API's answer to a sign-in (200 expected): the token, the user and their permissions. */
export const signInThroughApi = async (request: APIRequestContext, email: string, password = DEMO_PASSWORD) => {
  const res = await request.post('/backend/api/auth/sign-in', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; user: { IDUser: number; IDClient: string }; permissions: string[] };
};

/**
 * Signs in through the API and leaves the session where the app keeps it (its saved store), then opens `path` if
 * given: the page opens signed in, with no sign-in page and no landing on the dashboard first. Each of those is a
 * cold boot of the app, and the dashboard's widgets hold the server's one database connection while the next page
 * waits. The sign-in form itself is tested with `signIn` (auth, password, super admin and security specs).
 */
export const enter = async (page: Page, email: string, path?: string, password = DEMO_PASSWORD) => {
  const session = await signInThroughApi(page.request, email, password);
  // As the app's store saves it (redux-persist: each slice JSON-encoded inside one JSON object).
  const auth = {
    loggedInUser: session.user,
    isLoggedIn: true,
    userId: session.user.IDUser,
    token: session.token,
    userPermissions: session.permissions,
    blocked: false,
  };
  const saved = JSON.stringify({
    authentification: JSON.stringify(auth),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });
  // Once per tab and sign-in, on the app's own origin: a sign-out later in the test stays signed out across reloads,
  // and a later `enter` (its own key) replaces the session at the next page.
  const once = `e2e-session-${session.token.slice(-16)}`;
  await page.addInitScript({
    content: `if (location.protocol === 'http:' && !sessionStorage.getItem(${JSON.stringify(once)})) {
      sessionStorage.setItem(${JSON.stringify(once)}, '1');
      localStorage.setItem('persist:root', ${JSON.stringify(saved)});
    }`,
  });
  if (path) await page.goto(path);
};

export const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
};

export const signOut = async (page: Page) => {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
};

/** A suffix that keeps each run's records apart in the shared e2e database. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Opens an admin screen as a signed-in user and waits for its grid. */
export const openScreen = async (page: Page, path: string) => {
  await page.goto(`/admin/${path}`);
  // Often the test's first page: a cold boot of the app in a new browser context (no cached chunk).
  await expect(page.getByRole('grid')).toBeVisible({ timeout: 30000 });
  await settled(page);
};

/** Waits until every list on the page shows the rows of its current query (none is fetching). */
export const settled = async (page: Page) => {
  await expect(page.locator('[data-testid="resource-table"][aria-busy="true"]')).toHaveCount(0);
};

export const dialog = (page: Page) => page.getByRole('dialog');

export const chooseOption = async (page: Page, label: string, option: string) => {
  const combobox = dialog(page).getByRole('combobox', { name: label });
  // A reference select (an input) searches the server: type the name, it may be beyond the first matches. An
  // article's option reads 'reference — designation': the server searches the reference and the designation, so
  // the reference is typed.
  const searchable = await combobox.evaluate((el) => el.tagName === 'INPUT');
  await combobox.click();
  if (searchable) await combobox.fill(option.split(' — ')[0]!);
  await page.getByRole('option', { name: option, exact: true }).click();
};

export const search = async (page: Page, text: string) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  const param = new URLSearchParams({ search: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(param));
  // The rows on screen are those of this search, not the ones before it: a click lands on a row that stays.
  await expect(page.locator(`[data-testid="resource-table"][data-shown-search=${JSON.stringify(text)}]`)).toBeVisible();
  await settled(page);
};

export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

/** Signs in from a French browser (`test.use({ locale: 'fr-FR' })`): the sign-in page speaks French. */
export const signInFrench = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // Signed in once the page leaves the sign-in form (the landing page depends on the account).
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
};

/**
 * Types a date at the keyboard into a date field, as the app's language writes it: `typed` is 'dd/mm/yyyy' in
 * French, 'mm/dd/yyyy' in English. The field moves from day to month to year by itself.
 */
export const typeDate = async (scope: Page | Locator, label: string, typed: string) => {
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(typed.replace(/\D/g, ''));
};

/** A search-as-you-type select of the page or of a dialog: type, then pick the exact option. */
export const pick = async (page: Page, label: string, typed: string, option: string) => {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** One line's article through the keyboard (French): the reference, Enter picks it and moves to its quantity. */
export const typeArticle = async (page: Page, n: number, reference: string) => {
  await expect(page.getByRole('combobox', { name: `Article, ligne ${n}` })).toBeFocused();
  await page.keyboard.type(reference);
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: `Quantité, ligne ${n}` })).toBeFocused();
};

import { expect, test } from '@playwright/test';
import { APP_VERSION } from '@tagstock/contract';
import { ACCOUNTS, openAccountMenu, signIn, signOut } from './helpers';

test.use({ locale: 'en-US' });

test('sign-in leads an admin to the dashboard with the tenant name', async ({ page }) => {
  // The live socket opens after sign-in and joins the tenant room.
  const joinRoom = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/backend-socket/socket.io/'))
    .then((ws) => ws.waitForEvent('framesent', (frame) => String(frame.payload).startsWith('42["join_room"')));
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('tenant-name')).toHaveText('Demo');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  // The version sits in the user menu, not in the app bar.
  await expect(page.getByText(`Version ${APP_VERSION}`)).toHaveCount(0);
  await openAccountMenu(page);
  await expect(page.getByRole('menu').getByText(`Version ${APP_VERSION}`)).toBeVisible();
  await page.keyboard.press('Escape');
  expect(String((await joinRoom).payload)).toMatch(/^42\["join_room","\d+"\]$/);
});

test('a wrong password shows the exact failure message', async ({ page }) => {
  await signIn(page, ACCOUNTS.acme, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Failed to sign in. Email or Password incorrect.');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('a super admin lands on /superAdmin and sees the organizations', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await expect(page).toHaveURL(/\/superAdmin$/);
  const table = page.getByRole('table', { name: 'Organizations' });
  await expect(table.getByRole('cell', { name: 'Demo', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Acme', exact: true })).toBeVisible();
  // The admin area does not exist for a super admin.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/superAdmin$/);
});

test('a mobile-only user gets the blocked screen, and its button signs out', async ({ page }) => {
  await signIn(page, ACCOUNTS.mobile);
  await expect(
    page.getByRole('heading', { name: 'Sorry, you are not allowed to use the dashboard on the web.' }),
  ).toBeVisible();
  await expect(page.getByText('Please use the mobile app instead.')).toBeVisible();
  // Its session is cleared at once (SPEC §4): no token, user or permission is left in the browser.
  const stored = () => page.evaluate<string>("localStorage.getItem('persist:root') ?? ''");
  await expect.poll(stored).toContain('\\"blocked\\":true');
  expect(await stored()).toContain('\\"token\\":null');
  expect(await stored()).not.toContain('mobile@demo.test');
  // No area is reachable, whatever the URL.
  await page.goto('/admin/dashboard');
  await expect(
    page.getByRole('heading', { name: 'Sorry, you are not allowed to use the dashboard on the web.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Go Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('a deep link while signed out goes to the sign-in page', async ({ page }) => {
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('a reload keeps the session', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const state = await page.context().storageState();
  const persisted =
    state.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'persist:root')?.value ?? null;
  expect(persisted).not.toBeNull();
  expect(persisted).not.toContain('Mot_de_passe');
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId('tenant-name')).toHaveText('Demo');
});

test('sign-out returns to the sign-in page and protects the areas again', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
});

test('the edit-profile page saves the name', async ({ page }) => {
  await signIn(page, ACCOUNTS.acme);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const name = page.getByLabel('Name');
  await name.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await expect(page.getByText('This field is required')).toBeVisible();
  await name.fill('Acme Administrator');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Edited successfully')).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, openAccountMenu, signIn, signOut } from './helpers';

// Uses its own account (viewer) and restores the password, so other specs are unaffected.
test.use({ locale: 'en-US' });

const NEW_PASSWORD = 'brand-new-password-2';

const changePassword = async (page: Page, current: string, next: string) => {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password').fill(next);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
};

test('form rules: empty, too short, mismatch and wrong current password', async ({ page }) => {
  await signIn(page, ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/password');
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('shorter');
  await save.click();
  await expect(page.getByText('Password is too short')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('long-enough-password');
  await save.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Current password').fill('definitely-wrong-1');
  await page.getByLabel('Confirm new password').fill('long-enough-password');
  await save.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
});

test('a changed password works at the next sign-in, and the session survives the change', async ({ page }) => {
  // Three sign-ins and two changes, on a machine that may be busy.
  test.setTimeout(120000);
  await signIn(page, ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);
  // The new token was stored: the session still works after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/password$/);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('tenant-name')).toHaveText('Demo');
  await signOut(page);

  await signIn(page, ACCOUNTS.viewer, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Put it back for later runs against the same data folder.
  await changePassword(page, NEW_PASSWORD, DEMO_PASSWORD);
  await signOut(page);
  await signIn(page, ACCOUNTS.viewer, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

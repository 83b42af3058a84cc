import { expect, test } from '@playwright/test';
import { PERMISSIONS } from '@tagstock/contract';

// The roles screen offers every resource: each has a screen.
const OFFERED = PERMISSIONS;
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, row, search, toast, unique } from './helpers';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
});

test('users: password checks, create, edit and disable', async ({ page }) => {
  // Several saves through dialogs, on a machine that may be busy.
  test.setTimeout(120000);
  const name = `E2E User ${unique()}`;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@demo.test`;
  await openScreen(page, 'users');
  await page.getByRole('button', { name: 'New user' }).click();
  await dialog(page).getByLabel('Name').first().fill(name);
  await dialog(page).getByLabel('Email').fill(email);
  await chooseOption(page, 'Role', 'Lecteur');
  await dialog(page)
    .getByLabel(/^Password/)
    .fill('short');
  await dialog(page).getByLabel('Confirm password').fill('other');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Password is too short')).toBeVisible();
  await dialog(page)
    .getByLabel(/^Password/)
    .fill('long-enough-1');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Passwords do not match')).toBeVisible();
  await dialog(page).getByLabel('Confirm password').fill('long-enough-1');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User created')).toBeVisible();

  await search(page, name);
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  await chooseOption(page, 'App type', 'Mobile');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Edited successfully')).toBeVisible();
  await expect(row(page, name)).toContainText('Mobile');

  await row(page, name).getByRole('button', { name: 'Disable' }).click();
  await dialog(page).getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, 'Disabled successfully')).toBeVisible();
  await expect(row(page, name)).toContainText('Disabled');
});

test('roles: one table of read / write switches, select all, deselect all, one save', async ({ page }) => {
  // Three saves and a reload of every permission, on a machine that may be busy.
  test.setTimeout(120000);
  const name = `E2E Role ${unique()}`;
  await openScreen(page, 'roles');
  await page.getByRole('button', { name: 'New role' }).click();
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, name);
  await page.getByRole('gridcell', { name }).click();
  await expect(page.getByRole('heading', { name: `Permissions of ${name}` })).toBeVisible();

  const matrix = page.getByTestId('permission-matrix');
  const save = matrix.getByRole('button', { name: 'Save', exact: true });
  await expect(matrix.getByText('This role has no permission.')).toBeVisible();
  await expect(save).toBeDisabled();
  // Write brings read along.
  await matrix.getByRole('switch', { name: 'Articles — Write' }).check();
  await expect(matrix.getByRole('switch', { name: 'Articles — Read' })).toBeChecked();
  await save.click();
  const added = toast(page, 'Role permissions added');
  await expect(added).toBeVisible();
  await expect(save).toBeDisabled();
  // Closed, so that the next save's toast is its own.
  await page
    .locator('.Toastify__toast')
    .filter({ hasText: 'Role permissions added' })
    .getByRole('button', { name: 'close' })
    .click();
  await expect(added).toHaveCount(0);

  // Every resource of the catalogue has its row, the payment modes and company settings among them.
  await expect(matrix.getByRole('switch', { name: 'Payment modes — Write' })).toBeVisible();
  await expect(matrix.getByRole('switch', { name: 'Company settings — Read' })).toBeVisible();
  await matrix.getByRole('button', { name: 'Select all', exact: true }).click();
  await expect(matrix.getByRole('switch', { checked: true })).toHaveCount(OFFERED.length);
  await expect(matrix.getByText('No permission to add.')).toBeVisible();
  await save.click();
  await expect(toast(page, 'Role permissions added')).toBeVisible();
  await page.reload();
  await expect(matrix.getByRole('switch', { checked: true })).toHaveCount(OFFERED.length);

  await matrix.getByRole('button', { name: 'Deselect all', exact: true }).click();
  await expect(matrix.getByRole('switch', { checked: true })).toHaveCount(0);
  await save.click();
  await expect(toast(page, 'Role permissions deleted')).toBeVisible();
  await expect(matrix.getByText('This role has no permission.')).toBeVisible();
});

test('activity logs show who changed an article, old → new, searchable', async ({ page }) => {
  // An article created, changed, then found in the log by three searches: slow on a busy machine.
  test.setTimeout(120000);
  const reference = `LOG-${unique()}`.toUpperCase();
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'New article' }).click();
  await dialog(page).getByLabel('Reference').fill(reference);
  await dialog(page).getByLabel('Designation').fill('Article journalisé');
  await dialog(page).getByLabel('Pre-tax price').fill('3');
  await dialog(page).getByLabel('Stock alert threshold').fill('1');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, reference);
  await row(page, reference).getByRole('button', { name: 'Edit' }).click();
  await dialog(page).getByLabel('Designation').fill('Article renommé');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Edited successfully')).toBeVisible();

  await openScreen(page, 'logs');
  await search(page, reference);
  await expect(row(page, reference)).toHaveCount(2);
  const updated = row(page, 'Updated');
  await expect(updated).toContainText('Camille Martin');
  await expect(updated).toContainText('Article journalisé');
  await expect(updated).toContainText('Article renommé');
});

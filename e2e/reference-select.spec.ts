import { expect, test } from '@playwright/test';
import { ACCOUNTS, dialog, enter, openScreen, search, toast, unique } from './helpers';
import { apiPost, apiSignIn } from './rfid-api';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
});

test('an article takes a supplier found by typing, far beyond the first page of suppliers', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const run = unique();
  const session = await apiSignIn(request);
  const names = Array.from({ length: 120 }, (_, i) => `RS ${run} ${String(i + 1).padStart(3, '0')}`);
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(names.slice(i, i + 10).map((name) => apiPost(request, session, '/suppliers', { name })));
  }
  const last = names[names.length - 1]!;

  const reference = `RS-${run}`.toUpperCase();
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'New article' }).click();
  await dialog(page).getByLabel('Reference').fill(reference);
  await dialog(page).getByLabel('Designation').fill('Article au fournisseur lointain');
  await dialog(page).getByLabel('Pre-tax price').fill('4');
  await dialog(page).getByLabel('Stock alert threshold').fill('0');
  const supplier = dialog(page).getByRole('combobox', { name: 'Supplier' });
  await supplier.fill(last);
  await page.getByRole('option', { name: last, exact: true }).click();
  await expect(supplier).toHaveValue(last);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();

  await search(page, reference);
  await page.getByRole('gridcell', { name: reference }).click();
  await expect(page.getByRole('link', { name: last, exact: true })).toBeVisible();

  // The edit form shows the current supplier's name though it is not among the first matches.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog(page).getByRole('combobox', { name: 'Supplier' })).toHaveValue(last);
});

test('the roles screen offers only permissions of screens that exist', async ({ page }) => {
  await openScreen(page, 'roles');
  await search(page, 'Lecteur');
  await page.getByRole('gridcell', { name: 'Lecteur', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Permissions of Lecteur' })).toBeVisible();
  const matrix = page.getByTestId('permission-matrix');
  await expect(matrix.getByRole('switch', { name: 'Articles — Read' })).toBeChecked();
  await expect(matrix.getByRole('switch', { name: 'Articles — Write' })).not.toBeChecked();
  // Purchase orders have their screen now.
  await expect(matrix.getByRole('switch', { name: 'Purchase orders — Read' })).toBeChecked();
  await expect(matrix.getByRole('switch', { name: 'Purchase orders — Write' })).not.toBeChecked();
  // Invoicing has its screens (its payments included); what is not built yet is not offered.
  await expect(
    matrix.getByRole('switch', { name: 'Invoicing (proformas, invoices, credit notes, payments) — Read' }),
  ).toBeVisible();
  // Delivery notes, reservations, inventories and reports have theirs.
  for (const built of ['Delivery notes', 'Reservations', 'Inventories', 'Reports'])
    await expect(matrix.getByRole('switch', { name: `${built} — Read` })).toBeVisible();
  for (const missing of ['Sales documents', 'Payments']) {
    await expect(matrix.getByText(missing, { exact: true })).toHaveCount(0);
  }
});

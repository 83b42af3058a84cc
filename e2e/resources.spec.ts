import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, row, search, toast, unique } from './helpers';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

type Case = {
  path: string;
  newButton: string;
  nameLabel: string;
  /** Fills the other fields of the form. */
  fill?: (page: Page) => Promise<void>;
  createdToast?: string;
  sortHeader: string;
  sortParam: string;
};

const CASES: Case[] = [
  {
    path: 'suppliers',
    newButton: 'New supplier',
    nameLabel: 'Business name',
    fill: async (page) => {
      await dialog(page).getByLabel('Contact').fill('Jeanne Roux');
      await dialog(page).getByLabel('Email').fill('jeanne@fournisseur.test');
      await dialog(page).getByLabel('City').fill('Nantes');
    },
    sortHeader: 'City',
    sortParam: 'city',
  },
  {
    path: 'categories',
    newButton: 'New category',
    nameLabel: 'Name',
    fill: (page) => dialog(page).getByLabel('Description').fill('Created by the e2e suite'),
    sortHeader: 'Name',
    sortParam: 'name',
  },
  {
    path: 'reasons',
    newButton: 'New reason',
    nameLabel: 'Label',
    fill: (page) => chooseOption(page, 'Applies to', 'Increments'),
    sortHeader: 'Applies to',
    sortParam: 'kind',
  },
  {
    path: 'customers',
    newButton: 'New customer',
    nameLabel: 'Business name',
    fill: async (page) => {
      await dialog(page).getByLabel('Customer category').fill('Entreprise');
      await chooseOption(page, 'Group', 'Grands comptes');
    },
    createdToast: 'Customer created',
    sortHeader: 'Group',
    sortParam: 'groupName',
  },
  {
    path: 'customerGroups',
    newButton: 'New group',
    nameLabel: 'Name',
    sortHeader: 'Name',
    sortParam: 'name',
  },
];

for (const c of CASES) {
  test(`${c.path}: create, search, sort, edit and delete through the UI`, async ({ page }) => {
    // A whole life through the forms (customers now have invoicing fields too): slow on a busy machine.
    test.setTimeout(120000);
    const name = `E2E ${c.path} ${unique()}`;
    await enter(page, ACCOUNTS.admin);
    await openScreen(page, c.path);

    // An empty form names the missing fields.
    await page.getByRole('button', { name: c.newButton }).click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog(page).getByText(new RegExp(`^Please fill in the required fields: ${c.nameLabel}`)),
    ).toBeVisible();
    await expect(dialog(page).getByText('This field is required').first()).toBeVisible();

    await dialog(page).getByLabel(c.nameLabel, { exact: false }).first().fill(name);
    await c.fill?.(page);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, c.createdToast ?? 'Created successfully')).toBeVisible();
    await expect(dialog(page)).toBeHidden();

    // Search is debounced and kept in the URL.
    await search(page, name);
    await expect(row(page, name)).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(name);
    await expect(row(page, name)).toHaveCount(1);

    // Sorting goes to the server and into the URL.
    // A sorted header's name ends with its "Sort" button.
    await page.getByRole('columnheader', { name: new RegExp(`^${c.sortHeader}( Sort)?$`) }).click();
    await expect(page).toHaveURL(new RegExp(`sort=${c.sortParam}%3A(asc|desc)`));

    await row(page, name).getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByLabel(c.nameLabel, { exact: false }).first().fill(`${name} bis`);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Edited successfully')).toBeVisible();
    await expect(row(page, `${name} bis`)).toHaveCount(1);

    await row(page, `${name} bis`).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(`${name} bis`);
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted successfully')).toBeVisible();
    await expect(page.getByTestId('empty-state')).toBeVisible();
  });
}

test('articles: paginate and sort with the table state in the URL', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/articles?limit=10');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11); // header + 10
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('columnheader', { name: /^Quantity/ }).click();
  await expect(page).toHaveURL(/sort=quantity%3Aasc/);
  await expect(page).not.toHaveURL(/page=2/);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();
  // A page past the end (an old link) moves to the last page there is.
  await page.goto('/admin/articles?limit=10&page=9999');
  await expect(page).toHaveURL(/page=\d{1,3}(&|$)/);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
});

test('deleting a category still used by articles says so before the delete', async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
  await openScreen(page, 'categories');
  await row(page, 'Outillage').getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page).getByTestId('confirm-blocked')).toContainText(/Cannot be deleted: used by \d+ articles?/);
  await expect(dialog(page).getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'Outillage')).toHaveCount(1);
});

test('the read-only viewer sees no create, edit, delete, stock or import controls', async ({ page }) => {
  test.setTimeout(90000);
  await enter(page, ACCOUNTS.viewer);
  for (const path of [
    'articles',
    'suppliers',
    'categories',
    'reasons',
    'customers',
    'customerGroups',
    'users',
    'roles',
  ]) {
    await openScreen(page, path);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /^New / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Increment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  }
  await page.goto('/admin/articles');
  await page.getByRole('gridcell', { name: 'EPI-GAN-9' }).click();
  await expect(page.getByRole('heading', { name: /EPI-GAN-9/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload an image' })).toHaveCount(0);
});

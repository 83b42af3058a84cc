import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, row, search, toast, typeDate, unique } from './helpers';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const tempFile = (name: string, content: string | Buffer) => {
  const path = join(mkdtempSync(join(tmpdir(), 'tagstock-e2e-')), name);
  writeFileSync(path, content);
  return path;
};

test.beforeEach(async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
});

test('create an article with a live price incl. tax, change its stock, upload an image, delete it', async ({
  page,
}) => {
  test.setTimeout(90000);
  const reference = `E2E-${unique()}`.toUpperCase();
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'New article' }).click();
  await dialog(page).getByLabel('Reference').fill(reference);
  await dialog(page).getByLabel('Designation').fill('Gilet de test e2e');
  await dialog(page).getByLabel('Pre-tax price').fill('10,50');
  await dialog(page).getByLabel('VAT rate (%)').fill('20');
  await expect(dialog(page).getByTestId('price-ttc-preview')).toHaveText('€12.60');
  await dialog(page).getByLabel('Opening quantity').fill('0');
  await dialog(page).getByLabel('Stock alert threshold').fill('-1');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('The value cannot be negative')).toBeVisible();
  await dialog(page).getByLabel('Stock alert threshold').fill('2');
  await chooseOption(page, 'Supplier', 'Textiles du Nord');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();

  // A duplicate reference is refused on the field.
  await page.getByRole('button', { name: 'New article' }).click();
  await dialog(page).getByLabel('Reference').fill(reference);
  await dialog(page).getByLabel('Designation').fill('Doublon');
  await dialog(page).getByLabel('Pre-tax price').fill('1');
  await dialog(page).getByLabel('Stock alert threshold').fill('0');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('This value is already used')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await search(page, reference);
  await page.getByRole('gridcell', { name: reference }).click();
  await expect(page.getByRole('heading', { name: new RegExp(reference) })).toBeVisible();

  // Quantity changes only through increment / decrement with a reason.
  await page.getByRole('button', { name: 'Increment', exact: true }).click();
  await dialog(page).getByLabel('Quantity').fill('0');
  await dialog(page).getByRole('button', { name: 'Increment' }).click();
  await expect(dialog(page).getByText('The value should be greater than 0')).toBeVisible();
  await dialog(page).getByLabel('Quantity').fill('5');
  await expect(async () => {
    await dialog(page).getByRole('combobox', { name: 'Reason' }).click();
    await expect(page.getByRole('option', { name: 'Casse' })).toHaveCount(0); // decrement-only reason
    await page.getByRole('option', { name: 'Réception fournisseur' }).click();
  }).toPass();
  await dialog(page).getByRole('button', { name: 'Increment' }).click();
  await expect(toast(page, 'Incremented successfully')).toBeVisible();
  await expect(page.getByTestId('article-quantity')).toHaveText('5');

  await page.getByRole('button', { name: 'Decrement', exact: true }).click();
  await dialog(page).getByLabel('Quantity').fill('9');
  await chooseOption(page, 'Reason', 'Casse');
  await dialog(page).getByRole('button', { name: 'Decrement' }).click();
  await expect(dialog(page).getByText('Cannot exceed the current stock')).toBeVisible();
  await dialog(page).getByLabel('Quantity').fill('2');
  await dialog(page).getByRole('button', { name: 'Decrement' }).click();
  await expect(toast(page, 'Decremented successfully')).toBeVisible();
  await expect(page.getByTestId('article-quantity')).toHaveText('3');
  await expect(page.getByRole('table', { name: 'Stock history' }).getByRole('row')).toHaveCount(3);

  // Image upload: a real PNG is accepted and shown, a text file is refused.
  // What each upload did stays by the button, and the focus goes there (not to the page's body).
  const outcome = page.getByTestId('upload-message');
  await page.getByTestId('image-file').setInputFiles(tempFile('tag.png', PNG));
  await expect(outcome).toHaveText(/^File uploadedImage updated/);
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId('article-image')).toBeVisible();
  await page.getByTestId('image-file').setInputFiles(tempFile('notes.txt', 'not an image'));
  await expect(outcome).toHaveText(/^Error uploading file/);
  await expect(outcome).toHaveRole('alert');
  await expect(outcome).toBeFocused();

  await openScreen(page, 'articles');
  await search(page, reference);
  await row(page, reference).getByRole('button', { name: 'Delete' }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted successfully')).toBeVisible();
});

test('an import with one bad row shows the error and writes nothing; a clean file is imported', async ({ page }) => {
  const prefix = `IMP${unique()}`.toUpperCase();
  const bad = [
    'reference;designation;priceHt;vatRate;stockAlert;category;quantity',
    `${prefix}-1;Gilet réfléchissant;7,90;20;2;Vêtements de travail;12`,
    `${prefix}-2;Sans prix;;20;0;;0`,
  ].join('\n');
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('import-file').setInputFiles(tempFile('articles.csv', bad));
  const errors = page.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Pre-tax price');
  await expect(dialog(page).getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await search(page, prefix);
  await expect(page.getByTestId('empty-state')).toBeVisible();

  const good = ['reference,designation,priceHt,vatRate,stockAlert', `${prefix}-1,Gilet réfléchissant,7.90,20,2`].join(
    '\n',
  );
  await page.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('import-file').setInputFiles(tempFile('articles.csv', good));
  await expect(dialog(page).getByText('No error: the file can be imported.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
  await expect(toast(page, /Imported: 1 created/)).toBeVisible();
  await expect(row(page, `${prefix}-1`)).toHaveCount(1);
});

test('export downloads the current view as CSV and XLSX', async ({ page }) => {
  await openScreen(page, 'suppliers');
  await search(page, 'Textiles');
  for (const [label, extension] of [
    ['CSV (.csv)', 'csv'],
    ['Excel (.xlsx)', 'xlsx'],
  ] as const) {
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: label }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`\\.${extension}$`));
  }
});

test('DLC: a lot added on an article appears in the expiry list with its chip', async ({ page }) => {
  const lot = `LOT-${unique()}`;
  await openScreen(page, 'articles');
  await page.getByRole('gridcell', { name: 'VT-BLO-L' }).click();
  await page.getByRole('button', { name: 'New lot' }).click();
  await dialog(page).getByLabel('Lot number').fill(lot);
  await dialog(page).getByLabel('Quantity').fill('4');
  // Typed as an English screen writes dates: mm/dd/yyyy.
  const [year, month, day] = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10).split('-');
  await typeDate(dialog(page), 'Expiry date', `${month}/${day}/${year}`);
  await expect(dialog(page).getByRole('group', { name: 'Expiry date' })).toContainText(`${month}/${day}/${year}`);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await openScreen(page, 'dlc');
  await search(page, lot);
  await expect(row(page, lot)).toContainText(/days? left/);
});

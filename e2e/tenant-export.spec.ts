import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, enter } from './helpers';

// "Exporter toutes les données" on the company screen, as a French administrator and as a reader.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const section = (page: Page) => page.getByRole('region', { name: 'Exporter toutes les données' });

test('l’administrateur télécharge toutes les données en un ZIP', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/company');
  await expect(page.getByRole('heading', { name: 'Société', level: 1 })).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await section(page).getByRole('button', { name: 'Exporter toutes les données' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^tagstock-demo-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path())!);
  // A ZIP: its first local file header, and its end of central directory.
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
  expect(bytes.includes(Buffer.from('README.md'))).toBe(true);
  await expect(section(page).getByRole('status')).toContainText(/Export téléchargé \(\d+([,.]\d)?\u202f(ko|Mo|Go)\)/);
});

test('un échec de l’export est dit en français', async ({ page }) => {
  await page.route('**/backend/api/tenant/export', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Internal error', status: 500, code: 'internal' }),
    }),
  );
  await enter(page, ACCOUNTS.admin, '/admin/company');
  await section(page).getByRole('button', { name: 'Exporter toutes les données' }).click();
  await expect(section(page).getByRole('alert')).toContainText('L’export a échoué\u202f:');
});

test('sans la permission d’administrer les rôles, la section n’est pas là', async ({ page }) => {
  await enter(page, ACCOUNTS.viewer, '/admin/company');
  await expect(page.getByRole('heading', { name: 'Société', level: 1 })).toBeVisible();
  await expect(page.getByText('Exporter toutes les données')).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { violations } from './axe';
import { ACCOUNTS, enter } from './helpers';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const ADMIN_SCREENS = [
  'dashboard',
  'profile',
  'password',
  'articles',
  'categories',
  'stockAlerts',
  'dlc',
  'reasons',
  'suppliers',
  'bdc',
  'customers',
  'customerGroups',
  'tagLogs',
  'tags',
  'tagFamilies',
  'readers',
  'terminals',
  'consumers',
  'attributions',
  'categoryAttributions',
  'users',
  'roles',
  'logs',
  'paymentModes',
  'company',
  'outputs',
  'proformas',
  'invoices',
  'creditNotes',
  'invoicePayments',
  'receivedInvoices',
  'reports',
];
const SUPER_ADMIN_SCREENS = ['', 'tenants', 'users', 'readers', 'terminals', 'backups', 'profile', 'password'];

const audit = async (page: Page, paths: string[]) => {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Lists are audited with their rows, not their loading overlay.
    await expect(page.locator('.MuiDataGrid-overlay, [role="progressbar"]')).toHaveCount(0);
    found.push(...(await violations(page, path)));
  }
  expect(found).toEqual([]);
};

test('admin screens have no serious or critical accessibility violation', async ({ page }) => {
  // About 30 screens, each loaded and audited: 4.2 minutes on an idle 2-core machine.
  test.setTimeout(480000);
  await enter(page, ACCOUNTS.admin);
  await audit(
    page,
    ADMIN_SCREENS.map((screen) => `/admin/${screen}`),
  );
});

test('delivery notes and reservations have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(90000);
  await enter(page, ACCOUNTS.admin);
  await audit(page, ['/admin/deliveryNotes', '/admin/reservations']);
  // The demo's ready note, with its lines and their picking.
  await page.getByRole('link', { name: 'Bons de livraison' }).click();
  // On the notes' list, not still on the reservations (whose rows name their note "BL-…" too).
  await expect(page.getByRole('heading', { name: 'Bons de livraison', level: 1 })).toBeVisible({ timeout: 30000 });
  await page.getByRole('row').filter({ hasText: 'BL-' }).first().click();
  await expect(page).toHaveURL(/\/admin\/deliveryNotes\/\d+$/, { timeout: 30000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30000 });
  expect(await violations(page, 'delivery note')).toEqual([]);
});

test('an article, a role and an invoice page have no serious or critical accessibility violation', async ({ page }) => {
  // Three pages and three audits, on a machine that may be busy.
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.admin, '/admin/articles');
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  const article = new URL(page.url()).pathname;
  await page.goto('/admin/roles');
  await page.getByRole('grid').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+/);
  const role = new URL(page.url()).pathname;
  // An issued invoice of the demo, with its payments and history.
  await page.goto('/admin/invoices');
  await page.getByRole('grid').getByRole('row').filter({ hasText: 'FA-' }).first().click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  const invoice = new URL(page.url()).pathname;
  await audit(page, [article, role, invoice]);
});

test('super-admin screens have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.superAdmin);
  await audit(
    page,
    SUPER_ADMIN_SCREENS.map((screen) => `/superAdmin/${screen}`.replace(/\/$/, '')),
  );
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  // French is audited on every screen above; English on one screen of each kind (texts of other lengths, another
  // language attribute): lists, filters, a settings form, a document editor with its lines, the super admin's list.
  test('a screen of each kind has no serious or critical accessibility violation', async ({ page }) => {
    test.setTimeout(150000);
    await enter(page, ACCOUNTS.admin, '/admin/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await audit(page, [
      '/admin/dashboard',
      '/admin/articles',
      '/admin/invoices',
      '/admin/tagLogs',
      '/admin/company',
      '/admin/invoices/new',
      '/admin/invoicePayments',
    ]);
  });
});

test('the skip link is the first stop and moves the focus to the page', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/articles');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next stop is in the page, not in the menu.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Nouvel article' })).toBeFocused();
  const button = page.getByRole('button', { name: 'Nouvel article' });
  await expect(button).toHaveCSS('outline-width', '2px');
  await expect(button).toHaveCSS('outline-style', 'solid');
});

test('the account button is named by the initials it shows (label in name)', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/articles');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An experimental rule, so not among the tags above: asked for by name.
  const result = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  expect(result.violations.map((v) => v.nodes.map((n) => n.target.join(' ')).join(', '))).toEqual([]);
  await expect(page.getByRole('button', { name: 'CM — Menu du compte', exact: true })).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, enter } from './helpers';

/** Every widget of the dashboard (SPEC §2), by its test id, as the demo administrator sees them. */
const WIDGETS = [
  'stock-quantity-tile',
  'stock-valorisation-tile',
  'stock-alert-tile',
  'late-deliveries-tile',
  'late-invoices-tile',
  'unauthorized-tile',
  'stock-alerts',
  'customers-to-deliver',
  'late-deliveries',
  'invoices-to-deliver',
  'paid-vs-invoiced',
  'partial-payments',
  'late-invoices',
  'purchases-per-month',
  'orders-in-progress',
  'purchase-overview',
  'top-suppliers',
  'most-ordered',
  'motifs-overview',
  'inventory-counts',
  'inventory-top-attributions',
  'inventory-gaps-by-category',
  'rfid-overview',
  'non-active-tags',
  'category-tags',
];
/** What must be seen at a glance: the live figures, the alerts, what to deliver today and what is late. */
const FIRST_SCREEN = [
  'stock-quantity-tile',
  'stock-valorisation-tile',
  'stock-alert-tile',
  'late-deliveries-tile',
  'late-invoices-tile',
  'unauthorized-tile',
  'stock-alerts',
  'customers-to-deliver',
  'late-deliveries',
  'invoices-to-deliver',
];

/** A widget has answered: no skeleton, no error. */
const expectLoaded = async (page: Page, id: string) => {
  const widget = page.getByTestId(id);
  await expect(widget, id).toBeVisible();
  await expect(widget.getByTestId(`${id}-loading`), id).toHaveCount(0, { timeout: 20000 });
  await expect(widget.getByTestId(`${id}-error`), id).toHaveCount(0);
};

test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 720 } });

test('the demo’s dashboard shows every widget, the live figures, alerts, deliveries and delays without scrolling', async ({
  page,
}) => {
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  for (const id of WIDGETS) await expectLoaded(page, id);

  // What the first start's demo already holds.
  await expect(page.getByTestId('stock-quantity')).not.toHaveText('—');
  await expect(page.getByTestId('stock-valorisation')).toContainText('€');
  await expect(page.getByTestId('article-count')).toHaveText(/^\d[\d\s\u202f]* articles?$/);
  await expect(page.getByTestId('most-ordered').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('purchases-per-month').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('orders-in-progress-count')).not.toHaveText('0');
  await expect(page.getByTestId('category-tags').getByRole('columnheader', { name: 'Famille de tags' })).toBeVisible();

  // The first screen, at 1280 × 720 and unscrolled, holds them whole.
  expect(await page.locator('html').evaluate((html) => html.scrollTop)).toBe(0);
  for (const id of FIRST_SCREEN) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y, id).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, id).toBeLessThanOrEqual(720);
  }

  // Each widget leads to the list behind it, filtered.
  await expect(page.getByTestId('late-deliveries-link')).toHaveAttribute('href', '/admin/deliveryNotes?late=true');
  await expect(page.getByTestId('partial-payments-link')).toHaveAttribute(
    'href',
    '/admin/invoices?paymentLabel=partial',
  );
  await page.getByTestId('stock-alerts-link').click();
  await expect(page).toHaveURL(/\/admin\/stockAlerts$/);
});

test('the period feeds the widgets that take one and stays in the address', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  const caption = page.getByTestId('top-suppliers-caption');
  await expect(caption).toHaveText('30 derniers jours (période choisie)');
  await page.getByTestId('dashboard-period').getByRole('button', { name: '365 jours' }).click();
  await expect(caption).toHaveText('365 derniers jours (période choisie)');
  await expect(page).toHaveURL(/startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('dashboard-period').getByRole('button', { name: '365 jours' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(caption).toHaveText('365 derniers jours (période choisie)');
  await expectLoaded(page, 'top-suppliers');
});

test('a widget whose endpoint fails shows its error and a retry; the others still show', async ({ page }) => {
  let fail = true;
  await page.route('**/backend/api/dashboard/achats/**', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
        })
      : route.fallback(),
  );
  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  const failed = page.getByTestId('purchases-per-month');
  await expect(failed.getByTestId('purchases-per-month-error')).toContainText('Ce widget n’a pas pu être chargé.');
  for (const id of WIDGETS.filter((w) => w !== 'purchases-per-month')) await expectLoaded(page, id);
  await expect(page.getByTestId('stock-quantity')).not.toHaveText('—');

  fail = false;
  await failed.getByRole('button', { name: 'Réessayer' }).click();
  await expectLoaded(page, 'purchases-per-month');
  await expect(failed.locator('svg').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every widget shows, one above the other, without sideways scrolling', async ({ page }) => {
    test.setTimeout(120000);
    await enter(page, ACCOUNTS.admin, '/admin/dashboard');
    for (const id of WIDGETS) await expectLoaded(page, id);
    // The live figures come first.
    const quantity = (await page.getByTestId('stock-quantity-tile').boundingBox())!;
    expect(quantity.y + quantity.height).toBeLessThanOrEqual(844);
    const overflow = await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

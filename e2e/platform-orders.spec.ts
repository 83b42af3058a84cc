import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../apps/api/src/platform/pdf/pdf-text';
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, row, search, signOut, toast } from './helpers';
import { apiGet, apiPost, apiSignIn } from './rfid-api';

test('a tenant orders tags; the super admin sends the order and registers the delivered EPCs to the tenant', async ({
  page,
}) => {
  // Three accounts sign in one after the other.
  test.slow();
  // The tenant's administrator orders tags from the platform.
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('link', { name: 'Orders to Tagstock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders to Tagstock' })).toBeVisible();
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/admin\/bdcRb\/new$/);
  // The same lines editor as a purchase order: type the reference, Enter picks the product, then the quantity.
  const product = page.getByRole('combobox', { name: 'Product, line 1' });
  await product.click();
  await product.fill('RB-TAG-UHF-1000');
  await expect(
    page.getByRole('option', { name: /^RB-TAG-UHF-1000 — Étiquettes RFID UHF \(lot de 1000\)/ }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Quantity, line 1' })).toBeFocused();
  await page.keyboard.type('2');
  // The totals, with their VAT breakdown, computed as the server will: 2 × 120 + 20 %.
  await expect(page.getByTestId('vat-breakdown')).toHaveText(['Standard rate 20%€240.00€48.00']);
  await expect(page.getByTestId('total-gross')).toHaveText('€288.00');
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page).toHaveURL(/\/admin\/bdcRb\/\d+$/);
  const heading = page.getByRole('heading', { name: /^Order RB-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  const orderUrl = new URL(page.url()).pathname;
  const number = (await heading.textContent())!.replace('Order ', '');
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText('RB-TAG-UHF-1000');
  await expect(page.getByTestId('vat-breakdown')).toHaveText(['Standard rate 20%€240.00€48.00']);
  await expect(page.getByTestId('total-gross')).toHaveText('€288.00');
  // Its PDF, issued by the tenant to the platform.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const text = await pdfText(pdf);
  expect(text).toContain(number);
  expect(text).toContain('Platform order');
  await signOut(page);

  // The super admin sees it with the tenant's name, sends it, registers a range of EPCs in a family.
  await enter(page, ACCOUNTS.superAdmin, '/superAdmin');
  await expect(page).toHaveURL(/\/superAdmin$/);
  await page.getByRole('link', { name: "Organizations' orders", exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Orders of every organization' })).toBeVisible();
  await search(page, number);
  const orderRow = row(page, number);
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText('Demo');
  await expect(orderRow).toContainText('In progress');
  await orderRow.click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as done (sent)' }).click();
  await dialog(page).getByRole('button', { name: 'Mark as done (sent)' }).click();
  await expect(page.getByText('Done (sent)', { exact: true })).toBeVisible();

  const first = `E280${Date.now().toString(16).toUpperCase().padStart(16, '0')}0000`;
  const epcs = [0, 1, 2].map((i) => `${first.slice(0, -4)}000${i}`);
  await page.getByRole('button', { name: 'Register EPCs' }).click();
  await chooseOption(page, 'Tag family', 'Étiquettes textiles');
  await dialog(page).getByRole('textbox', { name: 'First EPC' }).fill(first);
  await dialog(page).getByRole('textbox', { name: 'Number of tags' }).fill('3');
  await dialog(page).getByRole('button', { name: 'Register', exact: true }).click();
  await expect(toast(page, '3 tags registered')).toBeVisible();
  const deliveries = page.getByRole('table', { name: 'Registered tags' });
  await expect(deliveries).toContainText(epcs[0]!);
  await expect(deliveries).toContainText(epcs[2]!);
  await expect(deliveries).toContainText('Étiquettes textiles');
  // The history on the order: ordered by the tenant, sent, then the tags registered.
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByRole('row').nth(1)).toContainText('Ordered');
  await expect(history.getByRole('row').nth(2)).toContainText('Status: In progress → Done (sent)');
  await expect(history.getByRole('row').nth(3)).toContainText('Tags registered');
  await expect(history.getByRole('row').nth(2)).toContainText('Tagstock team');
  await signOut(page);

  // The tenant's tag list now holds those EPCs, in the family, bound to no article.
  await enter(page, ACCOUNTS.admin);
  await openScreen(page, 'tags');
  await search(page, first.slice(0, -4));
  for (const epc of epcs) await expect(row(page, epc)).toContainText('Étiquettes textiles');
  await expect(row(page, first.slice(0, -4))).toHaveCount(3);

  // The tenant's history of the order names the platform's team for what it did, its own user for the rest.
  await page.goto(orderUrl);
  const tenantHistory = page.getByRole('table', { name: 'History' });
  await expect(tenantHistory.getByRole('row')).toHaveCount(4);
  await expect(tenantHistory.getByRole('row').nth(1)).toContainText('Camille Martin');
  await expect(tenantHistory.getByRole('row').nth(2)).toContainText('Tagstock team');
  await expect(tenantHistory.getByRole('row').nth(3)).toContainText('Tagstock team');
});

test('another tenant never sees the order, and a reader cannot place one', async ({ page }) => {
  await enter(page, ACCOUNTS.viewer, '/admin/bdcRb');
  await expect(page.getByRole('heading', { name: 'Orders to Tagstock' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);
  await signOut(page);
  await enter(page, ACCOUNTS.acme);
  await openScreen(page, 'bdcRb');
  await expect(page.getByText('No order found')).toBeVisible();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the cancel dialog of an order to the platform closes with "Fermer", not a second "Annuler"', async ({
    page,
    request,
  }) => {
    const session = await apiSignIn(request);
    const products = await apiGet<{ items: { id: number }[] }>(request, session, '/platform-products?limit=1');
    const order = await apiPost<{ id: number; number: string }>(request, session, '/platform-orders', {
      lines: [{ productId: products.items[0]!.id, quantity: 1 }],
    });
    await enter(page, ACCOUNTS.admin, `/admin/bdcRb/${order.id}`);
    await expect(page.getByRole('heading', { name: `Commande ${order.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Annuler la commande' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Annuler la commande' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Annuler', exact: true })).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);
  });
});

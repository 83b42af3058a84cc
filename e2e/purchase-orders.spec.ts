import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { TList, TPaymentMode } from '@tagstock/contract';
import { pdfText } from '../apps/api/src/platform/pdf/pdf-text';
import { violations } from './axe';
import { ACCOUNTS, dialog, enter, toast, typeDate, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, freshEpc, today } from './rfid-api';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

/** A search-as-you-type select of the page (not in a dialog): type, then pick the exact option. */
const pick = async (page: Page, label: string, typed: string, option: string) => {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** One line through the keyboard: the reference, Enter picks the article and moves to its quantity. */
const typeArticle = async (page: Page, n: number, reference: string, label: string) => {
  const article = page.getByRole('combobox', { name: `Article, line ${n}` });
  await expect(article).toBeFocused();
  await page.keyboard.type(reference);
  // Only the matches of the whole reference: Enter picks this one.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: new RegExp(`^${label}`) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: `Quantity, line ${n}` })).toBeFocused();
};

test('an order typed at the keyboard, its PDF, sending, a partial receipt, and no cancel offered after it', async ({
  page,
  request,
}) => {
  // One whole order's life: typing, PDF, sending, receiving, the article page and the list.
  test.setTimeout(90000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const supplierName = `Fournisseur BDC ${run}`;
  await apiPost(request, session, '/suppliers', { name: supplierName });
  const articles = await Promise.all(
    ['A', 'B', 'C'].map((letter) => createArticle(request, session, `BDC-${run}-${letter}`, `Gants ${letter}`)),
  );
  const [a, b, c] = articles as [(typeof articles)[number], (typeof articles)[number], (typeof articles)[number]];

  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Purchase orders', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Purchase orders' })).toBeVisible();
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/admin\/bdc\/new$/);

  // Required header fields are said before anything is sent.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Select a supplier')).toBeVisible();
  await expect(page.getByText('Select a payment mode')).toBeVisible();

  await pick(page, 'Supplier', supplierName, supplierName);
  await pick(page, 'Payment mode', 'Virement', 'Virement');

  // Line 1: A × 5 at the article's price, Tab through the line, Enter adds line 2.
  await page.getByRole('combobox', { name: 'Article, line 1' }).click();
  await typeArticle(page, 1, a.reference, a.reference);
  await page.keyboard.type('5');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Unit price excl. tax, line 1' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Unit price excl. tax, line 1' })).toHaveValue('12.00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'VAT %, line 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Line 2: B × 3; Enter right after the quantity adds line 3.
  await typeArticle(page, 2, b.reference, b.reference);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  // Line 3: C × 4 at 8.50.
  await typeArticle(page, 3, c.reference, c.reference);
  await page.keyboard.type('4');
  await page.keyboard.press('Tab');
  await page.keyboard.type('8.50');
  await page.keyboard.press('Control+s');

  await expect(page).toHaveURL(/\/admin\/bdc\/\d+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Purchase order [A-Z]{2,4}-\d{4}-\d{6,}$/);
  const number = (await heading.textContent())!.replace('Purchase order ', '');
  await expect(toast(page, `Order ${number} created`)).toBeVisible();
  // The editor that had the focus was replaced: the focus is on the new order's heading, not lost on the page.
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('document-status-live')).toHaveText('Status: In progress, Not received');
  // Totals come from the server: 5 × 12 + 3 × 12 + 4 × 8.50 = 130, VAT 20 %.
  await expect(page.getByTestId('total-net')).toHaveText('€130.00');
  await expect(page.getByTestId('total-vat')).toHaveText('€26.00');
  await expect(page.getByTestId('total-gross')).toHaveText('€156.00');
  await expect(page.getByTestId('vat-breakdown')).toHaveText(['Standard rate 20%€130.00€26.00']);
  await expect(page.getByRole('combobox', { name: 'Article, line 1' })).toHaveValue(`${a.reference} — Gants A`);
  await expect(page.getByRole('combobox', { name: 'Article, line 2' })).toHaveValue(`${b.reference} — Gants B`);
  await expect(page.getByRole('combobox', { name: 'Article, line 3' })).toHaveValue(`${c.reference} — Gants C`);
  await expect(page.getByTestId('document-line-3').getByTestId('line-net')).toHaveText('€34.00');

  // The PDF, fetched with the session's token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = await pdfText(pdf);
  expect(text).toContain(number);
  expect(text).toContain(supplierName);

  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await dialog(page).getByLabel('Note (optional, kept in the history)').fill('Sent by e-mail to the sales desk');
  await dialog(page).getByRole('button', { name: 'Mark as sent' }).click();
  await expect(toast(page, 'Order marked as sent')).toBeVisible();
  await expect(page.getByTestId('page-subtitle').getByTestId('order-status')).toHaveText('Done (sent)');
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Done (sent), Not received' })).toBeAttached();
  await expect(page.getByTestId('history')).toContainText('Note: Sent by e-mail to the sales desk');
  // A sent order is read-only.
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Article, line 1' })).toHaveCount(0);

  // More than ordered is refused until confirmed; then part of line 1 arrives.
  await page.getByRole('button', { name: 'Receive' }).click();
  await dialog(page)
    .getByRole('textbox', { name: `Received now of ${b.reference}` })
    .fill('9');
  await dialog(page).getByRole('button', { name: 'Record the receipt' }).click();
  await expect(dialog(page).getByTestId('over-receipt')).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Receive anyway' })).toBeVisible();
  await dialog(page)
    .getByRole('textbox', { name: `Received now of ${b.reference}` })
    .fill('');
  // Two items of line 1 arrive with their tags: their EPCs, scanned, set the quantity; a bad one is named.
  const epcs = [freshEpc(), freshEpc()];
  await dialog(page)
    .getByRole('button', { name: `EPCs of the items of ${a.reference}` })
    .click();
  const epcBox = dialog(page).getByRole('textbox', { name: `EPCs of the items of ${a.reference}` });
  await epcBox.fill(`${epcs[0]}\nNOT-AN-EPC`);
  await expect(
    dialog(page).getByText('1 entry is not an EPC (hexadecimal, 4 to 64 digits in groups of 4): NOT-AN-EPC'),
  ).toBeVisible();
  await epcBox.fill(`${epcs[0]}\n${epcs[1]}\n`);
  await expect(dialog(page).getByRole('textbox', { name: `Received now of ${a.reference}` })).toHaveValue('2');
  // The goods came in January: the date typed as an English screen writes it.
  await typeDate(dialog(page), 'Receipt date', '01/15/2026');
  await dialog(page).getByRole('button', { name: 'Record the receipt' }).click();
  await expect(toast(page, 'Receipt recorded')).toBeVisible();
  await expect(page.getByTestId('page-subtitle').getByTestId('receipt-status')).toHaveText('Partially received');
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('document-status-live')).toHaveText('Status: Done (sent), Partially received');
  await expect(page.getByTestId('receipts')).toContainText(`${a.reference} × 2 (2 EPCs)`);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const receipts = await apiGet<{ receiptDate: string }[]>(request, session, `/purchase-orders/${orderId}/receipts`);
  expect(receipts.map((r) => r.receiptDate)).toEqual(['2026-01-15']);
  await expect(page.getByTestId('document-line-1').getByTestId('line-received')).toHaveText('2');
  await expect(page.getByTestId('history')).toContainText('Receipt: Not received → Partially received');

  // Something was received: canceling is no longer offered (the contract's rule, as the server applies it).
  await expect(page.getByRole('button', { name: 'Receive' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);

  // The article's stock went up by the receipt; 3 units are still on order.
  await page.goto(`/admin/articles/${a.id}`);
  await expect(page.getByTestId('article-quantity')).toHaveText('12');
  await expect(page.getByTestId('quantity-on-order')).toHaveText('3 units on order');
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  // The received items' tags are the article's now.
  const tags = page.getByRole('table', { name: 'Tags' });
  await expect(tags.getByText(epcs[0]!)).toBeVisible();
  await expect(tags.getByText(epcs[1]!)).toBeVisible();

  // The list, filtered by status, shows the receipt status and the totals.
  await page.goto('/admin/bdc?status=done');
  await page.getByRole('searchbox', { name: 'Search' }).fill(number);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(supplierName);
  await expect(row).toContainText('Done (sent)');
  await expect(row).toContainText('Partially received');
  await expect(row).toContainText('€156.00');
});

test('a read-only user sees the orders but cannot create, save or change them', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', { name: `Fournisseur lu ${run}` });
  const modes = await apiGet<TList<TPaymentMode>>(request, session, '/payment-modes?limit=5');
  const article = await createArticle(request, session, `BDCR-${run}`, 'Casque');
  const order = await apiPost<{ id: number; number: string }>(request, session, '/purchase-orders', {
    supplierId: supplier.id,
    paymentModeId: modes.items[0]!.id,
    orderDate: today(),
    lines: [{ articleId: article.id, quantity: 2, unitPrice: '12.00', vatRate: '20' }],
  });

  await enter(page, ACCOUNTS.viewer, '/admin/bdc');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: order.number })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New order' })).toHaveCount(0);

  await page.getByRole('row').filter({ hasText: order.number }).click();
  await expect(page.getByRole('heading', { name: `Purchase order ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('total-net')).toHaveText('€24.00');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as sent' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a line' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Supplier' })).toBeDisabled();

  // The creation page is not a greyed form: the route itself says the role does not allow it.
  await page.goto('/admin/bdc/new');
  await expect(page.getByRole('heading', { name: 'You are not allowed to do this' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Supplier' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Purchase orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bdc$/);
});

test('a partly received order offers receiving the rest, never canceling', async ({ page, request }) => {
  // The demo data has one (seeded at the server's first start).
  const session = await apiSignIn(request);
  const partly = await apiGet<TList<{ id: number; number: string }>>(
    request,
    session,
    '/purchase-orders?receiptStatus=partially_received&limit=1',
  );
  const order = partly.items[0]!;
  await enter(page, ACCOUNTS.admin, `/admin/bdc/${order.id}`);
  await expect(page.getByRole('heading', { name: `Purchase order ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('page-subtitle').getByTestId('receipt-status')).toHaveText('Partially received');
  await expect(page.getByRole('button', { name: 'Receive' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
});

test('in a French app on an English browser, dates are typed day first (dd/mm/yyyy) and sent as ISO dates', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request);
  const supplierName = `Fournisseur dates ${unique().toUpperCase()}`;
  const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', { name: supplierName });
  // The browser speaks English (mm/dd/yyyy for a native date input); the app is in French.
  await enter(page, ACCOUNTS.admin, `/admin/bdc/new?supplierId=${supplier.id}&lng=fr`);
  await expect(page.getByRole('heading', { name: 'Nouvelle commande' })).toBeVisible();
  await pick(page, 'Mode de paiement', 'Virement', 'Virement');
  await typeDate(page, 'Date de commande', '02/03/2026');
  await typeDate(page, 'Livraison prévue', '15/04/2026');
  await expect(page.getByRole('group', { name: 'Date de commande' })).toContainText('02/03/2026');
  await page.keyboard.press('Control+s');

  await expect(page).toHaveURL(/\/admin\/bdc\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const order = await apiGet<{ orderDate: string; expectedDate: string }>(request, session, `/purchase-orders/${id}`);
  expect(order).toMatchObject({ orderDate: '2026-03-02', expectedDate: '2026-04-15' });
  await expect(page.getByRole('group', { name: 'Livraison prévue' })).toContainText('15/04/2026');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('an order, its supplier and the new order page speak French and pass the accessibility audit', async ({
    page,
    request,
  }) => {
    test.setTimeout(90000);
    const session = await apiSignIn(request);
    const run = unique().toUpperCase();
    const supplierName = `Fournisseur FR ${run}`;
    const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', { name: supplierName });
    const modes = await apiGet<TList<TPaymentMode>>(request, session, '/payment-modes?limit=5');
    const article = await createArticle(request, session, `BDCF-${run}`, 'Gilet');
    const order = await apiPost<{ id: number; number: string }>(request, session, '/purchase-orders', {
      supplierId: supplier.id,
      paymentModeId: modes.items[0]!.id,
      orderDate: today(),
      lines: [{ articleId: article.id, quantity: 3, unitPrice: '12.50', discount: '10', vatRate: '5.5' }],
    });

    await enter(page, ACCOUNTS.admin, `/admin/bdc/${order.id}`);
    await expect(page.getByRole('heading', { name: `Bon de commande ${order.number}` })).toBeVisible();
    await expect(page.getByTestId('page-subtitle').getByTestId('order-status')).toHaveText('En cours');
    await expect(page.getByTestId('page-subtitle').getByTestId('receipt-status')).toHaveText('Non reçue');
    // 3 × 12,50 − 10 % = 33,75 HT; TVA 5,5 % = 1,86.
    await expect(page.getByTestId('total-net')).toHaveText('33,75 €');
    await expect(page.getByTestId('total-vat')).toHaveText('1,86 €');
    await expect(page.getByRole('textbox', { name: 'Prix unitaire HT, ligne 1' })).toHaveValue('12,50');
    await expect(page.getByTestId('history')).toContainText('Création');
    expect(await violations(page, 'order')).toEqual([]);

    // The supplier's page lists its orders, without repeating the supplier, and starts a new one for it.
    await page.goto(`/admin/suppliers/${supplier.id}`);
    const orders = page.getByRole('grid', { name: 'Bons de commande' });
    await expect(orders.getByRole('row').filter({ hasText: order.number })).toContainText('33,75 €');
    await expect(orders.getByRole('columnheader', { name: 'Fournisseur' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Nouvelle commande' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bdc/new\\?supplierId=${supplier.id}$`));
    await expect(page.getByRole('combobox', { name: 'Fournisseur' })).toHaveValue(supplierName);
    expect(await violations(page, 'new order')).toEqual([]);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Sélectionnez un mode de paiement')).toBeVisible();

    // Leaving an order with unsaved changes asks first; keeping them stays on the page.
    await page.getByRole('textbox', { name: 'Notes' }).fill('À livrer au quai B');
    const menuLink = page.getByRole('navigation').getByRole('link', { name: 'Bons de commande', exact: true });
    await menuLink.click();
    const ask = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
    await ask.getByRole('button', { name: 'Continuer la saisie' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/bdc\/new\?supplierId=/);
    await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('À livrer au quai B');
    await menuLink.click();
    await ask.getByRole('button', { name: 'Abandonner', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/bdc$/);

    await page.goto('/admin/bdc');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('.MuiDataGrid-overlay, [role="progressbar"]')).toHaveCount(0);
    expect(await violations(page, 'list')).toEqual([]);
  });
});

test('a link to an order, an article or an order to the platform that does not exist says so, with the way back', async ({
  page,
}) => {
  await enter(page, ACCOUNTS.admin, '/admin/bdc/2147483000');
  await expect(page.getByTestId('load-error')).toHaveText('This record does not exist or was deleted');
  await page.getByRole('link', { name: 'Purchase orders' }).last().click();
  await expect(page).toHaveURL(/\/admin\/bdc$/);
  await page.goto('/admin/articles/not-an-id');
  await expect(page.getByTestId('load-error')).toHaveText('This record does not exist or was deleted');
  await expect(page.getByRole('main').getByRole('link', { name: 'Articles' })).toBeVisible();
  await page.goto('/admin/bdcRb/abc');
  await expect(page.getByTestId('load-error')).toHaveText('This record does not exist or was deleted');
  await page.getByRole('main').getByRole('link', { name: 'Orders to Tagstock' }).click();
  await expect(page).toHaveURL(/\/admin\/bdcRb$/);
});

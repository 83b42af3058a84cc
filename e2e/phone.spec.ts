import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TList, TPaymentMode } from '@tagstock/contract';
import { violations } from './axe';
import { ACCOUNTS, dialog, enter, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, today, type ApiSession } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

const LONG_NOTE =
  'Livraison partielle : le reste arrive la semaine prochaine par transporteur, carton abîmé signalé au fournisseur';

/** A sent order of one article, partly received with a long note, so that its page has receipts and history. */
const receivedOrder = async (request: APIRequestContext, session: ApiSession) => {
  const run = unique().toUpperCase();
  const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', { name: `Fournisseur mobile ${run}` });
  const modes = await apiGet<TList<TPaymentMode>>(request, session, '/payment-modes?limit=5');
  const article = await createArticle(request, session, `TEL-${run}`, 'Gants anti-coupure taille 9');
  const order = await apiPost<{ id: number; number: string; lines: { id: number }[] }>(
    request,
    session,
    '/purchase-orders',
    {
      supplierId: supplier.id,
      paymentModeId: modes.items[0]!.id,
      orderDate: today(),
      notes: LONG_NOTE,
      lines: [{ articleId: article.id, quantity: 12, unitPrice: '8.40', discount: '5', vatRate: '20' }],
    },
  );
  await apiPost(request, session, `/purchase-orders/${order.id}/status`, { status: 'done', note: LONG_NOTE });
  await apiPost(request, session, `/purchase-orders/${order.id}/receipts`, {
    receiptDate: today(),
    note: LONG_NOTE,
    lines: [{ lineId: order.lines[0]!.id, quantity: 5 }],
  });
  return { order, article };
};

const platformOrder = async (request: APIRequestContext, session: ApiSession) => {
  const products = await apiGet<TList<{ id: number }>>(request, session, '/platform-products?limit=2&active=true');
  return apiPost<{ id: number; number: string }>(request, session, '/platform-orders', {
    notes: LONG_NOTE,
    lines: products.items.map((p, i) => ({ productId: p.id, quantity: i + 2 })),
  });
};

/** The page has drawn its heading and its data: no loading bar or overlay left. */
const settled = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.MuiDataGrid-overlay, [role="progressbar"]')).toHaveCount(0);
};

/** How far the whole page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) => page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);

/** Elements of the page drawn past the screen's right edge, outside any scrolling region (cut off). */
const cutOff = (page: Page) =>
  page.getByRole('main').evaluate((main) => {
    const width = main.ownerDocument.documentElement.clientWidth;
    const view = main.ownerDocument.defaultView!;
    const scrolls = (element: typeof main) => {
      const { overflowX } = view.getComputedStyle(element);
      return (overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth;
    };
    const cut: string[] = [];
    for (const element of main.querySelectorAll('th, td, li, p, h2, button, input')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      let parent = element.parentElement;
      while (parent && parent !== main && !scrolls(parent)) parent = parent.parentElement;
      if (parent === main || !parent)
        cut.push(`${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 30)}"`);
    }
    return cut.slice(0, 5);
  });

/** Each page: no sideways scroll of the page, nothing cut off, and no serious accessibility violation. */
const audit = async (page: Page, pages: { path: string; ready?: (page: Page) => Promise<void> }[]) => {
  const found: string[] = [];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await settled(page);
    await ready?.(page);
    const overflow = await sideways(page);
    if (overflow > 0) found.push(`${path}: the page scrolls ${overflow}px sideways`);
    found.push(...(await cutOff(page)).map((element) => `${path}: ${element} is cut off`));
    found.push(...(await violations(page, path)));
  }
  expect(found).toEqual([]);
};

test('on a phone the order, article and BDC RB pages fit the screen and pass the accessibility audit', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const { order, article } = await receivedOrder(request, session);
  const rb = await platformOrder(request, session);
  await enter(page, ACCOUNTS.admin);
  await audit(page, [
    { path: '/admin/bdc' },
    {
      path: `/admin/bdc/${order.id}`,
      ready: async (p) => {
        await expect(p.getByTestId('history')).toContainText('Réception');
        await expect(p.getByTestId('receipts')).toContainText(LONG_NOTE);
      },
    },
    { path: '/admin/bdc/new' },
    {
      path: `/admin/articles/${article.id}`,
      ready: async (p) => {
        await expect(p.getByTestId('quantity-on-order')).toContainText('7');
      },
    },
    { path: '/admin/bdcRb' },
    { path: `/admin/bdcRb/${rb.id}`, ready: (p) => expect(p.getByTestId('history')).toContainText('Commande') },
  ]);
});

test('on a phone the order cards show the receipt status', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const { order } = await receivedOrder(request, session);
  await enter(page, ACCOUNTS.admin, `/admin/bdc?search=${order.number}`);
  await settled(page);
  const card = page.getByTestId('resource-card').filter({ hasText: order.number });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('order-status')).toHaveText('Terminé (envoyé)');
  await expect(card.getByTestId('receipt-status')).toHaveText('Partiellement reçue');
});

/** A search-as-you-type select of the page: type, then pick the exact option. */
const pick = async (page: Page, label: string, typed: string, option: string | RegExp) => {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.fill(typed);
  await page.getByRole('option', { name: option }).click();
};

test('on a phone an order is written one line at a time in a form, and saved', async ({ page, request }) => {
  test.setTimeout(90000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const supplierName = `Fournisseur tél ${run}`;
  await apiPost(request, session, '/suppliers', { name: supplierName });
  const a = await createArticle(request, session, `TELA-${run}`, 'Casque antibruit');
  const b = await createArticle(request, session, `TELB-${run}`, 'Bouchons d’oreilles');

  await enter(page, ACCOUNTS.admin, '/admin/bdc/new');
  await settled(page);
  await pick(page, 'Fournisseur', supplierName, supplierName);
  await pick(page, 'Mode de paiement', 'Virement', 'Virement');

  // No table of five fields per line: a card per line, edited in a form of its own.
  const lines = page.getByRole('list', { name: 'Lignes' });
  await expect(page.getByRole('table', { name: 'Lignes' })).toHaveCount(0);
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Modifier la ligne 1' }).click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: 'Ligne 1' })).toBeVisible();
  const article = form.getByRole('combobox', { name: 'Article' });
  await expect(article).toBeFocused();
  await article.fill(a.reference);
  await page.getByRole('option', { name: new RegExp(`^${a.reference}`) }).click();
  // The article's price and VAT rate fill the line; the quantity is next.
  await expect(form.getByRole('textbox', { name: 'Quantité' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Prix unitaire HT' })).toHaveValue('12,00');
  await expect(form.getByRole('textbox', { name: 'TVA %' })).toHaveValue('20');
  await form.getByRole('textbox', { name: 'Quantité' }).fill('5');
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(form).toHaveCount(0);
  const first = page.getByTestId('document-line-1');
  await expect(first).toContainText(`1. ${a.reference} — Casque antibruit`);
  await expect(first).toContainText('Quantité5');

  // A second line: the form refuses it without an article, then takes it with its own price.
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await expect(form.getByRole('heading', { name: 'Ligne 2' })).toBeVisible();
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(form.getByText('Sélectionnez un article')).toBeVisible();
  await form.getByRole('combobox', { name: 'Article' }).fill(b.reference);
  await page.getByRole('option', { name: new RegExp(`^${b.reference}`) }).click();
  await form.getByRole('textbox', { name: 'Quantité' }).fill('10');
  await form.getByRole('textbox', { name: 'Prix unitaire HT' }).fill('0,50');
  await form.getByRole('button', { name: 'Valider' }).click();
  await expect(form).toHaveCount(0);
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('document-line-2')).toContainText('Prix unitaire HT0,50 €');
  expect(await sideways(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bdc\/\d+$/);
  // 5 × 12 + 10 × 0,50 = 65 HT, computed by the server.
  await expect(page.getByTestId('total-net')).toHaveText('65,00 €');
  await expect(page.getByTestId('document-line-1').getByTestId('line-net')).toHaveText('60,00 €');
  await expect(page.getByTestId('document-line-2').getByTestId('line-net')).toHaveText('5,00 €');
  await settled(page);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  expect(await violations(page, 'saved order')).toEqual([]);
});

test('on a phone the super admin’s BDC RB list and an order with registered tags fit and pass the audit', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const tenant = await apiSignIn(request);
  const rb = await platformOrder(request, tenant);
  const platform = await apiSignIn(request, ACCOUNTS.superAdmin);
  const order = await apiGet<{ tenantId: number }>(request, platform, `/platform/platform-orders/${rb.id}`);
  await apiPost(request, platform, `/platform/platform-orders/${rb.id}/status`, { status: 'done' });
  const families = await apiGet<{ id: number }[]>(
    request,
    platform,
    `/platform/tenants/${order.tenantId}/tag-families`,
  );
  const first = `E280${Date.now().toString(16).toUpperCase().padStart(16, '0')}0000`;
  await apiPost(request, platform, `/platform/platform-orders/${rb.id}/epcs`, {
    familyId: families[0]!.id,
    range: { first, count: 3 },
  });

  await enter(page, ACCOUNTS.superAdmin);
  await audit(page, [
    { path: '/superAdmin/bdcRb' },
    {
      path: `/superAdmin/bdcRb/${rb.id}`,
      ready: (p) => expect(p.getByRole('list', { name: 'Étiquettes enregistrées' })).toContainText(first),
    },
  ]);
});

test('on a tablet, tables too wide for their card scroll inside it, in a named region the keyboard reaches', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  await page.setViewportSize({ width: 700, height: 900 });
  const session = await apiSignIn(request);
  const { order, article } = await receivedOrder(request, session);
  const rb = await platformOrder(request, session);
  await enter(page, ACCOUNTS.admin);
  await audit(page, [
    {
      path: `/admin/bdc/${order.id}`,
      ready: (p) => expect(p.getByTestId('history')).toContainText('Réception'),
    },
    { path: '/admin/bdc/new' },
    {
      path: `/admin/articles/${article.id}`,
      ready: (p) => expect(p.getByTestId('quantity-on-order')).toContainText('7'),
    },
    { path: `/admin/bdcRb/${rb.id}`, ready: (p) => expect(p.getByTestId('history')).toContainText('Commande') },
  ]);

  // The lines of a sent order are wider than the card: their region scrolls, from the keyboard too.
  await page.goto(`/admin/bdc/${order.id}`);
  await settled(page);
  const region = page.getByRole('region', { name: 'Lignes' });
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(region.getByRole('columnheader', { name: 'Reçu' })).toBeInViewport();
});

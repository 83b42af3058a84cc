import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, enter, unique } from './helpers';
import { apiPost, apiSignIn, createArticle, type ApiSession } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

/** A day as the tenants count them (Paris), `offset` days from today. */
const parisDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offset * 86_400_000));

/** An issued invoice of 5 units of a fresh article (10 on hand) for a fresh customer. */
const issuedInvoice = async (request: APIRequestContext, session: ApiSession) => {
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client livraison ${run}`,
    address: '5 rue des Halles',
    postcode: '59000',
    city: 'Lille',
    siren: '732829320',
  });
  const article = await createArticle(request, session, `LIV-${run}`, `Carton livré ${run}`);
  const draft = await apiPost<{ id: number }>(request, session, '/invoices', {
    customerId: customer.id,
    invoiceDate: parisDay(),
    lines: [{ articleId: article.id, quantity: 5, unitPrice: '12.00', vatRate: '20' }],
  });
  const invoice = await apiPost<{ id: number; number: string }>(request, session, `/invoices/${draft.id}/status`, {
    status: 'issued',
  });
  return { customer, article, invoice };
};

const deliveries = (page: Page) => page.getByTestId('deliveries');

/** Opens an invoice; its page and its deliveries section take their time on a busy machine. */
const openInvoice = async (page: Page, id: number) => {
  await page.goto(`/admin/invoices/${id}`);
  await expect(deliveries(page).getByRole('heading', { name: 'Livraisons', exact: true })).toBeVisible({
    timeout: 30000,
  });
};

test('an invoice shows what is left to deliver; its delivery notes for today and late ones reach the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(180000);
  const session = await apiSignIn(request);
  const { customer, article, invoice } = await issuedInvoice(request, session);

  await enter(page, ACCOUNTS.admin);
  await openInvoice(page, invoice.id);
  const section = deliveries(page);
  const line = section.getByTestId('deliveries-line').filter({ hasText: article.reference });
  await expect(line.getByRole('cell')).toHaveText([`${article.reference}${article.designation}`, '5', '0', '0', '5']);
  await expect(section.getByTestId('deliveries-summary')).toHaveText('5 unités à livrer\u202f; 0 livrée(s) sur 5');
  await expect(section).toContainText('Aucun bon de livraison pour l’instant');
  await expect(section.getByRole('link', { name: 'Créer un bon de livraison' })).toHaveAttribute(
    'href',
    `/admin/deliveryNotes/new?invoiceId=${invoice.id}`,
  );

  // Two notes of the invoice: 2 units today (a draft), 1 unit planned three days ago (ready, numbered: late).
  const lines = (quantity: number) => [{ articleId: article.id, quantity }];
  const todays = await apiPost<{ id: number }>(request, session, '/delivery-notes', {
    customerId: customer.id,
    invoiceId: invoice.id,
    plannedDate: parisDay(),
    lines: lines(2),
  });
  const lateDraft = await apiPost<{ id: number }>(request, session, '/delivery-notes', {
    customerId: customer.id,
    invoiceId: invoice.id,
    plannedDate: parisDay(-3),
    lines: lines(1),
  });
  const late = await apiPost<{ id: number; number: string }>(
    request,
    session,
    `/delivery-notes/${lateDraft.id}/status`,
    { status: 'ready' },
  );

  await openInvoice(page, invoice.id);
  await expect(line.getByRole('cell')).toHaveText([`${article.reference}${article.designation}`, '5', '0', '3', '2']);
  const notes = section.getByTestId('deliveries-notes');
  await expect(notes.getByRole('link', { name: late.number })).toHaveAttribute(
    'href',
    `/admin/deliveryNotes/${late.id}`,
  );
  await expect(notes.getByRole('listitem').filter({ hasText: late.number })).toContainText('En retard');
  await expect(notes.getByRole('link', { name: `Brouillon n°\u00a0${todays.id}` })).toHaveAttribute(
    'href',
    `/admin/deliveryNotes/${todays.id}`,
  );

  // The dashboard: the customer and the invoice to deliver today, the late note.
  await page.goto('/admin/dashboard');
  const card = page.getByTestId('dashboard-first-screen');
  await expect(card.getByRole('heading', { name: 'Livraisons en retard', exact: true }).first()).toBeVisible({
    timeout: 30000,
  });
  await expect(card.getByTestId('customers-to-deliver').getByRole('link', { name: customer.name })).toHaveAttribute(
    'href',
    `/admin/deliveryNotes?customerId=${customer.id}`,
  );
  const invoiceItem = card.getByTestId('invoices-to-deliver').getByRole('listitem').filter({ hasText: invoice.number });
  await expect(invoiceItem.getByRole('link', { name: invoice.number })).toHaveAttribute(
    'href',
    `/admin/invoices/${invoice.id}`,
  );
  await expect(invoiceItem).toContainText('1 bon de livraison — 2 unités');
  const lateList = card.getByTestId('late-deliveries');
  await expect(lateList.getByTestId('late-deliveries-total')).toContainText('en retard');
  const lateItem = lateList.getByRole('listitem').filter({ hasText: late.number });
  await expect(lateItem).toContainText(`${customer.name} — 3 jours de retard`);
  await lateItem.getByRole('link', { name: late.number }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/deliveryNotes/${late.id}$`));
  await page.goBack();
  await expect(lateList.getByRole('link', { name: 'Voir la liste' })).toHaveAttribute(
    'href',
    '/admin/deliveryNotes?late=true',
  );
});

test('the read-only account sees the deliveries of an invoice without the way to create a note', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const session = await apiSignIn(request);
  const { article, invoice } = await issuedInvoice(request, session);
  await enter(page, ACCOUNTS.viewer);
  await openInvoice(page, invoice.id);
  const section = deliveries(page);
  await expect(section.getByTestId('deliveries-line').filter({ hasText: article.reference })).toBeVisible();
  await expect(section.getByTestId('deliveries-summary')).toHaveText('5 unités à livrer\u202f; 0 livrée(s) sur 5');
  await expect(section.getByRole('link', { name: 'Créer un bon de livraison' })).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('late-deliveries')).toBeVisible({
    timeout: 30000,
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the deliveries of an invoice and the delivery card fit 390 px without sideways scrolling', async ({
    page,
    request,
  }) => {
    test.setTimeout(90000);
    const session = await apiSignIn(request);
    const { article, invoice } = await issuedInvoice(request, session);
    await enter(page, ACCOUNTS.admin);
    await openInvoice(page, invoice.id);
    await expect(deliveries(page).getByTestId('deliveries-line').filter({ hasText: article.reference })).toBeVisible();
    await deliveries(page).scrollIntoViewIfNeeded();
    const overflow = (p: Page) => p.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The table itself fits too (no scroll inside the card).
    expect(
      await deliveries(page)
        .getByTestId('deliveries-lines')
        .evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0)),
    ).toBeLessThanOrEqual(0);
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('late-deliveries')).toBeVisible({
      timeout: 30000,
    });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, dialog, enter, pick, toast, typeArticle, unique } from './helpers';
import {
  apiGet,
  apiPost,
  apiSignIn,
  createArticle,
  createReader,
  freshEpc,
  today,
  walkOut,
  watchRoomJoin,
} from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

/** The page itself fits the phone (a toast sliding out is left to go first). */
const noSidewaysScroll = async (page: Page) => {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 15000 });
  expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
};

test('a delivery note from an invoice: picked EPCs through the gate tick it, delivered in one click; another item raises the alarm', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client BL ${run}`,
    address: '5 rue des Halles',
    postcode: '59000',
    city: 'Lille',
  });
  const [a, b] = await Promise.all([
    createArticle(request, session, `BL-${run}-A`, `Carton BL ${run}`),
    createArticle(request, session, `BL-${run}-B`, `Palette BL ${run}`),
  ]);
  const picked = [freshEpc(), freshEpc()];
  const stray = freshEpc();
  await apiPost(request, session, '/tags/bind', { articleId: a!.id, epcs: picked });
  await apiPost(request, session, '/tags/bind', { articleId: b!.id, epcs: [stray] });
  const location = `Quai BL ${run}`;
  const reader = await createReader(request, session, { name: `Portique BL ${run}`, location, vendor: 'zebra' });
  const invoice = await apiPost<{ id: number }>(request, session, '/invoices', {
    customerId: customer.id,
    invoiceDate: today(),
    lines: [{ articleId: a!.id, quantity: 2, unitPrice: '12.00', vatRate: '20' }],
  });

  const roomJoined = await watchRoomJoin(page);
  // From the invoice: its customer, what is left to deliver of it, the customer's address as the default.
  await enter(page, ACCOUNTS.admin, `/admin/deliveryNotes/new?invoiceId=${invoice.id}`);
  await roomJoined();
  await expect(page.getByRole('heading', { name: 'Nouveau bon de livraison', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(customer.name);
  await expect(page.getByRole('textbox', { name: 'Quantité, ligne 1' })).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Adresse de livraison' })).toHaveAttribute(
    'placeholder',
    /rue des Halles/,
  );
  // Both EPCs pasted at once, one per row.
  await page.getByRole('textbox', { name: 'EPC prélevés, ligne 1' }).fill(picked.join('\n'));
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deliveryNotes\/\d+$/);
  await expect(toast(page, 'Brouillon de bon de livraison enregistré')).toBeVisible();

  await page.getByRole('button', { name: 'Prêt à livrer' }).click();
  await dialog(page).getByRole('button', { name: 'Prêt à livrer' }).click();
  await expect(toast(page, 'Bon de livraison prêt à livrer')).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Bon de livraison BL-\d{4}-\d{6}$/);
  const number = (await heading.textContent())!.replace('Bon de livraison ', '');
  const tick = page.getByTestId('document-line-1').getByTestId('line-exited');
  await expect(tick).toHaveText('0 / 2');

  // The reader walks the picked items out: authorized by the note, no alarm, the line ticked.
  for (const epc of picked) await walkOut(request, reader.secret, epc);
  const logs = await apiGet<{ items: { isAuthorized: boolean; authorizationMessage: string }[] }>(
    request,
    session,
    `/redear/TagMouvement/${session.idClient}?search=${picked[0]}&eventType=OUT`,
  );
  expect(logs.items[0]).toMatchObject({ isAuthorized: true, authorizationMessage: `Authorized by ${number}` });
  await expect(tick).toHaveText('2 / 2 ✓');
  await expect(page.getByTestId('exit-alarm')).toHaveCount(0);

  // Every line complete: Deliver is one click, no question asked.
  await page.getByRole('button', { name: 'Livrer', exact: true }).click();
  await expect(toast(page, 'Bon de livraison livré')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('page-subtitle').getByTestId('delivery-note-status')).toHaveText('Livré');

  // An item on no note walks out: the persistent alarm.
  await walkOut(request, reader.secret, stray);
  await expect(page.getByTestId('exit-alarm')).toContainText(
    `${b!.designation} est sorti de ${location} sans autorisation`,
  );

  // On a phone: the list as cards and the note, without sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.goto(`/admin/deliveryNotes?search=${number}`);
  await expect(page.getByText(number)).toBeVisible();
  await noSidewaysScroll(page);
});

test('a delivery note beyond what is available asks first; a reader sees no way to write', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client BL ${run}`,
  });
  const article = (await createArticle(request, session, `BLX-${run}`, `Caisse BL ${run}`))!;

  await enter(page, ACCOUNTS.admin, '/admin/deliveryNotes/new');
  await pick(page, 'Client', customer.name, customer.name);
  await page.getByRole('combobox', { name: 'Article, ligne 1' }).click();
  await typeArticle(page, 1, article.reference);
  await page.keyboard.type('50');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(dialog(page).getByTestId('availability-lines')).toContainText(article.reference);
  await dialog(page).getByRole('button', { name: 'Continuer sans réserver' }).click();
  await expect(page).toHaveURL(/\/admin\/deliveryNotes\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop();

  // A reader, in a browser of its own.
  page = await browser.newPage({ locale: 'fr-FR' });
  await enter(page, ACCOUNTS.viewer, '/admin/deliveryNotes');
  await expect(page.getByRole('heading', { name: 'Bons de livraison', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouveau bon de livraison' })).toHaveCount(0);
  await page.goto(`/admin/deliveryNotes/${id}`);
  await expect(page.getByRole('heading', { name: 'Bon de livraison (brouillon)', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prêt à livrer' })).toHaveCount(0);
});

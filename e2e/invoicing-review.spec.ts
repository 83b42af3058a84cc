import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { violations } from './axe';
import { ACCOUNTS, dialog, enter, row, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, today, type ApiSession } from './rfid-api';

// What a review of invoicing in French found (issue 21 §3), at 1280 px and on a phone (390 px).
test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 900 } });
const PHONE = { width: 390, height: 844 };

type Invoice = { id: number; number: string | null; totalGross: string };

/** A French company customer with everything an invoice needs (address, SIREN). */
const newCustomer = (request: APIRequestContext, session: ApiSession, run: string) =>
  apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client revue ${run}`,
    address: '3 place du Marché',
    postcode: '69001',
    city: 'Lyon',
    siren: '552100554',
  });

/** Draft invoice, then issued (numbered). */
const issueInvoice = async (request: APIRequestContext, session: ApiSession, body: Record<string, unknown>) => {
  const draft = await apiPost<Invoice>(request, session, '/invoices', { invoiceDate: today(), ...body });
  return apiPost<Invoice>(request, session, `/invoices/${draft.id}/status`, { status: 'issued' });
};

/** A credit note for what is left of the invoice, issued. */
const creditAll = async (request: APIRequestContext, session: ApiSession, invoiceId: number) => {
  const note = await apiPost<{ id: number }>(request, session, '/credit-notes', { invoiceId, full: true });
  return apiPost<{ id: number; number: string }>(request, session, `/credit-notes/${note.id}/status`, {
    status: 'issued',
  });
};

const transferMode = async (request: APIRequestContext, session: ApiSession) => {
  const { items } = await apiGet<{ items: { id: number; label: string }[] }>(
    request,
    session,
    '/payment-modes?search=Virement',
  );
  return items.find((m) => m.label === 'Virement')!;
};

/** Nothing of the page is beyond the screen's right edge: no amount cut off, no sideways scroll. */
const withinScreen = async (page: Page, testId: string) => {
  for (const element of await page.getByTestId(testId).all()) {
    await element.scrollIntoViewIfNeeded();
    const box = (await element.boundingBox())!;
    expect(box.x + box.width, testId).toBeLessThanOrEqual(PHONE.width);
  }
};

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a discounted proforma, invoice and credit note show every total with its amount, and rates by name', async ({
    page,
    request,
  }) => {
    test.setTimeout(90000);
    const session = await apiSignIn(request);
    const run = unique().toUpperCase();
    const customer = await newCustomer(request, session, run);
    const articles = await Promise.all(
      ['A', 'B', 'C'].map((x) => createArticle(request, session, `RV-${run}-${x}`, `Article revue ${x} ${run}`)),
    );
    // Three French rates, 24,00 € HT each, and 10 % off the whole: the "Remise" column appears.
    const sale = {
      customerId: customer.id,
      discount: { type: 'percent', value: '10' },
      lines: ['20', '10', '5.5'].map((vatRate, i) => ({
        articleId: articles[i]!.id,
        quantity: 2,
        unitPrice: '12.00',
        vatRate,
      })),
    };
    const proforma = await apiPost<{ id: number }>(request, session, '/proformas', {
      ...sale,
      proformaDate: today(),
    });
    const invoice = await issueInvoice(request, session, sale);
    const note = await creditAll(request, session, invoice.id);

    await enter(page, ACCOUNTS.admin);
    for (const path of [
      `/admin/proformas/${proforma.id}`,
      `/admin/invoices/${invoice.id}`,
      `/admin/creditNotes/${note.id}`,
    ]) {
      await page.goto(path);
      const rates = page.getByTestId('vat-breakdown');
      await expect(rates).toHaveCount(3);
      // Each rate by its name, never a bare code nor "Taux normal" for 5,5 % or 10 %.
      await expect(rates.filter({ hasText: /^Taux normal 20\s%/ })).toContainText(/Remise\s*2,40\s€/);
      await expect(rates.filter({ hasText: /^Taux réduit 10\s%/ })).toContainText(/TVA\s*2,16\s€/);
      await expect(rates.filter({ hasText: /^Taux réduit 5,5\s%/ })).toContainText(/Base HT\s*21,60\s€/);
      await expect(page.getByTestId('total-allowance')).toHaveText(/^-7,20\s€$/);
      await expect(page.getByTestId('total-net')).toHaveText(/^64,80\s€$/);
      await expect(page.getByTestId('total-vat')).toHaveText(/^7,67\s€$/);
      await expect(page.getByTestId('total-gross')).toHaveText(/^72,47\s€$/);
      for (const key of ['net', 'vat', 'gross']) await withinScreen(page, `total-${key}`);
      await withinScreen(page, 'vat-breakdown');
      expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth), path).toBe(0);
    }
  });

  test('the company screen says first what invoicing lacks, as the fields are typed, and marks what it needs', async ({
    page,
  }) => {
    await enter(page, ACCOUNTS.admin, '/admin/company');
    const readiness = page.getByTestId('invoicing-readiness');
    await expect(readiness).toBeVisible();
    // At the top: on the first screen, above the form and its Save button.
    await expect(readiness).toBeInViewport();
    const top = (await readiness.boundingBox())!.y;
    expect(top).toBeLessThan((await page.getByRole('region', { name: 'Identité' }).boundingBox())!.y);
    expect(top).toBeLessThan((await page.getByRole('button', { name: 'Enregistrer' }).boundingBox())!.y);

    // Live, before any save: a town emptied is missing at once, typed again it is not.
    const city = page.getByRole('textbox', { name: 'Ville', exact: true });
    const original = await city.inputValue();
    await city.fill('');
    await expect(readiness.getByTestId('readiness-missing')).toContainText('Ville');
    // Its name leads to its field.
    await readiness.getByRole('button', { name: 'Ville' }).click();
    await expect(city).toBeFocused();
    await city.fill(original || 'Nantes');
    await expect(readiness).not.toContainText(/^Ville$/);
    await expect(readiness.getByRole('button', { name: 'Ville' })).toHaveCount(0);

    // The fields invoicing needs are marked; the others are not.
    for (const name of ['Ville', 'SIREN', 'IBAN', 'Forme juridique (SAS, SARL…)', 'Ville du RCS'])
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Site web', exact: true })).not.toHaveAttribute('required');
    await expect(readiness).toContainText('Les champs marqués * sont nécessaires pour émettre une facture.');

    // The company's electronic address (BT-34): the SIREN by default.
    await expect(page.getByRole('textbox', { name: 'Adresse électronique de facturation' })).toBeVisible();
    await expect(page.getByText('SIREN par défaut (annuaire des plateformes agréées)')).toBeVisible();

    expect(await violations(page, 'company on a phone')).toEqual([]);
  });
});

test('the payment dialog starts at the invoice’s payment mode, and an amount refused is said on it until changed', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await newCustomer(request, session, run);
  const article = await createArticle(request, session, `PAY-${run}`, `Article paiement ${run}`);
  const transfer = await transferMode(request, session);
  const line = { articleId: article.id, quantity: 1, unitPrice: '12.00', vatRate: '20' };
  // One invoice names its payment mode; the other only its means of payment, a SEPA transfer (the default).
  const withMode = await issueInvoice(request, session, {
    customerId: customer.id,
    paymentModeId: transfer.id,
    lines: [line],
  });
  const byTransfer = await issueInvoice(request, session, { customerId: customer.id, lines: [line] });

  await enter(page, ACCOUNTS.admin, `/admin/invoices/${byTransfer.id}`);
  await expect(page.getByTestId('invoice-payment-type')).toHaveText('Virement SEPA');
  // No payment mode chosen: none shown, no empty "—".
  await expect(page.getByTestId('invoice-payment-mode')).toHaveCount(0);
  await page.getByTestId('invoice-payments').getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(dialog(page).getByRole('combobox', { name: 'Mode de règlement' })).toHaveValue('Virement');
  await dialog(page).getByRole('button', { name: 'Annuler' }).click();

  await page.goto(`/admin/invoices/${withMode.id}`);
  await expect(page.getByTestId('invoice-payment-mode')).toHaveText('Virement');
  await page.getByTestId('invoice-payments').getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const amount = dialog(page).getByRole('textbox', { name: 'Montant', exact: true });
  await expect(dialog(page).getByRole('combobox', { name: 'Mode de règlement' })).toHaveValue('Virement');
  await expect(amount).toHaveValue('14,40');
  await amount.fill('500');
  await dialog(page).getByRole('button', { name: 'Enregistrer un paiement' }).click();
  // Said on the amount, which it concerns…
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog(page).getByText(/500,00\s€ dépasse les 14,40\s€ qui restent à payer/)).toBeVisible();
  // …and gone as soon as the amount changes.
  await amount.fill('14,40');
  await expect(dialog(page).getByText(/dépasse/)).toHaveCount(0);
  await expect(amount).toHaveAttribute('aria-invalid', 'false');
  await dialog(page).getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(toast(page, 'Paiement enregistré')).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText(/^0,00\s€$/);
});

test('a credit note shows in the invoice’s payments as the credit note, and its history speaks French', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await newCustomer(request, session, run);
  const article = await createArticle(request, session, `AVR-${run}`, `Article avoir ${run}`);
  const transfer = await transferMode(request, session);
  const invoice = await issueInvoice(request, session, {
    customerId: customer.id,
    lines: [{ articleId: article.id, quantity: 1, unitPrice: '12.00', vatRate: '20' }],
  });
  // Paid in full, then credited in full: what was paid goes back on the customer's account.
  await apiPost(request, session, `/invoices/${invoice.id}/payments`, {
    paymentDate: today(),
    amount: '14.40',
    paymentModeId: transfer.id,
    reference: `VIR-${run}`,
  });
  const note = await creditAll(request, session, invoice.id);

  await enter(page, ACCOUNTS.admin, `/admin/invoices/${invoice.id}`);
  const rows = page.getByTestId('payments').getByRole('row');
  const paid = rows.filter({ hasText: `VIR-${run}` }).filter({ hasNotText: 'Rendu' });
  await expect(paid).toContainText('Virement');
  const credited = rows.filter({ has: page.getByRole('link', { name: `Avoir ${note.number}` }) });
  await expect(credited).toContainText(/[-−]14,40\s€/);
  await expect(credited).toContainText(`Rendu sur le compte du client, du paiement VIR-${run}`);
  // Not read as a transfer received.
  await expect(credited.getByRole('cell').nth(2)).not.toContainText('Virement');

  // The history names every field in French.
  const history = page.getByTestId('history');
  await expect(history).toContainText(/Crédité par avoirs\s: 0,00\s€ → 14,40\s€/);
  await expect(history).not.toContainText(/amount|Credited|Paid|Due/);

  await credited.getByRole('link', { name: `Avoir ${note.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/creditNotes/${note.id}$`));
});

test('a draft says before any click what the company and the customer lack, and Issue says why it waits', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  // Acme has not filled in its company settings.
  const session = await apiSignIn(request, ACCOUNTS.acme);
  const { missingForInvoicing } = await apiGet<{ missingForInvoicing: string[] }>(request, session, '/company');
  const run = unique().toUpperCase();
  // A customer without an address nor a SIREN.
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client incomplet ${run}`,
  });
  const article = await createArticle(request, session, `INC-${run}`, `Article incomplet ${run}`);
  const draft = await apiPost<Invoice>(request, session, '/invoices', {
    customerId: customer.id,
    invoiceDate: today(),
    lines: [{ articleId: article.id, quantity: 1, unitPrice: '12.00', vatRate: '20' }],
  });

  await enter(page, ACCOUNTS.acme, `/admin/invoices/${draft.id}`);
  const customerAlert = page.getByTestId('missing-customer');
  await expect(customerAlert).toContainText('La fiche du client est incomplète');
  await expect(customerAlert).toContainText(`Pour facturer ${customer.name}, sa fiche doit indiquer`);
  for (const field of ['Adresse', 'Code postal', 'Ville', 'SIREN']) await expect(customerAlert).toContainText(field);
  await expect(customerAlert.getByRole('link', { name: 'Ouvrir le client' })).toHaveAttribute(
    'href',
    `/admin/customers?${new URLSearchParams({ search: customer.name }).toString()}`,
  );
  if (missingForInvoicing.length) {
    const companyAlert = page.getByTestId('missing-company');
    await expect(companyAlert).toContainText('Les paramètres de la société sont incomplets');
    await expect(companyAlert.getByRole('link', { name: 'Compléter la société' })).toHaveAttribute(
      'href',
      '/admin/company',
    );
  }
  // Issue is there, and says why it cannot be clicked yet.
  const issue = page.getByRole('button', { name: 'Émettre', exact: true });
  await expect(issue).toBeDisabled();
  await expect(issue).toHaveAttribute('aria-describedby', 'missing-for-issue');
  await issue.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(
    'Pas encore\u202f: complétez d’abord ce qui manque, indiqué au-dessus de la facture',
  );
  expect(await violations(page, 'draft invoice that lacks settings')).toEqual([]);

  // Completed on the customer's screen: the draft says what is left, at once.
  await customerAlert.getByRole('link', { name: 'Ouvrir le client' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?search=/);
  await row(page, customer.name).getByRole('button', { name: 'Modifier' }).click();
  await dialog(page).getByLabel('Adresse', { exact: true }).fill('1 rue Haute');
  await dialog(page).getByLabel('Code postal', { exact: true }).fill('75001');
  await dialog(page).getByLabel('Ville', { exact: true }).fill('Paris');
  await dialog(page).getByLabel('SIREN', { exact: true }).fill('552100554');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('missing-customer')).toHaveCount(0);
  if (!missingForInvoicing.length) await expect(issue).toBeEnabled();
});

import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../apps/api/src/platform/pdf/pdf-text';
import { ACCOUNTS, dialog, enter, pick, toast, typeArticle, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, today } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Records a payment of the invoice on screen: its amount (the dialog starts at what is left), by transfer. */
const recordPayment = async (page: Page, amount?: string) => {
  await page.getByTestId('invoice-payments').getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await expect(dialog(page)).toContainText('Reste à payer');
  if (amount) await dialog(page).getByRole('textbox', { name: 'Montant', exact: true }).fill(amount);
  await pick(page, 'Mode de règlement', 'Virement', 'Virement');
  await dialog(page).getByRole('button', { name: 'Enregistrer un paiement' }).click();
  // The toast of an earlier payment may still show beside this one.
  await expect(toast(page, 'Paiement enregistré').last()).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
};

test('a proforma converted, the invoice issued and printed, paid in two payments, then credited', async ({
  page,
  request,
}) => {
  // One whole sale through the screens, on a machine that may be busy.
  test.setTimeout(150000);
  const session = await apiSignIn(request);
  // The seller's SIREN, printed on every invoice: the demo company's (631229838) unless a test changed it.
  const { siren } = await apiGet<{ siren: string }>(request, session, '/company');
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client facturation ${run}`,
    address: '3 place du Marché',
    postcode: '69001',
    city: 'Lyon',
    siren: '552100554',
  });
  const [a, b] = await Promise.all([
    createArticle(request, session, `FA-${run}-A`, `Casque facture ${run}`),
    createArticle(request, session, `FA-${run}-B`, `Gants facture ${run}`),
  ]);

  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Factures proforma', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Factures proforma', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle proforma' }).click();
  await expect(page).toHaveURL(/\/admin\/proformas\/new$/);

  // The customer is required before anything is sent.
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Sélectionnez un client')).toBeVisible();
  // The focus leaves "Enregistrer" for the faulty field.
  await expect(page.getByRole('combobox', { name: 'Client' })).toBeFocused();
  await pick(page, 'Client', customer.name, customer.name);
  // Two lines at the articles' price (12,00 € HT, 20 %): A × 3, B × 2.
  await page.getByRole('combobox', { name: 'Article, ligne 1' }).click();
  await typeArticle(page, 1, a!.reference);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await typeArticle(page, 2, b!.reference);
  await page.keyboard.type('2');
  await page.keyboard.press('Control+s');

  await expect(page).toHaveURL(/\/admin\/proformas\/\d+$/);
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
  await expect(heading(page)).toHaveText(new RegExp(`^Facture proforma PF-${year}-\\d{6}$`));
  await expect(page.getByTestId('total-gross')).toHaveText(/^72,00\s€$/);

  // Converted once: a draft invoice with its lines, which the proforma links to.
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  await expect(dialog(page)).toContainText('Un brouillon de facture est créé');
  await dialog(page).getByRole('button', { name: 'Convertir en facture' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  await expect(heading(page)).toHaveText('Facture (brouillon)');
  const invoiceUrl = page.url();
  await expect(page.getByTestId('page-subtitle').getByTestId('invoice-status')).toHaveText('Brouillon');
  await expect(page.getByRole('combobox', { name: 'Article, ligne 2' })).toHaveValue(
    `${b!.reference} — Gants facture ${run}`,
  );

  // Issued: numbered, dated today, read only from now on.
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(dialog(page)).toContainText('ne pourra plus être modifiée ni supprimée');
  await dialog(page).getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(toast(page, 'Facture émise')).toBeVisible();
  await expect(heading(page)).toHaveText(new RegExp(`^Facture FA-${year}-\\d{6}$`));
  const number = (await heading(page).textContent())!.replace('Facture ', '');
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(page.getByTestId('invoice-proforma')).toContainText(`PF-${year}-`);
  await expect(page.getByTestId('amount-due')).toHaveText(/^72,00\s€$/);

  // The Factur-X PDF states the number, the seller's SIREN and the late-payment penalties.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = (await pdfText(await readFile((await download.path())!))).replace(/\s+/g, ' ');
  expect(text).toContain(number);
  expect(text).toContain(siren);
  expect(text).toContain('pénalités au taux annuel');

  // Paid in two payments: partial, then the rest (the dialog starts at what is left).
  await recordPayment(page, '30');
  await expect(page.getByTestId('page-subtitle').getByTestId('payment-label')).toHaveText('Paiements partiels');
  await expect(page.getByTestId('amount-due')).toHaveText(/^42,00\s€$/);
  await recordPayment(page);
  await expect(page.getByTestId('page-subtitle').getByTestId('payment-label')).toHaveText('Payée');
  await expect(page.getByTestId('payments').getByRole('row')).toHaveCount(3);

  // A credit note of one unit of the first line, issued from its own page.
  await page.getByRole('button', { name: 'Créer un avoir' }).click();
  await dialog(page).getByRole('radio', { name: 'Certaines unités de certaines lignes' }).check();
  await dialog(page)
    .getByRole('textbox', { name: `Unités à créditer, ${a!.reference}` })
    .fill('1');
  await dialog(page).getByRole('textbox', { name: 'Motif' }).fill('Casque rendu');
  await dialog(page).getByRole('button', { name: 'Créer le brouillon d’avoir' }).click();
  await expect(page).toHaveURL(/\/admin\/creditNotes\/\d+$/);
  await expect(heading(page)).toHaveText('Avoir (brouillon)');
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(toast(page, 'Avoir émis')).toBeVisible();
  await expect(heading(page)).toHaveText(new RegExp(`^Avoir AV-${year}-\\d{6}$`));
  await expect(page.getByTestId('total-gross')).toHaveText(/^14,40\s€$/);
  await expect(page.getByTestId('credit-note-invoice')).toHaveText(number);
  // The invoice was paid in full: issuing the credit note gave its amount back on the customer's account.
  await expect(page.getByTestId('released-to-account')).toHaveText(/^14,40\s€$/);

  // The invoice lists it and counts the unit credited.
  await page.getByTestId('credit-note-invoice').click();
  await expect(page).toHaveURL(invoiceUrl);
  await expect(page.getByTestId('invoice-credit-notes')).toContainText(`AV-${year}-`);
  await expect(page.getByTestId('document-line-1').getByTestId('line-credited')).toHaveText('1');
  await expect(page.getByTestId('amount-credited')).toHaveText(/^14,40\s€$/);
  // It was paid in full: what the credit note took off goes back on the customer's account.
  const released = page.getByTestId('payments').getByRole('row').filter({ hasText: 'Rendu sur le compte' });
  await expect(released.getByRole('link', { name: new RegExp(`^Avoir AV-${year}-`) })).toBeVisible();
  await expect(released).toContainText(/[-−]14,40\s€/);
  // The label says what happened to this invoice: paid, and what it was paid beyond the credit went on account.
  await expect(page.getByTestId('page-subtitle').getByTestId('payment-label')).toHaveText(
    'Payée, trop-perçu en compte',
  );
});

test('a read-only user sees the sales documents and received invoices, and no action that changes them', async ({
  page,
}) => {
  // Five screens read in turn, on a machine that may be busy.
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.viewer, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Factures', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Factures', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvelle facture' })).toHaveCount(0);
  // The demo's issued invoice, partly paid and credited.
  await page.getByRole('row').filter({ hasText: 'Boulangerie Moreau' }).filter({ hasText: 'FA-' }).first().click();
  await expect(heading(page)).toHaveText(/^Facture FA-\d{4}-\d{6}$/);
  await expect(page.getByTestId('payments').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  for (const action of ['Enregistrer un paiement', 'Créer un avoir', 'Émettre', 'Supprimer', 'Enregistrer'])
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('read-only')).toHaveCount(0);

  // The demo's open proforma: read, not converted nor saved.
  await page.goto('/admin/proformas');
  await expect(page.getByRole('heading', { name: 'Factures proforma', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvelle proforma' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: 'PF-' }).filter({ hasText: 'Ouverte' }).first().click();
  await expect(heading(page)).toHaveText(/^Facture proforma PF-\d{4}-\d{6}$/);
  for (const action of ['Convertir en facture', 'Enregistrer', 'Supprimer'])
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);

  // A credit note: read, with its PDF, never issued nor deleted from here.
  await page.goto('/admin/creditNotes');
  await page.getByRole('row').filter({ hasText: 'AV-' }).first().click();
  await expect(heading(page)).toHaveText(/^Avoir AV-\d{4}-\d{6}$/);
  await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  for (const action of ['Émettre', 'Supprimer'])
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);

  // Received invoices and invoice payment: seen, nothing received or recorded.
  await page.goto('/admin/receivedInvoices');
  await expect(page.getByRole('heading', { name: 'Factures reçues', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recevoir une facture' })).toHaveCount(0);
  await page.goto('/admin/invoicePayments');
  await expect(page.getByRole('heading', { name: 'Paiement de factures', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enregistrer le paiement' })).toHaveCount(0);
});

test('a payment spread over a customer’s invoices oldest first, the rest on account, allocated later; money on account refunded in part', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client règlement ${run}`,
    address: '5 rue des Halles',
    postcode: '59000',
    city: 'Lille',
    // A French company is invoiced through its SIREN (the French e-invoicing rules).
    siren: '732829320',
  });
  const article = await createArticle(request, session, `RG-${run}`, `Article règlement ${run}`);
  // Three issued invoices of 14,40 €, 28,80 € and 14,40 € TTC (12,00 € HT at 20 %).
  const issue = async (quantity: number) => {
    const invoice = await apiPost<{ id: number }>(request, session, '/invoices', {
      customerId: customer.id,
      invoiceDate: today(),
      lines: [{ articleId: article.id, quantity, unitPrice: '12.00', vatRate: '20' }],
    });
    return apiPost<{ id: number; number: string }>(request, session, `/invoices/${invoice.id}/status`, {
      status: 'issued',
    });
  };
  const first = await issue(1);
  const second = await issue(2);

  await enter(page, ACCOUNTS.admin, `/admin/invoicePayments?customerId=${customer.id}`);
  await expect(page.getByRole('heading', { name: 'Paiement de factures', level: 1 })).toBeVisible();
  await expect(page.getByTestId('allocations').getByRole('row')).toHaveCount(3);
  // 50 € spread oldest first: both invoices paid, 6,80 € left on account.
  await page.getByRole('textbox', { name: 'Montant', exact: true }).fill('50');
  await expect(page.getByRole('textbox', { name: `Montant affecté à ${first.number}` })).toHaveValue('14,40');
  await expect(page.getByRole('textbox', { name: `Montant affecté à ${second.number}` })).toHaveValue('28,80');
  await expect(page.getByTestId('on-account-note')).toContainText('6,80');
  await pick(page, 'Mode de règlement', 'Chèque', 'Chèque');
  // Said in the section and focused there, not lost to the page's body.
  await page.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(page.getByTestId('payment-recorded')).toContainText(/Paiement enregistré.*6,80/);
  await expect(page.getByTestId('payment-recorded')).toBeFocused();
  await expect(page.getByTestId('allocations')).toContainText('Ce client n’a aucune facture à payer');
  await expect(page.getByTestId('on-account')).toContainText('6,80');

  // A new invoice takes the money on account.
  const third = await issue(1);
  await page.reload();
  await expect(page.getByTestId('allocations')).toContainText(third.number);
  await page.getByTestId('on-account').getByRole('button', { name: 'Affecter' }).click();
  await expect(dialog(page).getByRole('textbox', { name: `Montant affecté à ${third.number}` })).toHaveValue('6,80');
  await dialog(page).getByRole('button', { name: 'Affecter' }).click();
  await expect(toast(page, 'Paiement affecté')).toBeVisible();
  await expect(page.getByTestId('on-account')).toContainText('Rien au crédit du client');
  await page.getByRole('link', { name: third.number }).click();
  await expect(page.getByTestId('amount-due')).toHaveText(/^7,60\s€$/);
  await expect(page.getByTestId('page-subtitle').getByTestId('payment-label')).toHaveText('Paiements partiels');

  // Money received on account and paid back in part: what is left stays on account.
  const [transfer] = (await apiGet<{ items: { id: number }[] }>(request, session, '/payment-modes?search=Virement'))
    .items;
  await apiPost(request, session, '/payments', {
    customerId: customer.id,
    paymentDate: today(),
    amount: '10.00',
    paymentModeId: transfer!.id,
  });
  await page.goto(`/admin/invoicePayments?customerId=${customer.id}`);
  await expect(page.getByTestId('on-account')).toContainText('10,00');
  await page.getByTestId('on-account').getByRole('button', { name: 'Rembourser' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Montant' })).toHaveValue('10,00');
  await dialog(page).getByRole('textbox', { name: 'Montant' }).fill('4');
  await dialog(page).getByRole('textbox', { name: 'Référence' }).fill(`RBT-${run}`);
  await dialog(page).getByRole('button', { name: 'Rembourser' }).click();
  await expect(toast(page, 'Remboursement enregistré')).toBeVisible();
  await expect(page.getByTestId('on-account')).toContainText('6,00');
});

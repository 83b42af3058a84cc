import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, dialog, enter, row, settled, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, today, type ApiSession } from './rfid-api';

/*
 * The French e-invoicing chain on one machine: the e2e server runs with PA_SIMULATOR=1, an in-process approved
 * platform to which Demo and Acme are connected (statuses about a second apart), and Demo's customer "Acme
 * Industrie" carries Acme's SIREN. Statuses travel through the platform: they are waited for, never slept on.
 */
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
test.describe.configure({ mode: 'serial' });

/** Time for a flow to go through the simulator and be read back by the other tenant. */
const PLATFORM = { timeout: 20000 };
const ACME_CUSTOMER = 'Acme Industrie';

const lifecycle = (page: Page) => page.getByTestId('einvoice-lifecycle');

/** A draft invoice of Demo to Acme Industrie, one line of a fresh article. */
const draftToAcme = async (page: Page, session: ApiSession) => {
  const run = unique().toUpperCase();
  const customers = await apiGet<{ items: { id: number; name: string }[] }>(
    page.request,
    session,
    `/customers?search=${encodeURIComponent(ACME_CUSTOMER)}`,
  );
  const customer = customers.items.find((c) => c.name === ACME_CUSTOMER);
  expect(customer, 'the PA_SIMULATOR seed gives Demo the customer Acme Industrie').toBeDefined();
  const article = await createArticle(page.request, session, `PA-${run}`, `Casque plateforme ${run}`);
  return apiPost<{ id: number }>(page.request, session, '/invoices', {
    customerId: customer!.id,
    invoiceDate: today(),
    lines: [{ articleId: article.id, quantity: 2, unitPrice: '12.00', vatRate: '20' }],
  });
};

/** Acme's browser: a second context, signed in in French. */
const acmePage = async (browser: Browser) => {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await enter(page, ACCOUNTS.acme, '/admin/profile');
  return page;
};

/** Opens the received invoice of that number from Acme's list, once the platform has delivered it to Acme. */
const openReceived = async (page: Page, number: string) => {
  const session = await apiSignIn(page.request, ACCOUNTS.acme);
  const path = `/received-invoices?search=${encodeURIComponent(number)}`;
  await expect.poll(async () => (await apiGet<{ total: number }>(page.request, session, path)).total, PLATFORM).toBe(1);
  await page.getByRole('navigation').getByRole('link', { name: 'Factures reçues', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Factures reçues', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('searchbox').fill(number);
  await expect(page.locator(`[data-testid="resource-table"][data-shown-search="${number}"]`)).toBeVisible();
  await settled(page);
  await row(page, number).getByRole('gridcell').first().click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${number}` })).toBeVisible();
};

/** Sends a buyer's status from the received invoice's page: the menu, then its dialog. */
const answer = async (page: Page, action: string) => {
  await lifecycle(page).getByRole('button', { name: 'Répondre au fournisseur' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
};

let invoiceNumber = '';

// The platform knows Demo by the SIREN it was connected with: another spec may have changed the company's
// (company.spec types an example one), and an invoice's statuses follow the SIREN it names.
const DEMO_SIREN = '631229838';
const COMPANY_FIELDS = [
  'name',
  'address',
  'postcode',
  'city',
  'country',
  'siren',
  'vatNumber',
  'email',
  'phone',
  'website',
  'legalMentions',
  'iban',
  'bic',
  'legalForm',
  'shareCapital',
  'rcsCity',
  'latePenaltyRate',
  'supplyKind',
  'vatOnDebits',
  'electronicAddress',
] as const;
test.beforeAll(async ({ request }) => {
  const session = await apiSignIn(request, ACCOUNTS.admin);
  const company = await apiGet<Record<string, unknown>>(request, session, '/company');
  if (company.siren === DEMO_SIREN) return;
  const values = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, company[f] ?? null]));
  const res = await request.put('/backend/api/company', {
    headers: session.headers,
    data: { ...values, siren: DEMO_SIREN, vatNumber: 'FR42631229838', electronicAddress: null },
  });
  expect(res.status(), await res.text()).toBe(200);
});

test('Demo’s invoice reaches Acme through the platform, Acme approves it, Demo sees « Approuvée »', async ({
  page,
  browser,
}) => {
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.admin);
  const session = await apiSignIn(page.request);
  const draft = await draftToAcme(page, session);

  // Issued on screen: queued for the platform in the same transaction.
  await page.goto(`/admin/invoices/${draft.id}`);
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(toast(page, 'Facture émise')).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Facture FA-\d{4}-\d{6}$/);
  invoiceNumber = (await heading.textContent())!.replace('Facture ', '');

  // The platform's statuses come back one after the other, up to "Mise à disposition".
  await expect(lifecycle(page).getByTestId('einvoice-sending')).toContainText('Transmise à la plateforme', PLATFORM);
  await expect(lifecycle(page).getByTestId('lifecycle-current')).toHaveText('Mise à disposition', PLATFORM);
  const events = lifecycle(page).getByTestId('lifecycle-event');
  await expect(events).toHaveText([/^200 — Déposée/, /^201 — Émise/, /^202 — Reçue/, /^203 — Mise à disposition/]);
  await expect(events.first()).toContainText('Plateforme');

  // Acme finds it among its received invoices and approves it.
  const acme = await acmePage(browser);
  try {
    await openReceived(acme, invoiceNumber);
    await expect(lifecycle(acme).getByTestId('lifecycle-current')).toHaveText('Mise à disposition');
    await answer(acme, 'Approuver');
    await expect(dialog(acme).getByRole('heading', { name: 'Approuver la facture' })).toBeVisible();
    // An approval takes no reason.
    await expect(dialog(acme).getByRole('combobox', { name: /Motif/ })).toHaveCount(0);
    await dialog(acme).getByRole('textbox', { name: 'Note pour le fournisseur' }).fill('Bon pour paiement');
    await dialog(acme).getByRole('button', { name: 'Envoyer au fournisseur' }).click();
    await expect(toast(acme, 'Statut «\u202fApprouvée\u202f» envoyé au fournisseur')).toBeVisible();
    await expect(dialog(acme)).toHaveCount(0);
    await expect(lifecycle(acme).getByTestId('lifecycle-current')).toHaveText('Approuvée');
    const ours = lifecycle(acme).getByTestId('lifecycle-event').last();
    await expect(ours).toContainText('205 — Approuvée');
    await expect(ours).toContainText('Vous');
    await expect(ours).toContainText('Bon pour paiement');
  } finally {
    await acme.context().close();
  }

  // Demo's invoice, still open, shows Acme's approval.
  await expect(lifecycle(page).getByTestId('lifecycle-current')).toHaveText('Approuvée', PLATFORM);
  await expect(lifecycle(page).getByTestId('lifecycle-event').last()).toContainText('Bon pour paiement');
});

test('Acme refuses another invoice: the reason is required, then shown on the timeline', async ({ page, browser }) => {
  test.setTimeout(120000);
  const session = await apiSignIn(page.request);
  const draft = await draftToAcme(page, session);
  const issued = await apiPost<{ id: number; number: string }>(page.request, session, `/invoices/${draft.id}/status`, {
    status: 'issued',
  });

  const acme = await acmePage(browser);
  try {
    await openReceived(acme, issued.number);
    await answer(acme, 'Refuser');
    const refusal = dialog(acme);
    await expect(refusal.getByRole('heading', { name: 'Refuser la facture' })).toBeVisible();
    // Without a reason: refused on the field, nothing sent.
    await refusal.getByRole('button', { name: 'Envoyer au fournisseur' }).click();
    await expect(refusal.getByText('Choisissez un motif\u202f: ce statut en demande un')).toBeVisible();
    await expect(refusal).toBeVisible();
    // Only the reasons a refusal allows.
    await refusal.getByRole('combobox', { name: /Motif/ }).click();
    await expect(acme.getByRole('option', { name: 'Justificatif absent ou insuffisant' })).toHaveCount(0);
    await acme.getByRole('option', { name: 'Taux de TVA erroné', exact: true }).click();
    await expect(refusal.getByText('Choisissez un motif\u202f: ce statut en demande un')).toHaveCount(0);
    await refusal.getByRole('textbox', { name: 'Note pour le fournisseur' }).fill('TVA à 5,5 % attendue');
    await refusal.getByRole('button', { name: 'Envoyer au fournisseur' }).click();
    await expect(toast(acme, 'Statut «\u202fRefusée\u202f» envoyé au fournisseur')).toBeVisible();

    await expect(lifecycle(acme).getByTestId('lifecycle-current')).toHaveText('Refusée');
    const refused = lifecycle(acme).getByTestId('lifecycle-event').last();
    await expect(refused).toContainText('210 — Refusée');
    await expect(refused.getByTestId('lifecycle-reason')).toHaveText('Motif\u202f: Taux de TVA erroné');
    await expect(refused.getByTestId('lifecycle-note')).toHaveText('TVA à 5,5 % attendue');
  } finally {
    await acme.context().close();
  }

  // The seller hears of it, with its reason.
  await expect
    .poll(
      async () =>
        (
          await apiGet<{ code: string; reasonCode?: string | null }[]>(
            page.request,
            session,
            `/invoices/${issued.id}/lifecycle`,
          )
        ).at(-1),
      PLATFORM,
    )
    .toMatchObject({ code: '210', reasonCode: 'TX_TVA_ERR' });
});

test('the company screen: the platform connected, the connection test passes', async ({ page }) => {
  test.setTimeout(120000);
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Société', exact: true }).click();
  const section = page.getByTestId('einvoicing-settings');
  await expect(section.getByRole('heading', { name: 'Plateforme agréée (facturation électronique)' })).toBeVisible();
  await expect(section.getByLabel(/Connecter la plateforme/)).toBeChecked();
  await expect(section.getByRole('textbox', { name: 'Adresse de l’API de la plateforme' })).toHaveValue(/^http:\/\//);
  await expect(section.getByRole('textbox', { name: 'Identifiant client (client_id)' })).toHaveValue('tagstock-demo');
  // The secret is never shown back: said to be kept.
  await expect(section.getByTestId('client-secret')).toHaveValue('');
  await expect(section.getByText('Secret enregistré\u202f: laissez vide pour le garder')).toBeVisible();

  // A malformed address is refused on its field, before anything is sent.
  const address = section.getByRole('textbox', { name: 'Adresse de l’API de la plateforme' });
  const kept = await address.inputValue();
  await address.fill('pas une adresse');
  await section.getByRole('button', { name: 'Sauvegarder la plateforme' }).click();
  await expect(section.getByText('Saisissez une adresse comme https://api.plateforme.fr')).toBeVisible();
  await address.fill(kept);

  await section.getByRole('button', { name: 'Tester la connexion' }).click();
  const result = section.getByTestId('einvoicing-test-result');
  await expect(result).toContainText('Connexion réussie', PLATFORM);
  await expect(result.getByTestId('einvoicing-check-health')).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('einvoicing-check-directory')).toContainText(
    'est dans l’annuaire et peut recevoir des factures',
  );
});

test('the Plateforme agréée page lists the invoice sent, filtered on what was sent', async ({ page }) => {
  test.setTimeout(120000);
  expect(invoiceNumber, 'the first test issued an invoice').not.toBe('');
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Plateforme agréée', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Plateforme agréée', level: 1 })).toBeVisible();
  await settled(page);
  await page.getByRole('combobox', { name: 'État' }).click();
  await page.getByRole('option', { name: 'Envoyés', exact: true }).click();
  await expect(page).toHaveURL(/status=sent/);
  await settled(page);
  const sent = row(page, invoiceNumber);
  await expect(sent.getByTestId('outbox-status')).toHaveText('Envoyé');
  await expect(sent).toContainText('Facture');
  await expect(sent.getByRole('button', { name: 'Renvoyer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Relever maintenant' })).toBeVisible();
  await page.getByRole('button', { name: 'Relever maintenant' }).click();
  await expect(toast(page, /flux/)).toBeVisible();
  // The number leads to the invoice.
  await sent.getByTestId('outbox-document').click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${invoiceNumber}`);
});

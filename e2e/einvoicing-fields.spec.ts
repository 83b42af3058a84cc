import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, pick, toast, typeArticle, unique } from './helpers';
import { apiPost, apiSignIn } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const FRANCHISE = 'Exonéré (art. 293 B du CGI)';

test('a person billed at 0 %: the exemption comes from the article, a line without one is refused on the line', async ({
  page,
  request,
}) => {
  // Three screens and an issue, on a machine that may be busy.
  test.setTimeout(120000);
  const run = unique().toUpperCase();
  const customerName = `Particulier ${run}`;
  const reference = `EXO-${run}`;
  // A second article at 0 % that names no exemption: its line must say why it carries no VAT.
  const bare = await apiPost<{ reference: string }>(request, await apiSignIn(request), '/articles', {
    reference: `EXO0-${run}`,
    designation: `Prestation sans motif ${run}`,
    priceHt: '20',
    vatRate: '0',
    stockAlert: 0,
    // In stock: the invoice is not asked to confirm going on without reserving.
    initialQuantity: 5,
  });

  await enter(page, ACCOUNTS.admin);

  // A customer who is a person: no SIREN, an email where the invoice goes.
  await openScreen(page, 'customers');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await expect(dialog(page).getByRole('combobox', { name: 'Type de client' })).toHaveText('Entreprise');
  await chooseOption(page, 'Type de client', 'Particulier');
  await expect(dialog(page).getByText('Un particulier n’a ni SIREN ni n° de TVA')).toBeVisible();
  await expect(dialog(page).getByText('SIREN par défaut pour une entreprise française, sinon l’e-mail')).toBeVisible();
  await dialog(page).getByLabel('Raison sociale').fill(customerName);
  await dialog(page).getByLabel('E-mail', { exact: true }).fill(`client-${run.toLowerCase()}@exemple.fr`);
  await dialog(page).getByLabel('Adresse', { exact: true }).fill('12 rue des Lilas');
  await dialog(page).getByLabel('Code postal', { exact: true }).fill('75011');
  await dialog(page).getByLabel('Ville', { exact: true }).fill('Paris');
  // A badly written electronic address is said as such, in French.
  await dialog(page).getByLabel('Adresse électronique de facturation').fill('pas une adresse');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    dialog(page).getByText('Saisissez un SIREN (123456789 ou 123456789_12345678900011) ou un e-mail'),
  ).toBeVisible();
  await dialog(page).getByLabel('Adresse électronique de facturation').fill('');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Client créé')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // An article sold at 0 % under the VAT franchise.
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  await dialog(page).getByLabel('Référence').fill(reference);
  await dialog(page).getByLabel('Désignation').fill(`Cours particulier ${run}`);
  await dialog(page).getByLabel('Prix HT').fill('40');
  await dialog(page).getByLabel('Taux de TVA (%)').fill('0');
  await dialog(page).getByLabel('Seuil d’alerte de stock').fill('0');
  await expect(dialog(page).getByRole('combobox', { name: 'Nature' })).toHaveText('Selon la catégorie');
  await chooseOption(page, 'Nature', 'Service');
  await chooseOption(page, 'Exonération de TVA par défaut', FRANCHISE);
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Créé avec succès')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  // The invoice: the line at 0 % takes the article's exemption; the rate is one of the French rates.
  await page.goto('/admin/invoices/new');
  await pick(page, 'Client', customerName, customerName);
  await page.getByRole('combobox', { name: 'Article, ligne 1' }).click();
  await typeArticle(page, 1, reference);
  const rate1 = page.getByRole('combobox', { name: 'TVA, ligne 1' });
  await expect(rate1).toHaveText('0 %');
  await expect(page.getByRole('combobox', { name: 'Exonération, ligne 1' })).toHaveText(FRANCHISE);
  await rate1.click();
  await expect(page.getByRole('option', { name: 'Taux réduit 5,5 %' })).toBeVisible();
  await expect(page.getByRole('option', { name: '19,6 %' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A second line at 0 % without any exemption (neither the customer nor the article names one).
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await typeArticle(page, 2, bare.reference);
  await expect(page.getByRole('combobox', { name: 'Exonération, ligne 2' })).toHaveText('Aucune');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('document-line-2')).toContainText('Ligne à 0 % : choisissez le motif d’exonération');
  await expect(page).toHaveURL(/\/admin\/invoices\/new$/);
  // The rate and exemption selects of each line are named, the refused one included.
  expect(await violations(page, 'draft invoice')).toEqual([]);
  await page.getByRole('combobox', { name: 'Exonération, ligne 2' }).click();
  await page.getByRole('option', { name: FRANCHISE }).click();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  await expect(page.getByRole('combobox', { name: 'Cadre de facturation' })).toHaveText(
    'Automatique (B1/S1/M1 d’après les lignes)',
  );

  // Issued: each line and the VAT breakdown name the legal basis, never a bare "0 %" or "Z".
  await page.getByRole('button', { name: 'Émettre', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Émettre', exact: true }).click();
  await expect(toast(page, 'Facture émise')).toBeVisible();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByTestId('document-line-1')).toContainText(FRANCHISE);
  await expect(page.getByTestId('document-line-2')).toContainText(FRANCHISE);
  await expect(page.getByTestId('document-totals')).toContainText(FRANCHISE);
  await expect(page.getByTestId('total-vat')).toHaveText(/^0,00\s€$/);
  await expect(page.getByTestId('total-gross')).toHaveText(/^60,00\s€$/);
});

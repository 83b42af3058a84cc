import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, chooseOption, dialog, enter, pick, row, settled, toast, typeArticle, unique } from './helpers';
import { apiPost, apiSignIn, createArticle } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const availableOn = async (page: Page, articleId: number) => {
  await page.goto(`/admin/articles/${articleId}`);
  return page.getByTestId('article-available');
};

test('a reservation lowers what is available, its release gives it back; an invoice beyond it asks what to do', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Client réservation ${run}`,
  });
  // 10 units on hand.
  const article = await createArticle(request, session, `RSV-${run}`, `Casque réservé ${run}`);
  const option = `${article.reference} — ${article.designation}`;

  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Réservations', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Réservations', level: 1 })).toBeVisible();

  // Reserve 4 for the customer (until a week from today, the form's default).
  await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
  await chooseOption(page, 'Article', option);
  await dialog(page).getByRole('textbox', { name: 'Quantité' }).fill('4');
  await chooseOption(page, 'Client', customer.name);
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Réservation enregistrée')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await settled(page);
  await expect(row(page, article.reference).first()).toContainText('En cours');
  await expect(row(page, article.reference).first()).toContainText(customer.name);

  // The article: 10 on hand, 6 available.
  await expect(await availableOn(page, article.id)).toHaveText('6');

  // Released by hand, with why: available again, and the history says so.
  await page.goto('/admin/reservations');
  await settled(page);
  await row(page, article.reference).first().getByRole('button', { name: 'Libérer' }).click();
  await expect(dialog(page)).toContainText('Les 4 unités');
  await dialog(page).getByRole('textbox', { name: 'Motif (facultatif)' }).fill('Le client a changé d’avis');
  await dialog(page).getByRole('button', { name: 'Libérer' }).click();
  await expect(toast(page, 'Réservation libérée')).toBeVisible();
  await expect(row(page, article.reference).first()).toContainText('Libérée');
  const history = page.getByTestId('reservation-history');
  await expect(history.getByRole('row').filter({ hasText: 'Libéré à la main' }).first()).toContainText(
    article.reference,
  );
  await expect(await availableOn(page, article.id)).toHaveText('10');

  // 8 held elsewhere: an invoice for 5 is beyond what is available (2), and asks what to do.
  await apiPost(request, session, '/reservations', {
    articleId: article.id,
    quantity: 8,
    until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
  });
  await page.goto('/admin/invoices/new');
  await pick(page, 'Client', customer.name, customer.name);
  await page.getByRole('combobox', { name: 'Article, ligne 1' }).click();
  await typeArticle(page, 1, article.reference);
  await page.keyboard.type('5');
  await page.keyboard.press('Control+s');
  await expect(dialog(page)).toContainText('Stock disponible insuffisant');
  await expect(dialog(page).getByTestId('availability-lines')).toContainText(
    `${article.reference}\u202f: quantité demandée 5, disponible 2`,
  );
  await dialog(page).getByRole('button', { name: 'Réserver le disponible' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  await expect(toast(page, 'Brouillon de facture enregistré')).toBeVisible();
  // The 2 available are now held for the invoice.
  await expect(await availableOn(page, article.id)).toHaveText('0');

  // A proforma converted beyond what is available asks the same question: on without reserving.
  const proforma = await apiPost<{ id: number }>(request, session, '/proformas', {
    customerId: customer.id,
    proformaDate: new Date().toISOString().slice(0, 10),
    lines: [{ articleId: article.id, quantity: 3, unitPrice: '12.00', vatRate: '20', discount: '0' }],
  });
  await page.goto(`/admin/proformas/${proforma.id}`);
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  await dialog(page).getByRole('button', { name: 'Convertir en facture' }).click();
  await expect(dialog(page).getByTestId('availability-lines')).toContainText(
    `${article.reference}\u202f: quantité demandée 3, disponible 0`,
  );
  await dialog(page).getByRole('button', { name: 'Continuer sans réserver' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/\d+$/);
  await expect(toast(page, 'Brouillon de facture créé depuis la proforma')).toBeVisible();
  await expect(await availableOn(page, article.id)).toHaveText('0');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the reservations screen fits 390 px without sideways scrolling', async ({ page }) => {
    await enter(page, ACCOUNTS.admin, '/admin/reservations');
    await expect(page.getByRole('heading', { name: 'Réservations', level: 1 })).toBeVisible();
    await settled(page);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Nouvelle réservation' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
  });
});

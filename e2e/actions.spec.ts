import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, chooseOption, dialog, enter, row, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, freshEpc, type ApiSession } from './rfid-api';

// Destructive and irreversible actions, and forms that help, as a French back-office user meets them.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

type Created = { id: number; name: string };

const newCategory = (request: Parameters<typeof apiSignIn>[0], session: ApiSession, name: string) =>
  apiPost<Created>(request, session, '/categories', { name });

/** A list screen narrowed to one name through its URL (the table keeps its search there). */
const openSearched = async (page: Page, path: string, text: string) => {
  await page.goto(`/admin/${path}?search=${encodeURIComponent(text)}`);
  await expect(row(page, text)).toHaveCount(1);
};

test.beforeEach(async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
});

test('Entrée sur une confirmation de suppression ne supprime pas : le focus est sur Annuler', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request);
  const category = await newCategory(request, session, `Catégorie entrée ${unique()}`);
  await openSearched(page, 'categories', category.name);
  await row(page, category.name).getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog(page)).toContainText(category.name);
  await expect(dialog(page).getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  const still = await request.get(`/backend/api/categories/${category.id}`, { headers: session.headers });
  expect(still.status()).toBe(200);
});

test('une catégorie utilisée dit « utilisé par N articles » avant la confirmation', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const category = await newCategory(request, session, `Catégorie utilisée ${unique()}`);
  for (const n of [1, 2])
    await apiPost(request, session, '/articles', {
      reference: `USE-${unique()}-${n}`.toUpperCase(),
      designation: `Article utilisé ${n}`,
      priceHt: '5',
      vatRate: '20',
      stockAlert: 0,
      categoryId: category.id,
    });
  await openSearched(page, 'categories', category.name);
  await row(page, category.name).getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog(page).getByTestId('confirm-blocked')).toHaveText(
    /^Suppression impossible\s*: utilisé par 2 articles\./,
  );
  await expect(dialog(page).getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('un formulaire modifié demande avant de se fermer sur Échap ; il s’ouvre avec le focus dans son premier champ', async ({
  page,
}) => {
  await page.goto('/admin/categories');
  await page.getByRole('button', { name: 'Nouvelle catégorie' }).click();
  const name = dialog(page).getByLabel('Nom');
  await expect(name).toBeFocused();
  await name.fill('Brouillon');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: /Abandonner les modifications\s*\?/ });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Continuer la saisie' })).toBeFocused();
  await ask.getByRole('button', { name: 'Continuer la saisie' }).click();
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue('Brouillon');
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Abandonner' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('le secret d’un lecteur reste affiché sur Échap et se ferme par « J’ai copié le secret »', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await apiSignIn(request);
  const name = `Portique secret ${unique()}`;
  await apiPost(request, session, '/readers', { name, vendor: 'impinj', location: 'Quai secret', role: 'storage' });
  await openSearched(page, 'readers', name);
  await row(page, name).getByRole('button', { name: 'Nouveau secret' }).click();
  await dialog(page).getByRole('button', { name: 'Nouveau secret' }).click();
  const secret = page.getByRole('dialog', { name: /Secret du lecteur/ });
  await expect(secret.getByTestId('reader-secret')).toHaveValue(/^\d+\./);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  // A later event of the same dialog: its copy button still answers.
  await secret.getByRole('button', { name: 'Copier' }).click();
  await expect(toast(page, 'Secret copié')).toBeVisible();
  await expect(secret).toBeVisible();
  await secret.getByRole('button', { name: 'J’ai copié le secret' }).click();
  await expect(secret).toBeHidden();
});

test('associer un EPC d’un autre article nomme cet article et demande avant de le déplacer', async ({
  page,
  request,
}) => {
  const id = unique().toUpperCase();
  const session = await apiSignIn(request);
  const owner = await createArticle(request, session, `OWN-${id}`, `Veste propriétaire ${id}`);
  const target = await createArticle(request, session, `TGT-${id}`, `Veste cible ${id}`);
  const epc = freshEpc();
  await apiPost(request, session, '/tags/bind', { articleId: owner.id, epcs: [epc] });

  await page.goto(`/admin/articles/${target.id}`);
  await page.getByRole('button', { name: 'Associer des EPC' }).click();
  await dialog(page).getByLabel('EPC (un par ligne)').fill(epc);
  await dialog(page).getByRole('button', { name: 'Associer des EPC' }).click();
  const conflicts = dialog(page).getByTestId('bind-conflicts');
  await expect(conflicts).toContainText(`1 EPC de OWN-${id} — Veste propriétaire ${id}`);
  await expect(conflicts).toContainText(epc);
  await expect(conflicts).toContainText('Les déplacer vers cet article');
  await dialog(page).getByRole('button', { name: 'Les déplacer' }).click();
  await expect(dialog(page).getByTestId('bind-report')).toHaveText('0 créé, 1 réassocié, 0 inchangé');
  const tags = await apiGet<{ items: { epc: string }[] }>(request, session, `/tags?articleId=${target.id}`);
  expect(tags.items.map((t) => t.epc)).toEqual([epc]);
});

test('la décrémentation montre le stock actuel et refuse davantage', async ({ page, request }) => {
  const id = unique().toUpperCase();
  const session = await apiSignIn(request);
  const article = await createArticle(request, session, `DEC-${id}`, `Gants ${id}`);
  await page.goto(`/admin/articles/${article.id}`);
  await expect(page.getByTestId('article-quantity')).toHaveText('10');
  await page.getByRole('button', { name: 'Décrémenter', exact: true }).click();
  await expect(dialog(page).getByTestId('stock-preview')).toHaveText(/^Stock actuel\s*: 10$/);
  await dialog(page).getByLabel('Quantité').fill('12');
  // The reason is searched on the server as one types (reasons of other tests may fill the first matches).
  await chooseOption(page, 'Motif', 'Casse');
  await dialog(page).getByRole('button', { name: 'Décrémenter' }).click();
  await expect(dialog(page).getByText('Ne peut pas dépasser le stock actuel')).toBeVisible();
  await dialog(page).getByLabel('Quantité').fill('3');
  await expect(dialog(page).getByTestId('stock-preview')).toContainText(/Stock après ce changement\s*: 7/);
  await dialog(page).getByRole('button', { name: 'Décrémenter' }).click();
  await expect(toast(page, 'Décrémenté avec succès')).toBeVisible();
  await expect(page.getByTestId('article-quantity')).toHaveText('7');
});

test('un prix saisi « 27,60 » est enregistré et affiché 27,60 € ; un champ manquant est nommé et reçoit le focus', async ({
  page,
}) => {
  const reference = `PRIX-${unique()}`.toUpperCase();
  await page.goto('/admin/articles');
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  await expect(dialog(page).getByLabel('Référence')).toBeFocused();
  await dialog(page).getByLabel('Référence').fill(reference);
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(/^Veuillez remplir les champs obligatoires\s*: Désignation/);
  await expect(dialog(page).getByLabel('Désignation')).toBeFocused();

  await dialog(page).getByLabel('Désignation').fill('Gilet au prix français');
  await dialog(page).getByLabel('Prix HT').fill('12,345');
  await dialog(page).getByLabel('Taux de TVA (%)').fill('20');
  await dialog(page).getByLabel('Seuil d’alerte de stock').fill('0');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page).getByText('Saisissez un montant comme 12,50')).toBeVisible();
  await expect(dialog(page).getByLabel('Prix HT')).toBeFocused();
  await dialog(page).getByLabel('Prix HT').fill('27,60');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Créé avec succès')).toBeVisible();

  await openSearched(page, 'articles', reference);
  await expect(row(page, reference)).toContainText(/27,60\s€/);
  await row(page, reference).getByRole('button', { name: 'Modifier' }).click();
  await expect(dialog(page).getByLabel('Prix HT')).toHaveValue('27,60');
});

test('« Se déconnecter partout » demande confirmation, Annuler en premier', async ({ page }) => {
  await page.goto('/admin/profile');
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter partout' }).click();
  const ask = page.getByRole('dialog', { name: /Se déconnecter partout\s*\?/ });
  await expect(ask).toContainText('y compris celle-ci');
  await expect(ask.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/profile$/);
});

import { expect, test } from '@playwright/test';
import type { TArticle, TList, TPurchaseOrderSummary } from '@tagstock/contract';
import { ACCOUNTS, enter } from './helpers';
import { apiGet, apiSignIn } from './rfid-api';

// What a newcomer reads in French after the first start: the demo purchase orders' entries and stock movements.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

test('the activity log loads the demo documents’ entries, with actions and entities named in French', async ({
  page,
  request,
}) => {
  // The demo order received in full (the oldest of its supplier): created, sent, then received. Its number is read,
  // not assumed: numbers run per year, and the demo orders are dated weeks back.
  const session = await apiSignIn(request);
  const query = '/purchase-orders?receiptStatus=received&search=Textiles%20du%20Nord&sort=orderDate:asc&limit=1';
  const [order] = (await apiGet<TList<TPurchaseOrderSummary>>(request, session, query)).items;
  await enter(page, ACCOUNTS.admin, `/admin/logs?entity=purchase_order&search=${order!.number}`);
  const grid = page.getByRole('grid');
  // The search also finds the orders whose numbers extend this one's (…000001 finds …000010): its own rows only.
  const own = grid.getByRole('row').filter({ hasText: new RegExp(`${order!.number}(?!\\d)`) });
  await expect(own).toHaveCount(3);
  await expect(own.filter({ hasText: 'Réception' })).toHaveCount(1);
  await expect(own.filter({ hasText: 'Changement de statut' })).toHaveCount(1);
  // Its changes are named and valued in French, not as keys and codes.
  await expect(own.filter({ hasText: 'Statut : En cours → Terminé (envoyé)' })).toHaveCount(1);
  await expect(own.filter({ hasText: 'Réception : Non reçue → Entièrement reçue' })).toHaveCount(1);
  await expect(own.filter({ hasText: 'Bon de commande' })).toHaveCount(3);

  // The filter offers every entity that writes entries, by its French name.
  await page.getByRole('combobox', { name: 'Entité' }).click();
  for (const name of ['Bon de commande', 'Commande à Tagstock', 'Mode de paiement', 'Société', 'Utilisateur', 'Rôle'])
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'Article', exact: true }).click();
  await expect(page).toHaveURL(/entity=article/);

  // A receipt's stock entry names its reason in French.
  await page.goto('/admin/logs?entity=article&search=VT-VES-M');
  await expect(grid.getByRole('row').filter({ hasText: 'Type de mouvement : — → Réception' }).first()).toBeVisible();
});

test('an article’s stock history names the reasons in French', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const [article] = (await apiGet<TList<TArticle>>(request, session, '/articles?search=VT-VES-M')).items;
  await enter(page, ACCOUNTS.admin, `/admin/articles/${article!.id}`);
  const history = page.getByRole('table', { name: 'Historique du stock' });
  await expect(history.getByRole('row').filter({ hasText: 'Stock initial' })).toHaveCount(1);
  await expect(history.getByRole('row').filter({ hasText: 'Réception' }).first()).toBeVisible();
  await expect(history).not.toContainText('Opening stock');
  await expect(history).not.toContainText('Receipt');
});

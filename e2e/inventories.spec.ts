import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, dialog, enter, pick, row, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, createReader, freshEpc, type ApiSession } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

/** A handheld session as a terminal uploads it. */
const upload = (request: APIRequestContext, session: ApiSession, imei: string, location: string, epcs: string[]) =>
  apiPost(request, session, '/terminals/sessions', {
    sessionId: randomUUID(),
    imei,
    location,
    reads: epcs.map((epc) => ({ epc, firstSeenAt: new Date().toISOString() })),
  });

test('an inventory of a reserve: started, counted by a handheld, gaps by article, attribution and category, finished with adjustments, the missing tag suspected lost', async ({
  page,
  request,
}) => {
  test.setTimeout(150000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const location = `Réserve ${run}`;
  const reader = await createReader(request, session, { name: `Lecteur ${run}`, location, vendor: 'impinj' });
  // 10 units on hand, 3 of them tagged and last seen in the reserve.
  const article = await createArticle(request, session, `INV-${run}`, `Gilet inventorié ${run}`);
  const epcs = [freshEpc(), freshEpc(), freshEpc()];
  await apiPost(request, session, '/tags/bind', { articleId: article.id, epcs });
  const imei = `35${String(Date.now()).slice(-13)}`;
  await apiPost(request, session, '/terminals', { model: 'TC21', imei });
  await upload(request, session, imei, location, epcs);

  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Inventaires', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inventaires', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nouvel inventaire' }).click();
  await page.getByRole('combobox', { name: 'Périmètre' }).click();
  await page.getByRole('option', { name: 'Emplacements' }).click();
  await pick(page, 'Ajouter un emplacement (son lecteur)', run, `${location} (${reader.name})`);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Inventaire INV-/, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Commencer', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Commencer', exact: true }).click();
  await expect(toast(page, 'Inventaire commencé')).toBeVisible();
  await expect(page.getByTestId('inventory-theoretical')).toContainText('3');

  // The handheld counts two of the three tags: the page, re-read while started, shows the gap.
  await upload(request, session, imei, location, epcs.slice(0, 2));
  await expect(page.getByTestId('inventory-tagsFound')).toContainText('2', { timeout: 20000 });
  await expect(page.getByTestId('inventory-tagsMissing')).toContainText('1');
  await expect(row(page, article.reference)).toContainText(/[-−]1/);

  // Gaps by article, attribution and category.
  const inventoryUrl = page.url();
  await page.getByRole('button', { name: 'Terminer', exact: true }).click();
  await dialog(page)
    .getByRole('checkbox', { name: /Appliquer les écarts au stock/ })
    .check();
  await dialog(page).getByRole('button', { name: 'Terminer', exact: true }).click();
  await expect(toast(page, 'Inventaire terminé')).toBeVisible();
  const stock = await apiGet<{ quantity: number }>(request, session, `/articles/${article.id}`);
  expect(stock.quantity).toBe(9);

  await page.getByRole('navigation').getByRole('link', { name: 'Écarts d’inventaire', exact: true }).click();
  await expect(row(page, article.reference)).toContainText(/[-−]1/);
  for (const by of ['Par attribution', 'Par catégorie']) {
    await page.getByRole('button', { name: by }).click();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
  }

  await page.getByRole('navigation').getByRole('link', { name: 'Articles perdus', exact: true }).click();
  await expect(row(page, epcs[2]!)).toBeVisible();
  await row(page, epcs[2]!).getByRole('button', { name: 'Confirmer la perte' }).click();
  await dialog(page).getByRole('button', { name: 'Confirmer la perte' }).click();
  await expect(toast(page, `${epcs[2]} confirmé perdu : son unité est sortie du stock`)).toBeVisible();
  expect((await apiGet<{ quantity: number }>(request, session, `/articles/${article.id}`)).quantity).toBe(8);

  // On a phone, the finished inventory fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(inventoryUrl);
  await expect(page.getByRole('heading', { name: /^Inventaire INV-/, level: 1 })).toBeVisible();
  expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
});

test('a read-only user sees inventories, gaps and lost articles, and no action that changes them', async ({ page }) => {
  await enter(page, ACCOUNTS.viewer, '/admin/profile');
  await page.getByRole('navigation').getByRole('link', { name: 'Inventaires', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inventaires', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvel inventaire' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: 'INV-' }).first().click();
  await expect(page.getByRole('heading', { name: /^Inventaire INV-/, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Commencer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Compter à la main' })).toHaveCount(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Articles perdus', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Articles perdus', level: 1 })).toBeVisible();
  await expect(page.getByText('Quand un article est-il suspecté perdu ?')).toHaveCount(0);
});

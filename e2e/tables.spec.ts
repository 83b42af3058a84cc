import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, dialog, enter, openScreen } from './helpers';

test.use({ locale: 'fr-FR' });

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

/** The screens whose actions were cut off; `extra` is a row action beside edit and delete. */
const SCREENS = [
  { path: 'articles', extra: 'Incrémenter' },
  { path: 'customers' },
  { path: 'readers', extra: 'Nouveau secret' },
];

const firstRow = (page: Page) => page.getByRole('grid').getByRole('row').nth(1);

for (const viewport of VIEWPORTS) {
  for (const screen of SCREENS) {
    test(`${screen.path} at ${viewport.width}×${viewport.height}: the row actions are on screen and work`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await enter(page, ACCOUNTS.admin);
      await openScreen(page, screen.path);
      const row = firstRow(page);
      const edit = row.getByRole('menuitem', { name: 'Modifier' }).or(row.getByRole('button', { name: 'Modifier' }));
      await expect(edit).toBeInViewport({ ratio: 1 });
      await expect(row.getByLabel('Supprimer')).toBeInViewport({ ratio: 1 });
      if (screen.extra) await expect(row.getByLabel(screen.extra)).toBeInViewport({ ratio: 1 });
      // Nothing needed the page to scroll sideways.
      expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
      await edit.click();
      await expect(dialog(page)).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog(page)).toBeHidden();
    });
  }
}

test('a secondary column shown from the column menu stays shown after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await enter(page, ACCOUNTS.admin);
  await openScreen(page, 'articles');
  const grid = page.getByRole('grid');
  const sizeHeader = grid.getByRole('columnheader', { name: 'Taille' });
  await expect(grid.getByRole('columnheader', { name: 'Désignation' })).toBeVisible();
  await expect(sizeHeader).toHaveCount(0);

  const designation = grid.getByRole('columnheader', { name: 'Désignation' });
  await designation.hover();
  await designation.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Gérer les colonnes' }).click();
  await page.getByRole('checkbox', { name: 'Taille' }).check();
  await page.keyboard.press('Escape');
  await expect(sizeHeader).toBeVisible();

  await page.reload();
  await expect(grid.getByRole('columnheader', { name: 'Désignation' })).toBeVisible();
  await expect(sizeHeader).toBeVisible();
  // Another screen keeps its own columns.
  await openScreen(page, 'stockAlerts');
  await expect(grid.getByRole('columnheader', { name: 'Désignation' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Taille' })).toHaveCount(0);
});

test('on a phone the articles list is cards that open the article', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enter(page, ACCOUNTS.admin, '/admin/articles');
  const card = page.getByTestId('resource-card').filter({ hasText: 'EPI-CAS-01' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(card.getByText('Casque de chantier ventilé')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Modifier' })).toBeVisible();
  await card.getByText('Casque de chantier ventilé').click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  await expect(page.getByRole('heading', { name: /Casque de chantier ventilé/ })).toBeVisible();
});

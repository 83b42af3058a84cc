import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, enter } from './helpers';

test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 720 } });

/** The titles of the shown columns that are cut (ellipsis) or stand outside the grid's visible width. */
const cutHeaders = (page: Page) =>
  page.getByRole('grid').evaluate((grid) => {
    const box = grid.getBoundingClientRect();
    const right = Math.min(box.right, grid.ownerDocument.documentElement.clientWidth);
    return [...grid.querySelectorAll('.MuiDataGrid-columnHeader')].flatMap((header) => {
      const title = header.querySelector('.MuiDataGrid-columnHeaderTitle');
      if (!title?.textContent) return [];
      const cell = header.getBoundingClientRect();
      const problems = [];
      if (title.scrollWidth > title.clientWidth) problems.push('truncated');
      if (cell.left < box.left || cell.right > right + 0.5) problems.push('off screen');
      return problems.length ? [`${title.textContent}: ${problems.join(', ')}`] : [];
    });
  });

const settled = async (page: Page) => {
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByTestId('total-count')).toBeVisible();
  await expect(page.locator('.MuiDataGrid-overlay, [role="progressbar"]')).toHaveCount(0);
  // The mouse rests away from the headers: a hovered header shows its menu button.
  await page.mouse.move(0, 700);
};

test('at 1280×720 the purchase orders list shows every column title whole, on screen', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/bdc');
  await settled(page);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Date de commande' })).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'Total HT' })).toBeVisible();
  expect(await cutHeaders(page)).toEqual([]);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
});

test('at 1280×720 the BDC RB of every organisation fit, and a column left out is offered in the column menu', async ({
  page,
}) => {
  await enter(page, ACCOUNTS.superAdmin, '/superAdmin/bdcRb');
  await settled(page);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Total TTC' })).toBeVisible();
  expect(await cutHeaders(page)).toEqual([]);

  // The number of lines is a secondary column: hidden at this width, it can be shown from the menu.
  await expect(grid.getByRole('columnheader', { name: 'Lignes' })).toHaveCount(0);
  const status = grid.getByRole('columnheader', { name: 'Statut' });
  await status.hover();
  await status.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Gérer les colonnes' }).click();
  // The panel settles (its switches rendered from the grid's state) before the click: a click during its first
  // render was lost on a busy machine.
  const lines = page.getByRole('checkbox', { name: 'Lignes' });
  await expect(lines).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Statut' })).toBeChecked();
  await lines.check();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Lignes' })).toBeVisible();
});

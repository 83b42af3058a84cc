import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, DEMO_PASSWORD, enter, row, settled, toast, unique } from './helpers';
import { apiPost, apiSignIn } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const saved = async (download: Promise<Download>) => readFileSync((await (await download).path())!);

const sheetOf = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
};

const openReports = async (page: Page) => {
  await page.getByRole('link', { name: 'Rapports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole('heading', { name: 'Rapports', level: 1 })).toBeVisible();
};

const add = async (page: Page, button: 'Ajouter une mesure' | 'Ajouter un regroupement', name: string) => {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
};

test('builds a report: table with totals, chart, and its XLSX read back typed', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await openReports(page);
  await add(page, 'Ajouter une mesure', 'Achats commandés HT');
  // Only the groupings the chosen measure supports are offered.
  await page.getByRole('button', { name: 'Ajouter un regroupement' }).click();
  await expect(page.getByRole('menuitem', { name: 'Client', exact: true })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Mois', exact: true }).click();
  await page.getByRole('combobox', { name: 'Période' }).click();
  await page.getByRole('option', { name: 'Les 12 derniers mois' }).click();
  await page.getByRole('button', { name: 'Exécuter' }).click();

  const table = page.getByTestId('report-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Mois', 'Achats commandés HT']);
  const totals = page.getByTestId('report-totals');
  await expect(totals).toContainText('Total');
  await expect(totals).toContainText('€');
  await expect(page.getByRole('figure', { name: 'Achats commandés HT par Mois' })).toBeVisible();
  await expect(page.getByTestId('report-chart').locator('svg').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger (XLSX)' }).click();
  const sheet = await sheetOf(await saved(download));
  expect(sheet.getRow(1).values).toEqual([undefined, 'Mois', 'Achats commandés HT']);
  const last = sheet.lastRow!;
  expect(last.getCell(1).value).toBe('Total');
  const amounts: number[] = [];
  for (let r = 2; r < last.number; r++) {
    const value = sheet.getRow(r).getCell(2).value;
    expect(typeof value, `row ${r}`).toBe('number');
    amounts.push(value as number);
  }
  expect(amounts.length).toBeGreaterThan(0);
  expect(typeof last.getCell(2).value).toBe('number');
  expect(last.getCell(2).value as number).toBeCloseTo(
    amounts.reduce((a, b) => a + b, 0),
    2,
  );
});

test('asks a question in French, edits the proposed chips, runs it, renames it in the history', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await openReports(page);
  await expect(page.getByText(/questions? restantes? ce mois-ci/)).toBeVisible();
  const question = `ventes HT par mois en 2026`;
  await page.getByRole('textbox', { name: 'Votre question' }).fill(question);
  await page.getByRole('button', { name: 'Demander' }).click();

  // The proposed query, as chips: nothing runs before "Exécuter".
  const measures = page.getByRole('group', { name: 'Mesures' });
  const groupings = page.getByRole('group', { name: 'Regroupements' });
  await expect(measures.getByText('Ventes HT', { exact: true })).toBeVisible();
  await expect(groupings.getByText('Mois', { exact: true })).toBeVisible();
  await expect(page.getByTestId('report-question')).toContainText(question);
  await expect(page.getByTestId('report-table')).toHaveCount(0);

  await groupings.getByRole('button', { name: 'Retirer Mois' }).click();
  await expect(groupings.getByText('Mois', { exact: true })).toHaveCount(0);
  await add(page, 'Ajouter un regroupement', 'Client');
  await expect(groupings.getByText('Client', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Exécuter' }).click();
  await expect(page.getByTestId('report-table').getByRole('columnheader')).toHaveText(['Client', 'Ventes HT']);

  await page.getByRole('tab', { name: 'Historique' }).click();
  await settled(page);
  const asked = row(page, question).first();
  await expect(asked).toContainText('Question');
  const name = `Ventes 2026 par client ${unique()}`;
  await asked.getByRole('button', { name: 'Renommer' }).click();
  await page.getByRole('dialog').getByLabel('Nom').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Rapport renommé')).toBeVisible();
  await expect(row(page, name)).toBeVisible();
});

test('a user without the reports permission has no menu entry and no page', async ({ page, request }) => {
  const admin = await apiSignIn(request);
  const tag = unique();
  const role = await apiPost<{ id: number }>(request, admin, '/roles', { name: `Sans rapports ${tag}` });
  const granted = await request.put(`/backend/api/roles/${role.id}/permissions`, {
    headers: admin.headers,
    data: { permissions: ['articles.read'] },
  });
  expect(granted.status()).toBe(200);
  const email = `no.reports.${tag}@demo.test`;
  await apiPost(request, admin, '/users', {
    name: `Sans rapports ${tag}`,
    email,
    roleId: role.id,
    App_Type: 'Web',
    password: DEMO_PASSWORD,
    confirmation: DEMO_PASSWORD,
  });
  await enter(page, email, '/admin/profile');
  // The menu has drawn its entries (it renders just after the page): the one granted is there, reports are not.
  const menu = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(menu.getByRole('link', { name: 'Articles', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Rapports' })).toHaveCount(0);
  await page.goto('/admin/reports');
  await expect(page.getByText('Vous n’avez pas l’autorisation')).toBeVisible();
});

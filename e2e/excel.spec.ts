import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, DEMO_PASSWORD, dialog, openScreen, row, toast, unique } from './helpers';

test.use({ locale: 'fr-FR' });

const signInFr = async (page: Page) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/admin\//);
};

const saved = async (download: Promise<Download>) => readFileSync((await (await download).path())!);

const exportAs = async (page: Page, label: string) => {
  await page.getByRole('button', { name: 'Exporter' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: label }).click();
  return saved(download);
};

const sheetOf = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
};

test.beforeEach(async ({ page }) => signInFr(page));

test('exports CSV as French Excel reads it, and XLSX with numeric cells and French headers', async ({ page }) => {
  await openScreen(page, 'articles?search=EPI-BOU-01');
  const csv = (await exportAs(page, 'CSV (.csv)')).toString('utf8');
  expect(csv.startsWith('\uFEFFRéférence;Désignation;Taille;Prix HT;')).toBe(true);
  expect(csv).toContain('EPI-BOU-01;');
  expect(csv).toContain(';27,60;');

  const sheet = await sheetOf(await exportAs(page, 'Excel (.xlsx)'));
  expect(sheet.getRow(1).getCell(4).value).toBe('Prix HT');
  expect(sheet.getRow(2).getCell(1).value).toBe('EPI-BOU-01');
  expect(sheet.getRow(2).getCell(4).value).toBe(27.6);
  expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
});

test('downloads the import template in French', async ({ page }) => {
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await expect(dialog(page)).toContainText('par référence');
  await dialog(page).getByRole('button', { name: 'Modèle' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const sheet = await sheetOf(await saved(download));
  expect(sheet.getRow(1).getCell(1).value).toBe('Référence');
  expect(sheet.getRow(2).getCell(1).value).toBe('EX-0001');
  expect(sheet.rowCount).toBe(2);
});

test('imports the valid rows of a file with a bad row and downloads the rejected one', async ({ page }) => {
  const prefix = `XL${unique()}`.toUpperCase();
  const file = join(mkdtempSync(join(tmpdir(), 'tagstock-excel-')), 'articles.csv');
  writeFileSync(
    file,
    [
      'Référence;Désignation;Prix HT;Taux de TVA (%);Quantité',
      `${prefix}-1;Gilet réfléchissant;7,90;20;12`,
      `${prefix}-2;Sans prix;;20;0`,
    ].join('\r\n'),
  );
  await openScreen(page, 'articles');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  await page.getByTestId('import-file').setInputFiles(file);
  const errors = page.getByRole('table', { name: 'Erreurs du fichier' });
  await expect(errors.getByRole('row')).toHaveCount(2);
  await expect(errors.getByRole('row').nth(1)).toContainText('Prix HT');
  await expect(errors.getByRole('row').nth(1)).toContainText('Saisissez un montant comme 12,50');
  await expect(dialog(page).getByRole('button', { name: 'Importer', exact: true })).toBeDisabled();

  await dialog(page).getByRole('button', { name: 'Importer la ligne valide (1)' }).click();
  await expect(toast(page, /Import terminé\s:\s1 créés/)).toBeVisible();
  await expect(page.getByTestId('import-rejected')).toContainText('1 ligne n’a pas été importée.');
  const download = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: 'Télécharger les lignes rejetées' }).click();
  const rejected = (await saved(download)).toString('utf8').split('\r\n');
  expect(rejected[0]).toBe('\uFEFFLigne;Référence;Désignation;Prix HT;Taux de TVA (%);Quantité;Motif du rejet');
  expect(rejected[1]).toBe(`3;${prefix}-2;Sans prix;;20;0;Prix HT\u202f: Saisissez un montant comme 12,50`);
  await dialog(page).getByRole('button', { name: 'Fermer' }).click();

  await openScreen(page, `articles?search=${prefix}`);
  await expect(row(page, `${prefix}-1`)).toHaveCount(1);
  await expect(row(page, `${prefix}-2`)).toHaveCount(0);
});

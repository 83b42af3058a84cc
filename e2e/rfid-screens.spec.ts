import { expect, test } from '@playwright/test';
import { ACCOUNTS, chooseOption, dialog, enter, openScreen, row, search, toast, unique } from './helpers';
import { apiSignIn, createArticle, freshEpc } from './rfid-api';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
// Each test walks through several screens.
test.describe.configure({ timeout: 90000 });

test.beforeEach(async ({ page }) => {
  await enter(page, ACCOUNTS.admin);
});

test('the RFID group lists its screens; the dashboard has an RFID card', async ({ page }) => {
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of [
    'Tag logs',
    'Tags',
    'Tag families',
    'Readers',
    'Terminals',
    'Consumers',
    'Attributions',
    'Category attributions',
  ])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('rfid-overview')).toBeVisible();
  await expect(page.getByTestId('rfid-tags-total')).not.toHaveText('0');
  await page.getByTestId('non-active-tags-link').click();
  await expect(page).toHaveURL(/\/admin\/tags\?status=inactive/);
  await expect(page.getByRole('grid')).toBeVisible();
});

test('tag logs: filters by event and unauthorized only, kept in the URL', async ({ page }) => {
  await openScreen(page, 'tagLogs');
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'OUT', exact: true }).click();
  await expect(page).toHaveURL(/eventType=OUT/);
  await page.getByLabel('Unauthorized only').click();
  await expect(page).toHaveURL(/unauthorized=true/);
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('combobox', { name: 'Event' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(page).not.toHaveURL(/eventType/);
});

test('tags: bind EPCs to an article, see GTIN and serial, the report and the article tags', async ({
  page,
  request,
}) => {
  const id = unique();
  const session = await apiSignIn(request);
  const article = await createArticle(request, session, `TAG-${id}`.toUpperCase(), `Veste e2e ${id}`);
  const [first, second] = [freshEpc(), freshEpc()];
  // A GS1 SGTIN-96 (header 30) shows its GTIN and serial.
  const sgtin = `30340242201D8C40${Date.now().toString(16).slice(-8).toUpperCase()}`;

  await openScreen(page, 'tags');
  await page.getByRole('button', { name: 'Bind EPCs' }).click();
  await chooseOption(page, 'Article', `${article.reference} — ${article.designation}`);
  await dialog(page).getByLabel('EPCs (one per line)').fill(`${first}\n${second}\n${sgtin}\nnot-an-epc\n`);
  await dialog(page).getByRole('button', { name: 'Bind EPCs' }).click();
  await expect(dialog(page).getByTestId('bind-report')).toContainText('3 created, 0 rebound, 0 unchanged');
  await expect(dialog(page).getByTestId('bind-report')).toContainText('Line 4: not-an-epc');
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  await search(page, sgtin);
  await expect(row(page, sgtin)).toContainText('GTIN');
  await expect(row(page, sgtin)).toContainText(article.reference);

  // The article's detail page lists its tags and binds more.
  await page.goto(`/admin/articles/${article.id}`);
  const tags = page.getByRole('table', { name: 'Tags' });
  await expect(tags.getByText(first)).toBeVisible();
  await expect(tags.getByText(second)).toBeVisible();
  const third = freshEpc();
  await page.getByRole('button', { name: 'Bind EPCs' }).click();
  await dialog(page).getByLabel('EPCs (one per line)').fill(third);
  await dialog(page).getByRole('button', { name: 'Bind EPCs' }).click();
  await expect(dialog(page).getByTestId('bind-report')).toContainText('1 created');
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(tags.getByText(third)).toBeVisible();
});

test('tags: create, edit to inactive, delete; tag families CRUD', async ({ page }) => {
  const family = `Famille e2e ${unique()}`;
  await openScreen(page, 'tagFamilies');
  await page.getByRole('button', { name: 'New tag family' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name', exact: true }).fill(family);
  await dialog(page).getByLabel('Alarm on exit').uncheck();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, family);
  await expect(row(page, family)).toContainText('Yes');
  await expect(row(page, family)).toContainText('No');

  const epc = freshEpc();
  await openScreen(page, 'tags');
  await page.getByRole('button', { name: 'New tag' }).click();
  await dialog(page).getByLabel('EPC').fill('12345');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Expected hexadecimal, 4 to 64 digits in groups of 4')).toBeVisible();
  await dialog(page).getByLabel('EPC').fill(epc.toLowerCase());
  await chooseOption(page, 'Family', family);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, epc);
  await expect(row(page, epc)).toContainText(family);
  await row(page, epc).getByRole('button', { name: 'Edit' }).click();
  await chooseOption(page, 'Status', 'Inactive');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Edited successfully')).toBeVisible();
  await expect(row(page, epc)).toContainText('Inactive');
  await row(page, epc).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText(epc);
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted successfully')).toBeVisible();
  await expect(row(page, epc)).toHaveCount(0);
});

test('consumers, attributions, category attributions and terminals', async ({ page, request }) => {
  const id = unique();
  const session = await apiSignIn(request);
  const article = await createArticle(request, session, `ATT-${id}`.toUpperCase(), `Casque e2e ${id}`);
  const consumer = `Équipe e2e ${id}`;

  await openScreen(page, 'consumers');
  await page.getByRole('button', { name: 'New consumer' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name', exact: true }).fill(consumer);
  await chooseOption(page, 'Type', 'Service');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();

  await openScreen(page, 'attributions');
  await page.getByRole('button', { name: 'New attribution' }).click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Choose a consumer or a location')).toBeVisible();
  await expect(dialog(page).getByText('Choose an article or a tag (one of them)')).toBeVisible();
  await chooseOption(page, 'Consumer', consumer);
  await chooseOption(page, 'Article', `${article.reference} — ${article.designation}`);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, article.reference);
  await expect(row(page, article.reference)).toContainText(consumer);
  await expect(row(page, article.reference)).toContainText('Yes');

  await openScreen(page, 'categoryAttributions');
  await page.getByRole('button', { name: 'New category attribution' }).click();
  await dialog(page).getByLabel('Location').fill(`Atelier ${id}`);
  await chooseOption(page, 'Category', 'Outillage');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, `Atelier ${id}`);
  await expect(row(page, `Atelier ${id}`)).toContainText('Outillage');

  await openScreen(page, 'consumers');
  await search(page, consumer);
  await expect(row(page, consumer)).toContainText('Service');

  const imei = `35${Date.now().toString().slice(-13)}`;
  await openScreen(page, 'terminals');
  await page.getByRole('button', { name: 'New terminal' }).click();
  await dialog(page).getByLabel('Model').fill(`TC22 ${id}`);
  await dialog(page).getByLabel('IMEI').fill('123');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Expected 15 digits')).toBeVisible();
  await dialog(page).getByLabel('IMEI').fill(imei);
  await dialog(page).getByLabel('Manufacturer').fill('Zebra');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();
  await search(page, imei);
  await expect(row(page, imei)).toContainText(`TC22 ${id}`);
});

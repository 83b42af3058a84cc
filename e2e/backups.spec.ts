import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { ACCOUNTS, enter, toast } from './helpers';

const ARCHIVE = /tagstock-\d{8}T\d{6}Z(-\d+)?\.tar\.gz/;

test('the super admin backs up now and sees the new archive, with the schedule and retention', async ({ page }) => {
  test.setTimeout(90000);
  await enter(page, ACCOUNTS.superAdmin, '/superAdmin');
  await expect(page).toHaveURL(/\/superAdmin$/);
  await page.getByRole('link', { name: 'Backups', exact: true }).click();
  await expect(page).toHaveURL(/\/superAdmin\/backups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByTestId('backup-schedule')).toHaveText('Every day at 02:00 (Europe/Paris)');
  // The next run as the schedule's clock shows it, whatever the browser's time zone.
  await expect(page.getByTestId('backup-next')).toContainText('2:00 AM');
  await expect(page.getByTestId('backup-settings')).toContainText('Embedded (PGlite): copy of its files');
  await expect(page.getByTestId('backup-settings')).toContainText('7 days, 4 weeks and 12 months');
  const archives = page.getByTestId('backup-archives');
  const before = await archives.getByText(ARCHIVE).count();

  await page.getByRole('button', { name: 'Back up now' }).click();
  // The page follows the run: running, then the archive written.
  await expect(toast(page, ARCHIVE)).toBeVisible({ timeout: 60000 });
  await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  const last = page.getByTestId('last-backup');
  await expect(last).toContainText(ARCHIVE);
  await expect(last).toContainText('Back up now');
  await expect(last).toContainText(/\d+(\.\d)? (kB|MB)/);
  await expect(last).toContainText(/Tagstock \d+\.\d+\.\d+, last migration \d{4}_/);
  await expect(archives.getByText(ARCHIVE)).toHaveCount(before + 1);
  await expect(page.getByTestId('backup-failure')).toHaveCount(0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });

  test('on a phone the backups page fits the screen and passes the accessibility audit', async ({ page }) => {
    await enter(page, ACCOUNTS.superAdmin, '/superAdmin/backups');
    await expect(page.getByRole('heading', { level: 1, name: 'Sauvegardes' })).toBeVisible();
    await expect(page.getByTestId('backup-schedule')).toHaveText('Chaque jour à 02:00 (Europe/Paris)');
    await expect(page.getByRole('button', { name: 'Sauvegarder maintenant' })).toBeVisible();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
    expect(await violations(page, 'backups')).toEqual([]);
  });
});

test('a tenant administrator never reaches the backups', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/superAdmin/backups');
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Backups' })).toHaveCount(0);
});

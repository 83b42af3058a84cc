import { expect, test } from '@playwright/test';
import { ACCOUNTS, enter, row } from './helpers';

test('a super admin watches the readers and terminals of every tenant, and can narrow to one', async ({ page }) => {
  await enter(page, ACCOUNTS.superAdmin, '/superAdmin');
  await expect(page).toHaveURL(/\/superAdmin$/);
  await page.getByRole('link', { name: 'Readers', exact: true }).click();
  await expect(page).toHaveURL(/\/superAdmin\/readers/);
  await expect(page.getByRole('heading', { name: 'Readers of every organization' })).toBeVisible();
  // Both tenants' seeded gates, each with its tenant and status.
  const gates = row(page, 'Portique quai A');
  await expect(gates).toHaveCount(2);
  await expect(gates.filter({ hasText: 'Demo' })).toHaveCount(1);
  await expect(gates.filter({ hasText: 'Acme' })).toHaveCount(1);
  await expect(gates.first()).toContainText(/Online|Offline/);

  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: 'Acme', exact: true }).click();
  await expect(page).toHaveURL(/tenantId=\d+/);
  await expect(gates).toHaveCount(1);
  await expect(gates).toContainText('Acme');
  await expect(page.getByRole('row').filter({ hasText: 'Demo' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Terminals', exact: true }).click();
  await expect(page).toHaveURL(/\/superAdmin\/terminals/);
  await expect(page.getByRole('heading', { name: 'Terminals of every organization' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
});

test('a tenant administrator never reaches the platform screens', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/superAdmin/readers');
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { name: 'Readers of every organization' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, dialog, enter, row, signInFrench, unique } from './helpers';
import { apiGet, apiPost, apiSignIn } from './rfid-api';

// Every message in the user's language: server refusals, the activity log, the profile's language, tab titles.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

// The server's English detail, as it used to be shown after the translated text.
const ENGLISH = /cannot|below zero|used by|go below/i;

test('a reference already used is refused in French only, under its field', async ({ page, request }) => {
  // The server alone knows the reference is taken: its refusal comes back as a code the screen translates.
  const session = await apiSignIn(request);
  const reference = `MSG-${unique()}`.toUpperCase();
  await apiPost(request, session, '/articles', {
    reference,
    designation: 'Gants nitrile',
    priceHt: '2.50',
    vatRate: '20',
    stockAlert: 0,
  });
  await enter(page, ACCOUNTS.admin, '/admin/articles');
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  await dialog(page).getByLabel('Référence').fill(reference);
  await dialog(page).getByLabel('Désignation').fill('Gants nitrile bis');
  await dialog(page).getByLabel('Prix HT').fill('2,50');
  await dialog(page).getByLabel('Seuil d’alerte').fill('0');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page).getByText('Cette valeur est déjà utilisée')).toBeVisible();
  await expect(dialog(page)).not.toContainText(ENGLISH);
  await expect(dialog(page)).not.toContainText(/already/i);
});

test('deleting a category in use says in French what uses it, before confirming', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const name = `Catégorie ${unique()}`;
  const category = await apiPost<{ id: number }>(request, session, '/categories', { name });
  for (const n of [1, 2])
    await apiPost(request, session, '/articles', {
      reference: `MSG-${unique()}-${n}`,
      designation: `Article ${n}`,
      priceHt: '1',
      vatRate: '20',
      stockAlert: 0,
      categoryId: category.id,
    });
  await enter(page, ACCOUNTS.admin, `/admin/categories?search=${encodeURIComponent(name)}`);
  await row(page, name).getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog(page).getByTestId('confirm-blocked')).toHaveText(
    'Suppression impossible\u00a0: utilisé par 2 articles. Modifiez-les ou supprimez-les d’abord.',
  );
  await expect(dialog(page)).not.toContainText(ENGLISH);
  await expect(dialog(page).getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Annuler' }).click();
  await expect(row(page, name)).toHaveCount(1);
});

test('the activity log shows the form labels and values', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const reference = `LOG-${unique()}`;
  const article = await apiPost<{ id: number }>(request, session, '/articles', {
    reference,
    designation: 'Blouse',
    priceHt: '10',
    vatRate: '20',
    stockAlert: 0,
  });
  const res = await request.put(`/backend/api/articles/${article.id}`, {
    headers: session.headers,
    data: { reference, designation: 'Blouse', size: 'Unique', priceHt: '10', vatRate: '20', stockAlert: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);
  await enter(page, ACCOUNTS.admin, `/admin/logs?search=${encodeURIComponent(reference)}`);
  const entry = row(page, 'Modification').filter({ hasText: reference });
  await expect(entry).toContainText(/Taille\s*:\s*—\s*→\s*Unique/);
  await expect(entry).not.toContainText('size');
});

test('the language chosen in the profile switches the interface and survives a new sign-in', async ({
  page,
  request,
}) => {
  // Two sign-ins and a profile save, on a machine that may be busy.
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const roles = await apiGet<{ items: { id: number; name: string }[] }>(
    request,
    session,
    '/roles?search=Administrateur',
  );
  const email = `langue-${unique()}@demo.test`;
  await apiPost(request, session, '/users', {
    name: 'Camille Petit',
    email,
    roleId: roles.items[0]!.id,
    App_Type: 'All',
    password: DEMO_PASSWORD,
    confirmation: DEMO_PASSWORD,
  });
  await enter(page, email, '/admin/profile');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Langue' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A new sign-in from the same French browser comes back in English.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await signInFrench(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.goto('/admin/articles');
  await expect(page).toHaveTitle('Articles — Tagstock');
});

test('each page names the browser tab', async ({ page }) => {
  await enter(page, ACCOUNTS.admin, '/admin/categories');
  await expect(page).toHaveTitle('Catégories — Tagstock');
  await page.goto('/admin/logs');
  await expect(page).toHaveTitle('Journal d’activité — Tagstock');
});

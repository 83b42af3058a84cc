import { expect, test } from '@playwright/test';
import { ACCOUNTS, enter } from './helpers';

test.describe('French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('shows the sign-in page in French', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByLabel('E-mail').fill('admin@acme.test');
    await page.getByLabel('Mot de passe').fill('wrong-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Échec de la connexion. E-mail ou mot de passe incorrect.');
  });
});

test.describe('German browser', () => {
  test.use({ locale: 'de-DE' });

  test('falls back to English', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('French browser, one language at a time', () => {
  test.use({ locale: 'fr-FR' });

  test('loads only the texts of the language shown; ?lng= shows the other one', async ({ page }) => {
    const texts: string[] = [];
    page.on('request', (r) => {
      const name = /\/assets\/(en|fr)-[\w-]+\.js$/.exec(r.url());
      if (name) texts.push(name[1]!);
    });
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    expect(texts).toEqual(['fr']);
    await page.goto('/admin/articles?lng=en');
    await expect(page).toHaveURL(/\/auth\/sign-in\?lng=en$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a screen whose code fails to load shows a reload prompt, and reloading brings it', async ({ page }) => {
    // Two boots of the app, on a machine that may be busy.
    test.setTimeout(90000);
    await enter(page, ACCOUNTS.admin, '/admin/profile');
    // The categories screen's chunk never arrives (a dropped connection).
    const chunk = /\/assets\/CategoriesPage-[\w-]+\.js$/;
    await page.route(chunk, (route) => route.abort('connectionreset'));
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Catégories', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Cette partie de l’application n’a pas pu être chargée' }),
    ).toBeVisible();
    // The menu stays: only the screen's place shows the prompt.
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, dialog, enter, toast, unique } from './helpers';

// The company settings (/admin/company) as a French back-office user meets them.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGOQizqBFTEMLQkAGBlQATpZBa0AAAAASUVORK5CYII=',
  'base64',
);

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Enregistrer' }).click();

test('renseigner la société : erreurs de champ traduites, enregistrement, valeurs gardées, logo', async ({ page }) => {
  // Two saves, a refused and an accepted logo, on a machine that may be busy.
  test.setTimeout(120000);
  const name = `Atelier E2E ${unique()}`;
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('link', { name: 'Société', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Société', level: 1 })).toBeVisible();

  await field(page, 'Raison sociale').fill(name);
  await field(page, 'SIREN').fill('123 456 789');
  await field(page, 'IBAN').fill('FR76 3000 6000 0112 3456 7890 180');
  await field(page, 'Site web').fill('pas un site');
  await save(page);
  await expect(page.getByText('Saisissez un SIREN\u202f: 9 chiffres avec une clé valide')).toBeVisible();
  await expect(page.getByText('Cet IBAN n’est pas valide\u202f: vérifiez ses caractères')).toBeVisible();
  await expect(page.getByText('Saisissez une adresse de site comme https://exemple.fr')).toBeVisible();
  await expect(field(page, 'SIREN')).toBeFocused();

  // A VAT number built on another SIREN.
  await field(page, 'SIREN').fill('732 829 320');
  await field(page, 'N° de TVA').fill('FR40303265045');
  await save(page);
  await expect(page.getByText('Ce n° de TVA ne contient pas le SIREN')).toBeVisible();

  await field(page, 'N° de TVA').fill('FR 44 732829320');
  await field(page, 'IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await field(page, 'BIC').fill('bnpafrppxxx');
  await field(page, 'Site web').fill('https://atelier.example.fr');
  await field(page, 'Adresse').fill('12 rue des Tanneurs');
  await field(page, 'Code postal').fill('44000');
  await field(page, 'Ville').fill('Nantes');
  await field(page, 'Mentions légales (capital social, RCS, forme juridique…)').fill('SAS au capital de 10 000 €');
  await save(page);
  await expect(toast(page, 'Paramètres de la société enregistrés')).toBeVisible();
  // The identifiers come back as stored: without spaces, in capitals.
  await expect(field(page, 'IBAN')).toHaveValue('FR7630006000011234567890189');

  await page.reload();
  await expect(field(page, 'Raison sociale')).toHaveValue(name);
  await expect(field(page, 'SIREN')).toHaveValue('732829320');
  await expect(field(page, 'N° de TVA')).toHaveValue('FR44732829320');
  await expect(field(page, 'BIC')).toHaveValue('BNPAFRPPXXX');
  await expect(field(page, 'Ville')).toHaveValue('Nantes');
  await expect(page.getByText(/enregistrée le/)).toBeVisible();

  // The logo: PNG or JPEG only, shown once sent, removed after a confirmation.
  await page
    .getByTestId('logo-file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  // Why it was refused stays under the button, focused; then what the next file did.
  const outcome = page.getByTestId('upload-message');
  await expect(outcome).toContainText('Erreur lors de l’envoi du fichier');
  await expect(outcome).toContainText('Image non prise en charge\u202f: utilisez PNG ou JPEG');
  await expect(outcome).toBeFocused();
  await page.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(outcome).toHaveText(/^Fichier envoyéLogo mis à jour/);
  await expect(outcome).toBeFocused();
  await expect(page.getByTestId('company-logo')).toBeVisible();
  await page.getByRole('button', { name: 'Retirer le logo' }).click();
  await dialog(page).getByRole('button', { name: 'Retirer le logo' }).click();
  await expect(toast(page, 'Logo retiré')).toBeVisible();
  await expect(page.getByText('Aucun logo')).toBeVisible();
});

test('un lecteur voit les paramètres de la société, désactivés, sans enregistrement', async ({ page }) => {
  await enter(page, ACCOUNTS.viewer, '/admin/company');
  await expect(page.getByRole('heading', { name: 'Société', level: 1 })).toBeVisible();
  await expect(page.getByText('Vous pouvez consulter ces paramètres, pas les modifier.')).toBeVisible();
  await expect(field(page, 'Raison sociale')).toBeDisabled();
  await expect(field(page, 'Raison sociale')).not.toHaveValue('');
  await expect(field(page, 'IBAN')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /logo/ })).toHaveCount(0);
});

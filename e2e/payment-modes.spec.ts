import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, dialog, enter, row, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn } from './rfid-api';

// Payment modes (SPEC state group `mode`) as a French back-office user meets them.
test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

type Created = { id: number; label: string };

/** The list narrowed to one label through its URL (the table keeps its search there). */
const openSearched = async (page: Page, text: string) => {
  await page.goto(`/admin/paymentModes?search=${encodeURIComponent(text)}`);
  await expect(row(page, text)).toHaveCount(1);
};

test('créer, modifier et supprimer un mode de paiement', async ({ page }) => {
  const label = `Mode E2E ${unique()}`;
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('link', { name: 'Modes de paiement', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Modes de paiement' })).toBeVisible();
  // The modes every tenant starts with.
  await expect(row(page, 'Virement')).toHaveCount(1);
  await expect(row(page, 'Virement')).toContainText('30');

  await page.getByRole('button', { name: 'Nouveau mode de paiement' }).click();
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page).getByText('Veuillez remplir les champs obligatoires\u202f: Libellé')).toBeVisible();
  await expect(dialog(page).getByText('Ce champ est obligatoire')).toBeVisible();

  // A label already used in the tenant: the server's refusal, in French, on its field.
  await dialog(page).getByRole('textbox', { name: 'Libellé', exact: true }).fill('Virement');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page).getByText('Cette valeur est déjà utilisée')).toBeVisible();

  await dialog(page).getByRole('textbox', { name: 'Libellé', exact: true }).fill(label);
  await dialog(page).getByRole('textbox', { name: 'Code Factur-X (UNCL 4461)' }).fill('42');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Créé avec succès')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  await openSearched(page, label);
  await expect(row(page, label)).toContainText('42');
  await expect(row(page, label)).toContainText('Actif');
  await row(page, label).getByRole('button', { name: 'Modifier' }).click();
  await dialog(page).getByRole('textbox', { name: 'Libellé', exact: true }).fill(`${label} bis`);
  await dialog(page).getByRole('switch', { name: 'Actif' }).uncheck();
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Modifié avec succès')).toBeVisible();
  await expect(row(page, `${label} bis`)).toContainText('Inactif');

  await row(page, `${label} bis`).getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog(page)).toContainText(`Supprimer le mode de paiement « ${label} bis »`);
  await dialog(page).getByRole('button', { name: 'Supprimer' }).click();
  await expect(toast(page, 'Supprimé avec succès')).toBeVisible();
  await expect(row(page, `${label} bis`)).toHaveCount(0);
});

test('un mode utilisé par un bon de commande ne se supprime pas : il se désactive', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const mode = await apiPost<Created>(request, session, '/payment-modes', { label: `Mode utilisé ${unique()}` });
  const suppliers = await apiGet<{ items: { id: number }[] }>(request, session, '/suppliers?limit=1');
  await apiPost(request, session, '/purchase-orders', {
    supplierId: suppliers.items[0]!.id,
    paymentModeId: mode.id,
    orderDate: '2026-03-02',
  });

  await enter(page, ACCOUNTS.admin);
  await openSearched(page, mode.label);
  await row(page, mode.label).getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog(page).getByTestId('confirm-blocked')).toContainText(
    'Suppression impossible\u202f: utilisé par 1 bon de commande',
  );
  // Sent orders cannot be changed: the way out is to switch the mode off.
  await expect(dialog(page).getByTestId('confirm-blocked')).toContainText('Désactivez-le plutôt (Actif)');
  await expect(dialog(page).getByTestId('confirm-blocked')).not.toContainText('supprimez-les');
  await expect(dialog(page).getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Annuler' }).click();

  // The server refuses it too (its code and parameters are what the web translates).
  const refused = await request.delete(`/backend/api/payment-modes/${mode.id}`, { headers: session.headers });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ code: 'in_use', params: { usedBy: 'purchase_orders', count: 1 } });

  await row(page, mode.label).getByRole('button', { name: 'Modifier' }).click();
  await dialog(page).getByRole('switch', { name: 'Actif' }).uncheck();
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Modifié avec succès')).toBeVisible();
  await expect(row(page, mode.label)).toContainText('Inactif');
});

test('un lecteur voit les modes de paiement sans pouvoir les changer', async ({ page }) => {
  await enter(page, ACCOUNTS.viewer, '/admin/paymentModes');
  await expect(row(page, 'Chèque')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Nouveau mode de paiement' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { ACCOUNTS, dialog, enter, row, toast, unique } from './helpers';
import { apiGet, apiPost, apiSignIn, createArticle, createReader, freshEpc, walkOut, watchRoomJoin } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Movement = { id: number; epc: string; isAuthorized: boolean | null; authorizationMessage: string | null };

test('unauthorized exits: red alarms that stack with a count, each linked to its movement in the tag logs', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const id = unique();
  const session = await apiSignIn(request);
  const location = `Quai alarme ${id}`;
  const reader = await createReader(request, session, { name: `Portique alarme ${id}`, location, vendor: 'zebra' });
  const article = await createArticle(request, session, `ALM-${id}`.toUpperCase(), `Perceuse alarme ${id}`);
  const [first, second, third] = [freshEpc(), freshEpc(), freshEpc()];
  await apiPost(request, session, '/tags/bind', { articleId: article.id, epcs: [first, second, third] });
  const outOf = async (epc: string) => {
    const logs = await apiGet<{ items: Movement[] }>(
      request,
      session,
      `/redear/TagMouvement/${session.idClient}?search=${epc}&eventType=OUT`,
    );
    expect(logs.items[0]?.isAuthorized).toBe(false);
    return logs.items[0]!;
  };

  const roomJoined = await watchRoomJoin(page);
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await roomJoined();
  await page.getByRole('link', { name: 'Lecteurs', exact: true }).click();
  const mainButton = page.getByRole('button', { name: 'Nouveau lecteur' });
  await expect(mainButton).toBeVisible();

  await walkOut(request, reader.secret, first);
  const firstOut = await outOf(first);
  const alarms = page.getByTestId('exit-alarm');
  const alarm = alarms.filter({ has: page.locator(`a[href$="movementId=${firstOut.id}"]`) });
  await expect(alarm).toHaveCount(1);
  // Article, location, reason (SPEC §8 wording) and time.
  await expect(alarm).toContainText(
    new RegExp(
      escape(`${article.designation} est sorti de ${location} sans autorisation. Motif`) +
        // The reason in the user's language, not the server's English authorizationMessage: both covers it lacks.
        `\\s:\\s${escape('Aucune affectation active de ce tag, de son article ou de sa catégorie')}` +
        `\\s;\\s${escape('aucune sortie validée de ce tag depuis 24 h')}`,
    ),
  );
  await expect(alarm.locator('time')).toHaveText(new RegExp(`^Le .*${new Date().getFullYear()}`));
  // Red with white text, and it never covers the page's main button.
  const colors = await alarm.evaluate((el) => {
    const style = el.ownerDocument.defaultView!.getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color };
  });
  expect(colors.color).toBe('rgb(255, 255, 255)');
  const [r, g, b] = colors.background.match(/\d+/g)!.map(Number) as [number, number, number];
  expect(r).toBeGreaterThan(150);
  expect(g + b).toBeLessThan(r);
  const [alarmBox, buttonBox] = [await alarm.boundingBox(), await mainButton.boundingBox()];
  expect(alarmBox!.y >= buttonBox!.y + buttonBox!.height || alarmBox!.y + alarmBox!.height <= buttonBox!.y).toBe(true);
  await mainButton.click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Annuler' }).click();

  // A second walk-out stacks with a count.
  await walkOut(request, reader.secret, second);
  await expect(page.getByTestId('exit-alarm-count')).toHaveText('2 sorties non autorisées');
  await expect(alarms).toHaveCount(2);

  // A click anywhere on the notice (here on its title) opens the tag logs on that movement only; the alarms stay
  // until closed.
  await alarm.click({ position: { x: 120, y: 20 } });
  await expect(page).toHaveURL(new RegExp(`/admin/tagLogs\\?movementId=${firstOut.id}$`));
  await expect(page.getByTestId('movement-filter')).toHaveText(new RegExp(`^Mouvement n°\\s${firstOut.id}$`));
  await expect(row(page, first)).toHaveCount(1);
  await expect(row(page, second)).toHaveCount(0);
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Voir tous les mouvements' }).click();
  await expect(row(page, second)).toHaveCount(1);
  // From the keyboard: its link, named, and Enter.
  const link = alarm.getByRole('link', { name: 'Voir dans les journaux' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/tagLogs\\?movementId=${firstOut.id}$`));
  await expect(row(page, second)).toHaveCount(0);

  await alarm.getByRole('button', { name: 'Fermer cette alerte' }).click();
  await expect(alarm).toBeHidden();
  await expect(alarms).toHaveCount(1);
  await expect(page.getByTestId('exit-alarm-count')).toHaveCount(0);
  await walkOut(request, reader.secret, third);
  await expect(page.getByTestId('exit-alarm-count')).toHaveText('2 sorties non autorisées');
  await page.getByRole('button', { name: 'Tout fermer' }).click();
  await expect(alarms).toHaveCount(0);
});

test('roles: read / write switches, write bringing read, select all and one save', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const name = `Rôle e2e ${unique()}`;
  const role = await apiPost<{ id: number }>(request, session, '/roles', { name });
  await enter(page, ACCOUNTS.admin, `/admin/roles/${role.id}`);
  await expect(page.getByRole('heading', { name: `Permissions de ${name}` })).toBeVisible();

  const matrix = page.getByTestId('permission-matrix');
  const save = matrix.getByRole('button', { name: 'Enregistrer', exact: true });
  await expect(save).toBeDisabled();
  await matrix.getByRole('switch', { name: 'Fournisseurs — Écriture' }).check();
  await expect(matrix.getByRole('switch', { name: 'Fournisseurs — Lecture' })).toBeChecked();
  // Read off takes write along.
  await matrix.getByRole('switch', { name: 'Fournisseurs — Lecture' }).uncheck();
  await expect(matrix.getByRole('switch', { name: 'Fournisseurs — Écriture' })).not.toBeChecked();
  await matrix.getByRole('switch', { name: 'Articles — Écriture' }).check();
  await expect(matrix.getByText('2 modifications non enregistrées')).toBeVisible();
  await save.click();
  await expect(toast(page, 'Permissions du rôle ajoutées')).toBeVisible();
  const saved = await apiGet<{ permissions: string[] }>(request, session, `/roles/${role.id}/permissions`);
  expect(saved.permissions).toEqual(['articles.read', 'articles.write']);

  await matrix.getByRole('button', { name: 'Tout sélectionner' }).click();
  await expect(matrix.getByRole('switch', { checked: false })).toHaveCount(0);
  await matrix.getByRole('switch', { name: 'Articles — Lecture' }).uncheck();
  await save.click();
  await expect(toast(page, 'Permissions enregistrées')).toBeVisible();
  const all = await apiGet<{ permissions: string[] }>(request, session, `/roles/${role.id}/permissions`);
  expect(all.permissions).not.toContain('articles.read');
  expect(all.permissions).toContain('users.write');

  await matrix.getByRole('button', { name: 'Tout désélectionner' }).click();
  await save.click();
  await expect(toast(page, 'Permissions du rôle supprimées')).toBeVisible();
  await expect(matrix.getByText('Ce rôle n’a aucune permission.')).toBeVisible();
});

test('the super-admin menu calls tenants "Organisations", which show their report questions', async ({ page }) => {
  await enter(page, ACCOUNTS.superAdmin, '/superAdmin');
  await expect(page).toHaveURL(/\/superAdmin$/);
  await expect(page.getByRole('link', { name: 'Organisations', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organisations' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Clients', { exact: true })).toHaveCount(0);

  // The super admin sets a tenant's monthly report questions (and puts them back).
  for (const limit of ['60', '50']) {
    await page.getByRole('button', { name: 'Modifier les questions de rapport de Acme' }).click();
    const form = dialog(page);
    await expect(form.getByRole('heading', { name: 'Questions de rapport de Acme' })).toBeVisible();
    await form.getByLabel('Questions par mois').fill(limit);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(toast(page, `Acme a désormais ${limit} questions de rapport par mois.`)).toBeVisible();
    await expect(row(page, 'Acme')).toContainText(`/ ${limit}`);
  }
});

test('a supplier page has an Edit button, and its articles do not repeat the supplier', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const name = `Fournisseur e2e ${unique()}`;
  const supplier = await apiPost<{ id: number }>(request, session, '/suppliers', { name, city: 'Lyon' });
  await apiPost(request, session, '/articles', {
    reference: `SUP-${unique()}`.toUpperCase(),
    designation: 'Gants de protection',
    priceHt: '4.50',
    vatRate: '20',
    stockAlert: 0,
    supplierId: supplier.id,
  });
  await enter(page, ACCOUNTS.admin, `/admin/suppliers/${supplier.id}`);
  await expect(row(page, 'Gants de protection')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Désignation' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Fournisseur' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Modifier le fournisseur' })).toBeVisible();
  await dialog(page).getByLabel('Ville').fill('Villeurbanne');
  await dialog(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, 'Modifié avec succès')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText('Villeurbanne')).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../apps/api/src/platform/pdf/pdf-text';
import { ACCOUNTS, dialog, enter, pick, toast, typeArticle, unique } from './helpers';
import {
  apiGet,
  apiPost,
  apiSignIn,
  createArticle,
  createReader,
  freshEpc,
  today,
  walkOut,
  watchRoomJoin,
} from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

type Movement = { id: number; isAuthorized: boolean | null; authorizationMessage: string | null };

test('an output of two articles with one EPC: validated, numbered, printed, the stock out, its tag free to leave', async ({
  page,
  request,
}) => {
  // One whole output's life through the UI, on a machine that may be busy.
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const reason = await apiPost<{ id: number; label: string }>(request, session, '/reasons', {
    label: `Don e2e ${run}`,
    kind: 'decrement',
  });
  const customer = await apiPost<{ id: number; name: string }>(request, session, '/customers', {
    name: `Association sortie ${run}`,
  });
  const [a, b] = await Promise.all([
    createArticle(request, session, `BS-${run}-A`, `Casque sortie ${run}`),
    createArticle(request, session, `BS-${run}-B`, `Gants sortie ${run}`),
  ]);
  const [leaving, staying] = [freshEpc(), freshEpc()];
  await apiPost(request, session, '/tags/bind', { articleId: a!.id, epcs: [leaving, staying] });
  const location = `Quai sortie ${run}`;
  const reader = await createReader(request, session, { name: `Portique sortie ${run}`, location, vendor: 'zebra' });

  const roomJoined = await watchRoomJoin(page);
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await roomJoined();
  await page.getByRole('navigation').getByRole('link', { name: 'Sorties de stock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sorties de stock', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Nouvelle sortie' }).click();
  await expect(page).toHaveURL(/\/admin\/outputs\/new$/);

  // The reason is required before anything is sent.
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Sélectionnez un motif de sortie')).toBeVisible();
  await pick(page, 'Motif', reason.label, reason.label);
  await page.getByRole('combobox', { name: 'Destinataire' }).click();
  await page.getByRole('option', { name: 'Un client' }).click();
  await pick(page, 'Client', customer.name, customer.name);

  // Line 1: A × 2, one of its items by its EPC; line 2: B × 3.
  await page.getByRole('combobox', { name: 'Article, ligne 1' }).click();
  await typeArticle(page, 1, a!.reference);
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'EPC des articles qui sortent, ligne 1' })).toBeFocused();
  await page.keyboard.type(leaving);
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await typeArticle(page, 2, b!.reference);
  await page.keyboard.type('3');
  await page.keyboard.press('Control+s');

  await expect(page).toHaveURL(/\/admin\/outputs\/\d+$/);
  const outputId = Number(new URL(page.url()).pathname.split('/').pop());
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Sortie de stock (brouillon)');
  await expect(toast(page, 'Brouillon de sortie enregistré')).toBeVisible();
  await expect(page.getByTestId('page-subtitle').getByTestId('output-status')).toHaveText('Brouillon');

  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  await expect(dialog(page)).toContainText('la sortie recevra son numéro');
  await dialog(page).getByRole('button', { name: 'Valider', exact: true }).click();
  await expect(toast(page, 'Sortie validée')).toBeVisible();
  // Numbered in the year of the server's date in Europe/Paris.
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date());
  await expect(heading).toHaveText(new RegExp(`^Sortie de stock BS-${year}-\\d{6}$`));
  const number = (await heading.textContent())!.replace('Sortie de stock ', '');
  await expect(page.getByTestId('page-subtitle').getByTestId('output-status')).toHaveText('Validée');
  await expect(page.getByTestId('exit-authorized')).toContainText('Sortie autorisée jusqu’au');
  await expect(page.getByTestId('output-recipient')).toHaveText(customer.name);
  await expect(page.getByTestId('document-line-1').getByTestId('line-epcs')).toHaveText(leaving);
  // Validated: read only, returned (canceled) rather than deleted.
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  // A return is confirmed first, saying the stock comes back.
  await page.getByRole('button', { name: 'Annuler (retour)' }).click();
  await expect(dialog(page)).toContainText('le stock de ses articles et ses tags reviennent en stock');
  await dialog(page).getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByTestId('history')).toContainText('Brouillon → Validée');

  // The exit slip names the output.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(number);
  expect(text).toContain(customer.name);

  // The stock went out: 10 − 2 and 10 − 3.
  const stock = async (id: number) =>
    (await apiGet<{ quantity: number }>(request, session, `/articles/${id}`)).quantity;
  expect([await stock(a!.id), await stock(b!.id)]).toEqual([8, 7]);
  const output = await apiGet<{ status: string; number: string }>(request, session, `/outputs/${outputId}`);
  expect(output).toMatchObject({ status: 'validated', number });

  // The listed tag walks out authorized by the output; another tag of the same article raises the red alarm.
  const outOf = async (epc: string) => {
    const logs = await apiGet<{ items: Movement[] }>(
      request,
      session,
      `/redear/TagMouvement/${session.idClient}?search=${epc}&eventType=OUT`,
    );
    return logs.items[0]!;
  };
  await walkOut(request, reader.secret, leaving);
  const left = await outOf(leaving);
  expect(left).toMatchObject({ isAuthorized: true, authorizationMessage: `Authorized by ${number}` });
  await walkOut(request, reader.secret, staying);
  const stayingOut = await outOf(staying);
  expect(stayingOut.isAuthorized).toBe(false);
  // Alarms arrive in order: had the first walk-out raised one, it would show beside the second's.
  const alarms = page.getByTestId('exit-alarm');
  await expect(alarms.filter({ has: page.locator(`a[href$="movementId=${stayingOut.id}"]`) })).toHaveCount(1);
  await expect(alarms).toHaveCount(1);
  await expect(alarms).toContainText(`${a!.designation} est sorti de ${location} sans autorisation`);
  await alarms.getByRole('button', { name: 'Fermer cette alerte' }).click();
  await expect(alarms).toHaveCount(0);

  // The tag logs say, in French, which output let the tag leave.
  await page.goto(`/admin/tagLogs?movementId=${left.id}`);
  const authorized = page.getByRole('row').filter({ hasText: leaving }).getByTestId('authorized-chip');
  await expect(authorized).toContainText('Autorisé');
  await expect(authorized).toContainText(number);

  // The list and the motifs name the output, its reason and its customer.
  await page.getByRole('navigation').getByRole('link', { name: 'Sorties de stock', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Rechercher une sortie' }).fill(number);
  const listed = page.getByRole('row').filter({ hasText: number });
  await expect(listed).toContainText(reason.label);
  await expect(listed).toContainText(customer.name);
  await expect(listed).toContainText('Validée');
  await expect(
    page.getByTestId('motifs-by-client').getByRole('listitem').filter({ hasText: customer.name }),
  ).toContainText(`${reason.label}\u202f: 1 sortie — 5 unités`);
  await expect(page.getByTestId('motifs-overview')).toContainText(reason.label);
});

test('a read-only user sees the outputs and their motifs, but cannot create, validate, return or delete one', async ({
  page,
  request,
}) => {
  test.setTimeout(120000);
  const session = await apiSignIn(request);
  const run = unique().toUpperCase();
  const reason = await apiPost<{ id: number }>(request, session, '/reasons', {
    label: `Casse lue ${run}`,
    kind: 'both',
  });
  const article = await createArticle(request, session, `BSR-${run}`, 'Lunettes');
  const create = () =>
    apiPost<{ id: number }>(request, session, '/outputs', {
      reasonId: reason.id,
      outputDate: today(),
      lines: [{ articleId: article.id, quantity: 1 }],
    });
  const draft = await create();
  const validated = await apiPost<{ id: number; number: string }>(
    request,
    session,
    `/outputs/${(await create()).id}/status`,
    { status: 'validated' },
  );

  await enter(page, ACCOUNTS.viewer, '/admin/dashboard');
  await expect(page.getByTestId('motifs-overview-caption')).toHaveText('30 derniers jours (période choisie)');
  await page.goto('/admin/outputs');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nouvelle sortie' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: validated.number }).click();
  await expect(page.getByRole('heading', { name: `Sortie de stock ${validated.number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuler (retour)' })).toHaveCount(0);

  await page.goto(`/admin/outputs/${draft.id}`);
  await expect(page.getByRole('heading', { name: 'Sortie de stock (brouillon)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Valider', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter une ligne' })).toHaveCount(0);

  await page.goto('/admin/outputs/new');
  await expect(page.getByRole('heading', { name: 'Vous n’avez pas l’autorisation' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Motif' })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { violations } from './axe';
import { ACCOUNTS, dialog, enter, row, toast, unique } from './helpers';
import {
  apiGet,
  apiPost,
  apiSignIn,
  createArticle,
  createReader,
  freshEpc,
  impinjHeartbeat,
  today,
  walkOut,
  watchRoomJoin,
} from './rfid-api';

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

type Movement = {
  id: number;
  epc: string;
  eventType: string;
  isAuthorized: boolean | null;
  authorizationMessage: string | null;
};

test('create a reader: its secret is shown once, with a warning', async ({ page }) => {
  const name = `Portique e2e ${unique()}`;
  await enter(page, ACCOUNTS.admin, '/admin/profile');
  await page.getByRole('link', { name: 'Readers', exact: true }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(row(page, 'Portique quai A')).toBeVisible();

  await page.getByRole('button', { name: 'New reader' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog(page).getByLabel('Location').fill('Quai e2e — sortie');
  // Two antennas by default (1 inner, 2 outer); add a third one.
  await dialog(page).getByRole('button', { name: 'Add an antenna' }).click();
  await expect(dialog(page).getByLabel('Port 3')).toHaveValue('3');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Created successfully')).toBeVisible();

  const secretDialog = page.getByRole('dialog', { name: /Reader secret/ });
  await expect(secretDialog.getByText(/shown only once/)).toBeVisible();
  const secret = await secretDialog.getByTestId('reader-secret').inputValue();
  expect(secret).toMatch(/^\d+\..{16,}$/);
  await secretDialog.getByRole('button', { name: 'I have copied the secret' }).click();
  await expect(secretDialog).toBeHidden();

  // The list never shows it again.
  await expect(row(page, name)).toContainText('Offline');
  await expect(page.getByText(secret)).toHaveCount(0);

  // A new secret is shown once too, and differs.
  await row(page, name).getByRole('button', { name: 'New secret' }).click();
  await dialog(page).getByRole('button', { name: 'New secret' }).click();
  const rotated = page.getByRole('dialog', { name: /Reader secret/ });
  await expect(rotated.getByTestId('reader-secret')).not.toHaveValue(secret);
  await expect(rotated.getByTestId('reader-secret')).toHaveValue(/^\d+\./);
});

test('an unauthorized exit raises an alarm until closed, linked to its tag log; an attribution authorizes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const id = unique();
  const session = await apiSignIn(request);
  const location = `Quai e2e ${id} — sortie`;
  const reader = await createReader(request, session, { name: `Portique ${id}`, location, vendor: 'zebra' });
  const article = await createArticle(request, session, `RFID-${id}`.toUpperCase(), `Blouson e2e ${id}`);
  // A second reader, whose first heartbeat is a later socket event to wait for.
  const probe = await createReader(request, session, {
    name: `Réserve ${id}`,
    location: `Réserve ${id}`,
    vendor: 'impinj',
  });
  const [first, second] = [freshEpc(), freshEpc()];
  const report = await apiPost<{ created: number }>(request, session, '/tags/bind', {
    articleId: article.id,
    epcs: [first, second],
  });
  expect(report.created).toBe(2);

  const roomJoined = await watchRoomJoin(page);
  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  await expect(page.getByTestId('stock-quantity')).not.toHaveText('—');
  await roomJoined();

  // The gate's first request also announces it: a 'Reader connected' toast that closes by itself.
  await walkOut(request, reader.secret, first);
  const logs = await apiGet<{ items: Movement[] }>(
    request,
    session,
    `/redear/TagMouvement/${session.idClient}?search=${first}&eventType=OUT`,
  );
  const out = logs.items[0];
  expect(out?.isAuthorized).toBe(false);
  const text = `${article.designation} was out from ${location} without authorization. Reason: ${out?.authorizationMessage}`;
  const alarm = page.getByTestId('exit-alarm').filter({ hasText: text });
  await expect(alarm).toBeVisible();
  // It does not close by itself: the connection toast shown with it closes after 5 s, the alarm stays.
  const connected = toast(page, 'Reader connected! Please check the connection.');
  await expect(connected).toHaveCount(1);
  await expect(connected).toHaveCount(0, { timeout: 15000 });
  await expect(alarm).toBeVisible();
  // Red, and readable: its texts and its button pass the contrast audit.
  expect(await violations(page, 'exit alarm')).toEqual([]);

  await alarm.getByRole('link', { name: 'See in tag logs' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tagLogs\\?movementId=${out?.id}$`));
  // It stays until closed.
  await expect(alarm).toBeVisible();
  await alarm.getByRole('button', { name: 'Close this alert' }).click();
  await expect(alarm).toBeHidden();
  await expect(row(page, first).getByTestId('unauthorized-chip')).toHaveText(out?.authorizationMessage ?? '');

  // With an active attribution of the article, the same walk-out is authorized: no warning, live stock moves.
  const consumers = await apiGet<{ items: { id: number; name: string }[] }>(
    request,
    session,
    '/consumers?search=Atelier%20maintenance',
  );
  await apiPost(request, session, '/attributions', {
    consumerId: consumers.items[0]?.id,
    articleId: article.id,
    startDate: today(),
  });
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const quantity = page.getByTestId('stock-quantity');
  await expect(quantity).not.toHaveText('—');
  const before = await quantity.textContent();
  await walkOut(request, reader.secret, second);
  await expect(quantity).not.toHaveText(before ?? '');
  // Socket events arrive in order: once the probe's later 'Reader connected' toast shows, the exit's was handled.
  await impinjHeartbeat(request, probe.secret);
  await expect(toast(page, 'Reader connected! Please check the connection.')).toHaveCount(1);
  await expect(page.getByTestId('exit-alarm')).toHaveCount(0);
  const authorized = await apiGet<{ items: Movement[] }>(
    request,
    session,
    `/redear/TagMouvement/${session.idClient}?search=${second}&eventType=OUT`,
  );
  expect(authorized.items[0]?.isAuthorized).toBe(true);
});

test('reader status toasts: disconnected after its heartbeat timeout, connected again on a heartbeat', async ({
  page,
  request,
}) => {
  test.setTimeout(90000);
  const id = unique();
  const session = await apiSignIn(request);
  const reader = await createReader(request, session, {
    name: `Réserve e2e ${id}`,
    location: `Réserve ${id}`,
    vendor: 'impinj',
    // The contract's minimum; the server sweeps every 5 s.
    heartbeatTimeoutSeconds: 10,
  });
  const roomJoined = await watchRoomJoin(page);
  await enter(page, ACCOUNTS.admin, '/admin/dashboard');
  await roomJoined();
  await impinjHeartbeat(request, reader.secret);
  await expect(toast(page, 'Reader connected! Please check the connection.').first()).toBeVisible();

  await expect(toast(page, 'Reader disconnected! Please check the connection.').first()).toBeVisible({
    timeout: 30000,
  });
  await expect(page.getByText('A reader is disconnected')).toBeVisible();
  // The readers list follows the socket.
  await page.goto('/admin/readers');
  await expect(row(page, reader.name)).toContainText('Offline');
  // The new page's socket is in the room again before the reader comes back.
  await roomJoined(2);

  await impinjHeartbeat(request, reader.secret);
  await expect(toast(page, 'Reader connected! Please check the connection.').first()).toBeVisible();
  await expect(row(page, reader.name)).toContainText('Online');
});

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { verifySignature } from '../apps/api/src/platform/webhooks/signature';
import { violations } from './axe';
import { ACCOUNTS, dialog, enter, row, settled, toast, unique } from './helpers';
import { apiPost, apiSignIn, createArticle, today } from './rfid-api';

test.use({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });

type Received = { headers: IncomingHttpHeaders; body: string };

test('a webhook registered in French receives an invoice’s issue (invoice.issued), signed, and its delivery shows as sent', async ({
  page,
  request,
}) => {
  // Four accessibility audits and a delivery, on a machine that may be busy.
  test.setTimeout(180000);
  // The integrator's server (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1).
  const received: Received[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const run = unique();
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tagstock/${run}`;

  try {
    await enter(page, ACCOUNTS.admin, '/admin/profile');
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // Registering: the URL and at least one event are required.
    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    await dialog(page).getByRole('button', { name: 'Enregistrer le webhook' }).click();
    await expect(dialog(page)).toContainText('Choisissez au moins un événement');
    expect(await violations(page, 'new webhook')).toEqual([]);
    await dialog(page).getByRole('textbox', { name: 'Adresse (URL)' }).fill(url);
    await dialog(page)
      .getByRole('checkbox', { name: /invoice\.issued/ })
      .check();
    await dialog(page).getByRole('textbox', { name: 'Description' }).fill(`ERP ${run}`);
    await dialog(page).getByRole('button', { name: 'Enregistrer le webhook' }).click();

    // The secret, once, with its warning; only the button closes it.
    await expect(dialog(page).getByRole('heading', { name: 'Secret de signature' })).toBeVisible();
    await expect(page.getByTestId('webhook-secret-warning')).toContainText('il ne sera plus jamais affiché');
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await violations(page, 'webhook secret')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'J’ai copié le secret' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await settled(page);
    const endpointRow = row(page, url);
    await expect(endpointRow).toContainText('invoice.issued');
    await expect(endpointRow.getByTestId('webhook-state')).toHaveText('Actif');
    await expect(endpointRow).toContainText('Aucun envoi');
    await expect(page.getByText(secret)).toHaveCount(0);
    expect(await violations(page, 'webhooks')).toEqual([]);

    // An invoice issued through the screens.
    const session = await apiSignIn(request);
    const [customer, article] = await Promise.all([
      apiPost<{ id: number }>(request, session, '/customers', {
        name: `Client webhook ${run}`,
        address: '1 rue de la Paix',
        postcode: '59000',
        city: 'Lille',
        country: 'France',
        siren: '732829320',
      }),
      createArticle(request, session, `WH-${run}`.toUpperCase(), `Casque webhook ${run}`),
    ]);
    const invoice = await apiPost<{ id: number }>(request, session, '/invoices', {
      customerId: customer.id,
      invoiceDate: today(),
      lines: [{ articleId: article.id, quantity: 1, unitPrice: '12.00', vatRate: '20' }],
    });
    await page.goto(`/admin/invoices/${invoice.id}`);
    await page.getByRole('button', { name: 'Émettre', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Émettre', exact: true }).click();
    await expect(toast(page, 'Facture émise')).toBeVisible();

    // The receiver gets the event, signed with the secret it was shown.
    await expect.poll(() => received.length, { timeout: 15000 }).toBe(1);
    const [got] = received;
    const payload = JSON.parse(got!.body) as { id: string; event: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({
      event: 'invoice.issued',
      data: { document: 'invoice', id: invoice.id, customerId: customer.id, totalNet: '12.00', totalGross: '14.40' },
    });
    expect(payload.data.number).toMatch(/^FA-\d{4}-\d{6}$/);
    expect(got!.headers['tagstock-event']).toBe('invoice.issued');
    expect(got!.headers['tagstock-delivery']).toBe(payload.id);
    expect(verifySignature(secret, got!.headers['tagstock-signature'] as string, got!.body)).toBe(true);

    // Its delivery: sent, HTTP 200.
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks', exact: true }).click();
    await settled(page);
    await expect(row(page, url).getByTestId('delivery-status')).toHaveText('Envoyé');
    await row(page, url).getByRole('gridcell').first().click();
    await expect(page.getByRole('heading', { name: 'Envois du webhook', level: 1 })).toBeVisible();
    await expect(page.getByText(url)).toBeVisible();
    const delivery = row(page, 'invoice.issued');
    await expect(delivery.getByTestId('delivery-status')).toHaveText('Envoyé');
    await expect(delivery).toContainText('200');
    await expect(delivery.getByRole('button', { name: 'Renvoyer' })).toHaveCount(0);
    expect(await violations(page, 'webhook deliveries')).toEqual([]);

    // Deleted after a confirmation.
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await settled(page);
    await row(page, url).getByRole('button', { name: 'Supprimer' }).click();
    await expect(dialog(page)).toContainText(url);
    await dialog(page).getByRole('button', { name: 'Supprimer' }).click();
    await expect(toast(page, 'Supprimé avec succès')).toBeVisible();
    await expect(row(page, url)).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

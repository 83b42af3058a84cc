import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEinvoicingSettings, TLifecycleEvent, TOutboxItem, TReceivedInvoiceSummary } from '@tagstock/contract';
import { startPaSimulator } from '../../../../../tools/pa-simulator/src/server';
import { withTenant } from '../../db/client';
import { validateCdar } from '../../platform/facturx/validate';
import { createOutbox, type Outbox } from '../../platform/outbox/outbox';
import { ACME_SIREN, connectDemoToSimulator } from '../../seed/seed-platform';
import { apiCalls, platformRows, setupTestApp, testConfig } from '../../test/helper';
import { createAfnorAdapter } from './platform/afnor-adapter';
import { signWebhook } from './platform/webhook-signature';
import { registerSenders } from './sending';

const sim = await startPaSimulator({ stepMs: 20 });
afterAll(() => sim.close());
// The platform's webhook cannot reach app.inject: it is called on a closed port, and the poll reads the flows.
const ctx = await setupTestApp({ publicUrl: 'http://127.0.0.1:9', webhookAllowPrivate: true });
const { app } = ctx;
const db = ctx.database.db;
const secretsKey = testConfig().jwtSecret;
const tokens = { demo: '', acme: '', viewer: '' };
const demo = apiCalls(ctx, () => tokens.demo);
const acme = apiCalls(ctx, () => tokens.acme);
const ids = { demo: 0, acme: 0, customer: 0, article: 0 };

/** Waits for a positive signal (a status arrived, a file was routed), never for the absence of one. */
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const issueToAcme = async () => {
  const today = new Date().toISOString().slice(0, 10);
  const draft = await demo.ok<{ id: number }>('POST', '/invoices', {
    customerId: ids.customer,
    invoiceDate: today,
    confirmWithoutReservation: true,
    lines: [{ articleId: ids.article, quantity: 2, unitPrice: '40.00', vatRate: '20', discount: '0' }],
  });
  return demo.ok<{ id: number; number: string }>('POST', `/invoices/${draft.id}/status`, { status: 'issued' });
};
const lifecycle = (path: string, as = tokens.demo) =>
  demo.ok<TLifecycleEvent[]>('GET', `${path}/lifecycle`, undefined, as);
const outboxOf = (id: number) =>
  demo.ok<{ items: TOutboxItem[] }>('GET', `/einvoicing/outbox?documentKind=invoice&documentId=${id}`);
const flowsOf = (trackingId: string) => sim.control.flows({ trackingId, direction: 'Out' });
const sentFlows = (trackingId: string) => flowsOf(trackingId).filter((f) => f.ack.status !== 'Error');

beforeAll(async () => {
  [tokens.demo, tokens.acme, tokens.viewer] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  // The test drives the worker (`run()`), so that what each step sends is known.
  app.outbox.stop();
  await connectDemoToSimulator(db, sim, secretsKey);
  const [t] = await platformRows<{ demo: number; acme: number }>(
    db,
    sql`select (select id from tenants where name = 'Demo') as demo, (select id from tenants where name = 'Acme') as acme`,
  );
  ids.demo = t!.demo;
  ids.acme = t!.acme;
  const [c] = await platformRows<{ customer: number; article: number }>(
    db,
    sql`select (select id from customers where tenant_id = ${ids.demo} and siren = ${ACME_SIREN}) as customer,
          (select id from articles where tenant_id = ${ids.demo} order by id limit 1) as article`,
  );
  Object.assign(ids, c);
  // Both tenants' integrations listen (their deliveries are the webhooks module's tests; here: what is emitted).
  const events = ['invoice.issued', 'invoice.paid', 'invoice.lifecycle', 'received_invoice.created'];
  await demo.ok('POST', '/webhooks', { url: 'http://127.0.0.1:9/demo', events });
  await acme.ok('POST', '/webhooks', { url: 'http://127.0.0.1:9/acme', events });
});

describe('approved platform settings', () => {
  it('keeps the client secret sealed, never returns it, and checks the input', async () => {
    const shown = await demo.ok<TEinvoicingSettings>('GET', '/einvoicing/settings');
    expect(shown).toMatchObject({ configured: true, enabled: true, baseUrl: sim.url, hasClientSecret: true });
    expect(JSON.stringify(shown)).not.toMatch(/secret"?:\s*"/i);
    const [row] = await platformRows<{ secret: string }>(
      db,
      sql`select client_secret as secret from einvoicing_settings where tenant_id = ${ids.demo}`,
    );
    expect(row!.secret).toMatch(/^v1\./);

    const bad = await demo.call('PUT', '/einvoicing/settings', { enabled: true, baseUrl: 'ftp://x', clientId: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['baseUrl', 'clientId']);
    const typed = { enabled: 'yes', baseUrl: `${sim.url}/${'x'.repeat(600)}`, clientId: 'a', clientSecret: 3 };
    expect((await demo.call('PUT', '/einvoicing/settings', typed)).statusCode).toBe(400);
    expect((await demo.call('GET', '/einvoicing/settings', undefined, tokens.viewer)).statusCode).toBe(200);
    expect(
      (
        await demo.call(
          'PUT',
          '/einvoicing/settings',
          { enabled: false, baseUrl: sim.url, clientId: 'x' },
          tokens.viewer,
        )
      ).statusCode,
    ).toBe(403);
    expect((await demo.call('POST', '/einvoicing/settings/test', undefined, tokens.viewer)).statusCode).toBe(403);
  });

  it('tests the connection: the platform answers and knows the company', async () => {
    const test = await demo.ok<{ ok: boolean; checks: { ok: boolean }[]; company: { siren: string } }>(
      'POST',
      '/einvoicing/settings/test',
    );
    expect(test).toMatchObject({ ok: true, company: { siren: '631229838', canReceive: true } });
    await sim.control.down('503');
    try {
      const down = await demo.ok<{ ok: boolean; checks: { check: string; ok: boolean; message: string }[] }>(
        'POST',
        '/einvoicing/settings/test',
      );
      expect(down.ok).toBe(false);
      expect(down.checks.find((c) => c.check === 'health')).toMatchObject({ ok: false });
      expect(JSON.stringify(down)).not.toContain(secretsKey);
    } finally {
      await sim.control.up();
    }
  });
});

describe('the French chain, Demo → platform → Acme and back', () => {
  it('sends an issued invoice once, Acme receives it, approves it, and Demo sees every status', async () => {
    const invoice = await issueToAcme();
    expect((await outboxOf(invoice.id)).items).toMatchObject([{ status: 'waiting', documentNumber: invoice.number }]);
    await app.outbox.run();
    const [sent] = (await outboxOf(invoice.id)).items;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sentFlows(`invoice-${invoice.id}`)).toHaveLength(1);
    const found = await demo.ok<{ items: TOutboxItem[] }>('GET', `/einvoicing/outbox?search=${invoice.number}`);
    expect(found.items.map((i) => i.documentId)).toEqual([invoice.id]);

    // Acme's platform delivers it: it lands in Acme's received invoices, valid, once.
    const received = await until('the invoice at Acme', async () => {
      await app.einvoicing.receiving.poll(ids.acme);
      const list = await acme.ok<{ items: TReceivedInvoiceSummary[] }>('GET', '/received-invoices');
      return list.items.find((r) => r.number === invoice.number);
    });
    await app.einvoicing.receiving.poll(ids.acme);
    const again = await acme.ok<{ items: TReceivedInvoiceSummary[] }>('GET', '/received-invoices');
    expect(again.items.filter((r) => r.number === invoice.number)).toHaveLength(1);
    await until('Acme read the platform’s 202 and 203 about it', async () => {
      await app.einvoicing.receiving.poll(ids.acme);
      const read = await platformRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from platform_flows where tenant_id = ${ids.acme}
            and recorded_as = ${`received_invoice:${received.id}`}`,
      );
      return read[0]!.n >= 3;
    });
    // The reception said 203 already: the platform's repetition of 202 and 203 adds nothing.
    expect((await lifecycle(`/received-invoices/${received.id}`, tokens.acme)).map((e) => e.code)).toEqual(['203']);

    // Demo reads 200 → 203 from its platform.
    await until('203 at Demo', async () => {
      await app.einvoicing.receiving.poll(ids.demo);
      return (await lifecycle(`/invoices/${invoice.id}`)).some((e) => e.code === '203');
    });
    const codes = (await lifecycle(`/invoices/${invoice.id}`)).map((e) => e.code);
    expect(codes.slice(0, 4)).toEqual(['200', '201', '202', '203']);

    // Acme approves: the status goes back to Demo through the platform.
    const approved = await acme.ok<TLifecycleEvent[]>('POST', `/received-invoices/${received.id}/lifecycle`, {
      code: '205',
    });
    expect(approved.at(-1)).toMatchObject({ code: '205', source: 'user', label: 'Approuvée' });
    await app.outbox.run();
    const demoEvents = await until('205 at Demo', async () => {
      await app.einvoicing.receiving.poll(ids.demo);
      const events = await lifecycle(`/invoices/${invoice.id}`);
      return events.some((e) => e.code === '205') && events;
    });
    expect(demoEvents.at(-1)).toMatchObject({ code: '205', source: 'platform' });
  });

  it('sends an issued credit note to its invoice’s buyer once, and tells the integrations about it', async () => {
    const invoice = await issueToAcme();
    const draft = await demo.ok<{ id: number }>('POST', '/credit-notes', { invoiceId: invoice.id, full: true });
    const note = await demo.ok<{ id: number; number: string; creditDate: string }>(
      'POST',
      `/credit-notes/${draft.id}/status`,
      { status: 'issued' },
    );
    const queued = await demo.ok<{ items: TOutboxItem[] }>(
      'GET',
      `/einvoicing/outbox?documentKind=credit_note&documentId=${note.id}`,
    );
    expect(queued.items).toMatchObject([{ status: 'waiting', documentNumber: note.number }]);
    await app.outbox.run();
    expect(sentFlows(`credit_note-${note.id}`)).toHaveLength(1);
    await until('the credit note at Acme', async () => {
      await app.einvoicing.receiving.poll(ids.acme);
      const list = await acme.ok<{ items: TReceivedInvoiceSummary[] }>('GET', '/received-invoices');
      return list.items.find((r) => r.number === note.number);
    });
    const [issued] = await platformRows<{ payload: { data: Record<string, unknown> } }>(
      db,
      sql`select payload from webhook_deliveries where tenant_id = ${ids.demo} and event = 'invoice.issued'
          and payload->'data'->>'document' = 'credit_note' and (payload->'data'->>'id')::int = ${note.id}`,
    );
    expect(issued!.payload.data).toEqual({
      document: 'credit_note',
      id: note.id,
      number: note.number,
      customerId: ids.customer,
      date: note.creditDate,
      totalNet: '80.00',
      totalVat: '16.00',
      totalGross: '96.00',
    });
  });

  it('refuses a status a buyer may not send, a refusal without its reason, and another tenant’s invoice', async () => {
    const [r] = await platformRows<{ id: number }>(
      db,
      sql`select id from received_invoices where tenant_id = ${ids.acme} order by id desc limit 1`,
    );
    const url = `/received-invoices/${r!.id}/lifecycle`;
    for (const body of [{ code: '200' }, { code: '210' }, { code: '205', reasonCode: 'DOUBLON' }, { code: '999' }])
      expect((await acme.call('POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await demo.call('POST', url, { code: '205' })).statusCode).toBe(404);
    expect((await demo.call('GET', url)).statusCode).toBe(404);
    expect((await acme.call('GET', '/invoices/2147483647/lifecycle')).statusCode).toBe(404);
    expect((await acme.call('GET', '/invoices/abc/lifecycle')).statusCode).toBe(400);
    // Refused with a reason from the closed list: kept and sent.
    const refused = await acme.ok<TLifecycleEvent[]>('POST', url, {
      code: '210',
      reasonCode: 'TX_TVA_ERR',
      note: 'Taux',
    });
    expect(refused.at(-1)).toMatchObject({ code: '210', reasonCode: 'TX_TVA_ERR', note: 'Taux' });
    expect((await acme.call('POST', url, { code: '205' }, tokens.viewer)).statusCode).toBe(403);
  });

  it('keeps the status of an invoice when the platform rejects a duplicate of it (213 DOUBLON)', async () => {
    const invoice = await issueToAcme();
    await app.outbox.run();
    const [flow] = sentFlows(`invoice-${invoice.id}`);
    await until('203', async () => {
      await app.einvoicing.receiving.poll(ids.demo);
      return (await lifecycle(`/invoices/${invoice.id}`)).some((e) => e.code === '203');
    });
    expect(sim.control.status(flow!.flowId, '213', 'DOUBLON')).toBe(true);
    const events = await until('213', async () => {
      await app.einvoicing.receiving.poll(ids.demo);
      const list = await lifecycle(`/invoices/${invoice.id}`);
      return list.some((e) => e.code === '213') && list;
    });
    expect(events.find((e) => e.code === '213')).toMatchObject({ duplicate: true, reasonCode: 'DOUBLON' });
    expect(events.filter((e) => !e.duplicate).at(-1)?.code).toBe('203');
  });
});

describe('212 Encaissée', () => {
  it('is sent when an invoice of a company with VAT on receipts is paid in full, once', async () => {
    await platformRows(
      db,
      sql`update company_settings set supply_kind = 'services', vat_on_debits = false where tenant_id = ${ids.demo}`,
    );
    try {
      const invoice = await issueToAcme();
      await app.outbox.run();
      const { items } = await demo.ok<{ items: { id: number }[] }>('GET', '/payment-modes?active=true');
      const pay = (amount: string) =>
        demo.ok('POST', `/invoices/${invoice.id}/payments`, {
          paymentDate: new Date().toISOString().slice(0, 10),
          amount,
          paymentModeId: items[0]!.id,
        });
      await pay('40.00');
      expect((await lifecycle(`/invoices/${invoice.id}`)).map((e) => e.code)).not.toContain('212');
      await pay('56.00');
      const events = await lifecycle(`/invoices/${invoice.id}`);
      expect(events.filter((e) => e.code === '212')).toMatchObject([{ source: 'user', label: 'Encaissée' }]);
      await app.outbox.run();
      const [status] = sim.control
        .flows({ direction: 'Out' })
        .filter((f) => f.syntax === 'CDAR' && f.name.startsWith(`CDAR-212-${invoice.number}`));
      expect(status).toBeDefined();
      const xml = sim.control.file(status!.flowId)!.toString('utf8');
      expect(xml).toContain('96.00');
      const report = await validateCdar(xml);
      expect(report.failures.filter((f) => f.flag === 'fatal')).toEqual([]);
    } finally {
      await platformRows(db, sql`update company_settings set supply_kind = 'goods' where tenant_id = ${ids.demo}`);
    }
  });
});

describe('the outbox sends each document once', () => {
  it('retries while the platform is down, then sends once', async () => {
    await sim.control.down('refuse');
    const invoice = await issueToAcme();
    try {
      await app.outbox.run();
      const [failed] = (await outboxOf(invoice.id)).items;
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed!.lastError).toMatch(/unreachable/);
      expect(failed!.nextAttemptAt).not.toBeNull();
      expect((await demo.ok<{ total: number }>('GET', '/einvoicing/outbox?status=failed')).total).toBeGreaterThan(0);
    } finally {
      await sim.control.up();
    }
    // The user's "send again" (the backoff would do it later).
    const [failed] = (await outboxOf(invoice.id)).items;
    await demo.ok('POST', `/einvoicing/outbox/${failed!.id}/retry`);
    await app.outbox.run();
    expect((await outboxOf(invoice.id)).items[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sentFlows(`invoice-${invoice.id}`)).toHaveLength(1);
    expect((await demo.call('POST', `/einvoicing/outbox/${failed!.id}/retry`)).statusCode).toBe(404);
    expect((await acme.call('POST', `/einvoicing/outbox/${failed!.id}/retry`)).statusCode).toBe(404);
  });

  it('finds a document sent before a crash by its tracking id, and does not send it again', async () => {
    const invoice = await issueToAcme();
    // The process was killed after the platform took the file, before it recorded so: the message is still due.
    const settings = await withTenant(db, ids.demo, (tx) => app.einvoicing.settings.connection(tx, ids.demo));
    const pdf = (await demo.call('GET', `/invoices/${invoice.id}/pdf`)).rawPayload;
    await settings!.adapter.submitFlow({
      trackingId: `invoice-${invoice.id}`,
      fileName: `${invoice.number}.pdf`,
      data: pdf,
      syntax: 'Factur-X',
      sha256: (await import('node:crypto')).createHash('sha256').update(pdf).digest('hex'),
    });
    await app.outbox.run();
    expect((await outboxOf(invoice.id)).items[0]).toMatchObject({ status: 'sent' });
    expect(flowsOf(`invoice-${invoice.id}`)).toHaveLength(1);
  });

  it('a process killed mid-send leaves the message to the next once its lease runs out: sent once', async () => {
    const invoice = await issueToAcme();
    const dying = createOutbox(db, app.log, { leaseMs: 300 });
    let submitted: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (submitted = resolve));
    // The platform takes the file, then the process stops before recording it (it never answers again).
    const killedAfterSend = {
      handle: (topic: string, handler: Parameters<Outbox['handle']>[1]) =>
        dying.handle(topic, {
          ...handler,
          send: async (message) => {
            await handler.send(message);
            submitted();
            return new Promise(() => undefined);
          },
        }),
    } as Outbox;
    registerSenders(db, killedAfterSend, app.einvoicing.settings, app.einvoicing.documents);
    void dying.run();
    await sent;
    expect((await outboxOf(invoice.id)).items[0]).toMatchObject({ status: 'waiting', attempts: 1 });
    await until('the message sent by another worker', async () => {
      await app.outbox.run();
      return (await outboxOf(invoice.id)).items[0]?.status === 'sent';
    });
    expect((await outboxOf(invoice.id)).items[0]).toMatchObject({ attempts: 2 });
    expect(flowsOf(`invoice-${invoice.id}`)).toHaveLength(1);
  });

  it('two processes racing send it once', async () => {
    const invoice = await issueToAcme();
    const other = createOutbox(db, app.log);
    registerSenders(db, other, app.einvoicing.settings, app.einvoicing.documents);
    sim.control.fail({ slowMs: 50 });
    try {
      await Promise.all([app.outbox.run(), other.run(), app.outbox.run()]);
    } finally {
      sim.control.fail({ slowMs: 0 });
      await other.close();
    }
    expect((await outboxOf(invoice.id)).items[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(flowsOf(`invoice-${invoice.id}`)).toHaveLength(1);
  });

  it('does not queue an invoice to a person (e-reporting, not e-invoicing)', async () => {
    const person = await demo.ok<{ id: number }>('POST', '/customers', {
      name: 'Inès Girard',
      kind: 'person',
      email: 'ines.girard@exemple.fr',
      address: '3 rue Nationale',
      postcode: '59000',
      city: 'Lille',
      country: 'France',
    });
    const today = new Date().toISOString().slice(0, 10);
    const draft = await demo.ok<{ id: number }>('POST', '/invoices', {
      customerId: person.id,
      invoiceDate: today,
      confirmWithoutReservation: true,
      lines: [{ articleId: ids.article, quantity: 1, unitPrice: '10.00', vatRate: '20', discount: '0' }],
    });
    await demo.ok('POST', `/invoices/${draft.id}/status`, { status: 'issued' });
    expect((await outboxOf(draft.id)).items).toEqual([]);
  });
});

describe('the platform webhook', () => {
  const path = () => `/backend/api/einvoicing/platform-webhook/${ids.demo}`;
  const key = async () => {
    const secret = await withTenant(db, ids.demo, (tx) => app.einvoicing.settings.webhookSecret(tx, ids.demo));
    expect(secret).toBeTruthy();
    return secret!;
  };
  const body = JSON.stringify({ event: 'flow.received' });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a call signed with the subscription key, and refuses the others', async () => {
    const secret = await key();
    const post = (headers: Record<string, string>, payload = body) =>
      app.inject({ method: 'POST', url: path(), payload, headers: { 'content-type': 'application/json', ...headers } });
    expect((await post(signWebhook(secret, body, now()))).statusCode).toBe(202);
    expect((await post({})).statusCode).toBe(401);
    expect((await post(signWebhook(Buffer.alloc(32, 7).toString('base64'), body, now()))).statusCode).toBe(401);
    expect((await post(signWebhook(secret, body, now() - 3600))).statusCode).toBe(401);
    expect((await post(signWebhook(secret, body, now()), `${body} `)).statusCode).toBe(401);
    // Another tenant's path with Demo's key.
    const acmePath = `/backend/api/einvoicing/platform-webhook/${ids.acme}`;
    const res = await app.inject({
      method: 'POST',
      url: acmePath,
      payload: body,
      headers: signWebhook(secret, body, now()),
    });
    expect(res.statusCode).toBe(401);
  });
});

// The adapter is the same the app builds from its settings (a smoke check of the factory's options).
it('builds an AFNOR adapter from the stored settings', async () => {
  const adapter = createAfnorAdapter({ baseUrl: sim.url, clientId: 'nobody', clientSecret: 'wrong' });
  await expect(adapter.lookupSiren(ACME_SIREN)).rejects.toMatchObject({ kind: 'unauthorized' });
});

it('tells the integrations: invoice.issued, invoice.paid, invoice.lifecycle, received_invoice.created', async () => {
  const emitted = await platformRows<{ tenant: number; event: string; n: number }>(
    db,
    sql`select tenant_id as tenant, event, count(*)::int as n from webhook_deliveries group by 1, 2 order by 1, 2`,
  );
  const of = (tenant: number) =>
    Object.fromEntries(emitted.filter((e) => e.tenant === tenant).map((e) => [e.event, e.n]));
  expect(of(ids.demo)).toMatchObject({
    'invoice.issued': expect.any(Number),
    'invoice.paid': 1,
    'invoice.lifecycle': expect.any(Number),
  });
  // One event per received invoice (Acme has no other in these tests).
  const [received] = await platformRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from received_invoices where tenant_id = ${ids.acme}`,
  );
  expect(received!.n).toBeGreaterThan(1);
  expect(of(ids.acme)).toMatchObject({
    'received_invoice.created': received!.n,
    'invoice.lifecycle': expect.any(Number),
  });
  const [lifecycle] = await platformRows<{ payload: { data: Record<string, unknown> } }>(
    db,
    sql`select payload from webhook_deliveries where tenant_id = ${ids.acme} and event = 'invoice.lifecycle'
        and payload->'data'->>'code' = '205'`,
  );
  expect(lifecycle!.payload.data).toMatchObject({ document: 'received_invoice', code: '205', source: 'user' });
});

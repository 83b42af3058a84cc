import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SocketEvents,
  type TList,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointCreated,
  type TWebhookPayload,
} from '@tagstock/contract';
import { withTenant } from '../../db/client';
import { emitWebhookEvent } from '../../platform/webhooks/emit';
import { verifySignature } from '../../platform/webhooks/signature';
import { createWebhookRetention } from './webhooks-retention';
import { apiCalls, exitGate, platformRows, setupTestApp, statementCounter } from '../../test/helper';

// Endpoints on this machine (the receiver below) need WEBHOOK_ALLOW_PRIVATE=1; webhooks-ssrf.test.ts runs without.
const statements = statementCounter();
const ctx = await setupTestApp({ webhookAllowPrivate: true }, { logQuery: statements.logQuery });
const db = ctx.database.db;
const tokens = { admin: '', acme: '', viewer: '' };
const { call, ok } = apiCalls(ctx, () => tokens.admin);
const notify = vi.spyOn(ctx.app.realtime, 'notifyTenant');

/** The integrator's side: a local HTTP server that records what it receives and answers the statuses queued. */
type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const answers: number[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body });
    res.statusCode = answers.shift() ?? 200;
    res.end(res.statusCode < 300 ? 'ok' : 'receiver down');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const today = new Date().toISOString().slice(0, 10);
let demoId = 0;
let reasonId = 0;
let consumerId = 0;

const deliveries = (endpointId: number, token = tokens.admin) =>
  ok<TList<TWebhookDelivery>>('GET', `/webhooks/${endpointId}/deliveries`, undefined, token);
/** Sends what is due now (the worker's run; tests never wait for its timer). */
const deliver = () => ctx.app.outbox.run();
/** The next try of a delivery, due now (instead of waiting its backoff). */
const dueNow = (deliveryId: number) =>
  platformRows(
    db,
    sql`update outbox set next_attempt_at = now() where topic = 'webhook' and key = ${String(deliveryId)}`,
  );
const register = (path: string, events: string[], token = tokens.admin) =>
  ok<TWebhookEndpointCreated>('POST', '/webhooks', { url: `${base}${path}`, events }, token);
const bodies = (path: string) => received.filter((r) => r.path === path);

async function article(reference: string, quantity: number, stockAlert = 0) {
  return (
    await ok<{ id: number }>('POST', '/articles', {
      reference,
      designation: `Article ${reference}`,
      priceHt: '10.00',
      vatRate: '20',
      stockAlert,
      initialQuantity: quantity,
    })
  ).id;
}

/** A stock output taken from `articleId`, validated: a change of status of the document kit. */
async function validatedOutput(articleId: number, quantity = 1) {
  const draft = await ok<{ id: number }>('POST', '/outputs', {
    reasonId,
    outputDate: today,
    consumerId,
    lines: [{ articleId, quantity }],
  });
  return ok<{ id: number; number: string }>('POST', `/outputs/${draft.id}/status`, { status: 'validated' });
}

beforeAll(async () => {
  [tokens.admin, tokens.acme, tokens.viewer] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  reasonId = (await ok<{ id: number }>('POST', '/reasons', { label: 'Sortie webhook', kind: 'decrement' })).id;
  consumerId = (await ok<{ id: number }>('POST', '/consumers', { name: 'Atelier webhooks', kind: 'service' })).id;
  demoId = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`))[0]!.id;
});

describe('webhook endpoints', () => {
  it('registers an endpoint, answers its secret once, keeps it sealed, and lists it without', async () => {
    const created = await register('/list', ['document.status_changed', 'stock.alert']);
    expect(created).toMatchObject({ url: `${base}/list`, enabled: true, description: null, lastDelivery: null });
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const [stored] = await platformRows<{ secret: string }>(
      db,
      sql`select secret from webhook_endpoints where id = ${created.id}`,
    );
    expect(stored!.secret.startsWith('v1.')).toBe(true);
    expect(stored!.secret).not.toContain(created.secret);
    const list = await ok<TList<TWebhookEndpoint>>('GET', '/webhooks');
    const listed = list.items.find((e) => e.id === created.id)!;
    expect(await ok('GET', `/webhooks/${created.id}`)).toEqual(listed);
    expect(listed.events).toEqual(['document.status_changed', 'stock.alert']);
    expect(listed).not.toHaveProperty('secret');
    // Readers see the list; only writers register.
    expect((await call('GET', '/webhooks', undefined, tokens.viewer)).statusCode).toBe(200);
    expect(
      (await call('POST', '/webhooks', { url: `${base}/x`, events: ['stock.alert'] }, tokens.viewer)).statusCode,
    ).toBe(403);
    // Another tenant sees none of it.
    const theirs = await ok<TList<TWebhookEndpoint>>('GET', '/webhooks', undefined, tokens.acme);
    expect(theirs.items.some((e) => e.id === created.id)).toBe(false);
    await ok('DELETE', `/webhooks/${created.id}`);
  });

  it('refuses bad input with 400 and field errors', async () => {
    const bad: object[] = [
      { url: 'ftp://example.com/hook', events: ['stock.alert'] },
      { url: 'not a url', events: ['stock.alert'] },
      { url: `https://example.com/${'a'.repeat(2000)}`, events: ['stock.alert'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['stock.moved'] },
      { url: 'https://example.com/hook', events: ['stock.alert', 'stock.alert'] },
      { url: 'https://example.com/hook', events: ['stock.alert'], description: 'x'.repeat(201) },
      { events: ['stock.alert'] },
    ];
    for (const payload of bad) {
      const res = await call('POST', '/webhooks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await call('GET', '/webhooks/abc/deliveries')).statusCode).toBe(400);
    expect((await call('GET', '/webhooks/1/deliveries?status=lost')).statusCode).toBe(400);
  });

  it('allows loopback addresses only with WEBHOOK_ALLOW_PRIVATE=1 (set here)', async () => {
    for (const url of ['http://127.0.0.1:9/a', 'http://[::1]:9/a', 'http://localhost:9/a', 'http://10.0.0.1/a']) {
      const created = await ok<TWebhookEndpointCreated>('POST', '/webhooks', { url, events: ['stock.alert'] });
      await ok('DELETE', `/webhooks/${created.id}`);
    }
  });

  it('answers 404 for another tenant’s endpoint or delivery, and for unknown ids', async () => {
    const mine = await register('/cross', ['document.status_changed']);
    await validatedOutput(await article('WH-CROSS', 5));
    const [delivery] = (await deliveries(mine.id)).items;
    expect(delivery).toBeDefined();
    for (const [method, url] of [
      ['GET', `/webhooks/${mine.id}`],
      ['GET', `/webhooks/${mine.id}/deliveries`],
      ['DELETE', `/webhooks/${mine.id}`],
      ['PATCH', `/webhooks/${mine.id}`],
      ['POST', `/webhooks/deliveries/${delivery!.id}/retry`],
    ] as const) {
      const res = await ctx.as(tokens.acme, {
        method,
        url: `/backend/api${url}`,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/webhooks/999999/deliveries')).statusCode).toBe(404);
    expect((await call('POST', '/webhooks/deliveries/999999/retry')).statusCode).toBe(404);
    await deliver();
    await ok('DELETE', `/webhooks/${mine.id}`);
  });

  it('deletes an endpoint with its deliveries and what the outbox still had for it', async () => {
    const doomed = await register('/doomed', ['document.status_changed']);
    answers.push(500);
    await validatedOutput(await article('WH-DOOMED', 5));
    await deliver();
    const [delivery] = (await deliveries(doomed.id)).items;
    expect(delivery!.status).toBe('failed');
    await ok('DELETE', `/webhooks/${doomed.id}`);
    const left = await platformRows(
      db,
      sql`select 1 from outbox where topic = 'webhook' and key = ${String(delivery!.id)}
          union all select 1 from webhook_deliveries where id = ${delivery!.id}`,
    );
    expect(left).toEqual([]);
    expect((await call('DELETE', `/webhooks/${doomed.id}`)).statusCode).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('delivers document.status_changed signed, with the event id as the idempotency key', async () => {
    const endpoint = await register('/signed', ['document.status_changed']);
    const output = await validatedOutput(await article('WH-SIGNED', 5));
    await deliver();
    const [got] = bodies('/signed');
    expect(got).toBeDefined();
    const payload = JSON.parse(got!.body) as TWebhookPayload;
    expect(payload).toMatchObject({
      event: 'document.status_changed',
      tenantId: demoId,
      data: { document: 'output', id: output.id, number: output.number, from: 'draft', to: 'validated' },
    });
    expect(got!.headers['tagstock-event']).toBe('document.status_changed');
    expect(got!.headers['tagstock-delivery']).toBe(payload.id);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(verifySignature(endpoint.secret, got!.headers['tagstock-signature'] as string, got!.body)).toBe(true);
    expect(verifySignature('whsec_other', got!.headers['tagstock-signature'] as string, got!.body)).toBe(false);
    expect(verifySignature(endpoint.secret, got!.headers['tagstock-signature'] as string, `${got!.body} `)).toBe(false);

    const [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({
      event: 'document.status_changed',
      eventId: payload.id,
      status: 'sent',
      attempts: 1,
      httpStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(delivery!.durationMs).toBeGreaterThanOrEqual(0);
    expect(delivery!.sentAt).not.toBeNull();
    const listed = (await ok<TList<TWebhookEndpoint>>('GET', '/webhooks')).items.find((e) => e.id === endpoint.id);
    expect(listed!.lastDelivery).toMatchObject({ status: 'sent', event: 'document.status_changed' });
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('retries a failed delivery with the same body and id: 500, then 200 → sent', async () => {
    const endpoint = await register('/flaky', ['document.status_changed']);
    answers.push(500);
    await validatedOutput(await article('WH-FLAKY', 5));
    await deliver();
    let [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, httpStatus: 500 });
    expect(delivery!.error).toContain('HTTP 500');
    expect(new Date(delivery!.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    await deliver();
    expect(bodies('/flaky')).toHaveLength(1);

    await dueNow(delivery!.id);
    await deliver();
    [delivery] = (await deliveries(endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2, httpStatus: 200, error: null, nextAttemptAt: null });
    const [first, second] = bodies('/flaky');
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['tagstock-delivery']).toBe(first!.headers['tagstock-delivery']);
    expect(verifySignature(endpoint.secret, second!.headers['tagstock-signature'] as string, second!.body)).toBe(true);
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('gives a delivery up after 24 h of failures, sends it again on demand, and keeps a working endpoint on', async () => {
    const endpoint = await register('/late', ['document.status_changed']);
    answers.push(500);
    await validatedOutput(await article('WH-LATE-1', 5));
    await deliver();
    const [failing] = (await deliveries(endpoint.id)).items;
    expect(failing!.status).toBe('failed');
    // The endpoint works for the events that follow.
    await validatedOutput(await article('WH-LATE-2', 5));
    await deliver();
    expect((await deliveries(endpoint.id)).items[0]!.status).toBe('sent');
    answers.push(500);
    // A day later: the next failure is the last.
    await platformRows(
      db,
      sql`update outbox set created_at = now() - interval '25 hours', next_attempt_at = now()
          where topic = 'webhook' and key = ${String(failing!.id)}`,
    );
    await deliver();
    const givenUp = (await deliveries(endpoint.id, tokens.viewer)).items.find((d) => d.id === failing!.id);
    expect(givenUp).toMatchObject({ id: failing!.id, status: 'given_up', attempts: 2, nextAttemptAt: null });
    // Other deliveries worked since that one was created: the endpoint stays on.
    const [state] = await platformRows<{ enabled: boolean }>(
      db,
      sql`select enabled from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(state!.enabled).toBe(true);

    // "Send again": readers may not; a writer re-queues it, and it goes.
    expect((await call('POST', `/webhooks/deliveries/${givenUp!.id}/retry`, undefined, tokens.viewer)).statusCode).toBe(
      403,
    );
    const queued = await ok<TWebhookDelivery>('POST', `/webhooks/deliveries/${givenUp!.id}/retry`);
    expect(queued.status).toBe('waiting');
    await deliver();
    const sent = (await deliveries(endpoint.id)).items.find((d) => d.id === failing!.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, httpStatus: 200 });
    // A sent delivery is not sent again.
    expect((await call('POST', `/webhooks/deliveries/${sent!.id}/retry`)).statusCode).toBe(400);
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('switches off an endpoint that failed everything for 24 h, logs it and tells the tenant', async () => {
    const endpoint = await register('/dead', ['document.status_changed']);
    answers.push(500);
    await validatedOutput(await article('WH-DEAD', 5));
    await deliver();
    const [failing] = (await deliveries(endpoint.id)).items;
    await platformRows(
      db,
      sql`update outbox set created_at = now() - interval '25 hours', next_attempt_at = now()
          where topic = 'webhook' and key = ${String(failing!.id)}`,
    );
    await platformRows(
      db,
      sql`update webhook_deliveries set created_at = now() - interval '25 hours' where id = ${failing!.id}`,
    );
    answers.push(500);
    notify.mockClear();
    await deliver();
    const listed = (await ok<TList<TWebhookEndpoint>>('GET', '/webhooks')).items.find((e) => e.id === endpoint.id)!;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 24 hours' });
    expect(listed.disabledAt).not.toBeNull();
    expect(notify).toHaveBeenCalledWith(demoId, SocketEvents.webhookDisabled, {
      endpointId: endpoint.id,
      url: endpoint.url,
      reason: 'Every delivery failed for 24 hours',
    });
    const logs = await ok<TList<{ entity: string; entityId: number; action: string; changes: unknown[] }>>(
      'GET',
      '/logs?entity=webhook',
    );
    expect(logs.items.find((l) => l.entityId === endpoint.id && l.action === 'updated')?.changes).toContainEqual({
      field: 'enabled',
      from: true,
      to: false,
    });
    // Switched off: no new delivery is queued for it; switched on again, it receives again.
    await validatedOutput(await article('WH-DEAD-2', 5));
    expect((await deliveries(endpoint.id)).total).toBe(1);
    const on = await ctx.as(tokens.admin, {
      method: 'PATCH',
      url: `/backend/api/webhooks/${endpoint.id}`,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null });
    await validatedOutput(await article('WH-DEAD-3', 5));
    await deliver();
    expect((await deliveries(endpoint.id)).items[0]).toMatchObject({ status: 'sent' });
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('emits stock.alert when a movement takes an article to its alert threshold, once', async () => {
    const endpoint = await register('/alert', ['stock.alert']);
    const articleId = await article('WH-ALERT', 7, 5);
    await validatedOutput(articleId, 1); // 6: above the threshold
    await validatedOutput(articleId, 2); // 4: crosses it
    await validatedOutput(articleId, 1); // 3: already below
    await deliver();
    const got = bodies('/alert').map((r) => JSON.parse(r.body) as TWebhookPayload);
    expect(got.map((p) => p.data)).toEqual([
      { articleId, reference: 'WH-ALERT', designation: 'Article WH-ALERT', quantity: 4, threshold: 5 },
    ]);
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('emits exit.unauthorized for an item that leaves through a gate without authorization', async () => {
    const endpoint = await register('/exits', ['exit.unauthorized']);
    const reader = await exitGate(ok, 'Portique webhooks', 'Sortie webhooks');
    const articleId = await article('WH-EXIT', 3);
    const epc = 'AAAA0000000000000000BEEF';
    await ok('POST', '/tags/bind', { articleId, epcs: [epc] });
    // Inner antenna, then outer: one OUT, covered by nothing.
    const start = Date.now() - 30_000;
    const at = (s: number) => new Date(start + s * 1000).toISOString();
    const read = (antennaPort: number, s: number) => ({
      timestamp: at(s),
      hostname: 'impinj-webhooks',
      eventType: 'tagInventory',
      tagInventoryEvent: { epcHex: epc, antennaPort, peakRssiCdbm: -5000 },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/ingest/impinj',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.secret}` },
      payload: JSON.stringify([read(1, 0), read(1, 1), read(2, 3), read(2, 4)]),
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const [got] = bodies('/exits').map((r) => JSON.parse(r.body) as TWebhookPayload);
    expect(got).toMatchObject({
      event: 'exit.unauthorized',
      data: {
        epc,
        articleId,
        designation: 'Article WH-EXIT',
        reader: { id: reader.id, name: 'Portique webhooks', location: 'Sortie webhooks' },
        at: at(3),
        reason: { code: 'not_covered' },
      },
    });
    expect(got!.data.movementId).toEqual(expect.any(Number));
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('costs one statement to emit for a tenant without endpoints, and sends nothing for a rolled-back change', async () => {
    const acmeId = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Acme'`))[0]!.id;
    // Only the statements that touch webhooks: the pool may run a previous test's background work meanwhile.
    const emitting = await statements.count(
      () => withTenant(db, acmeId, (tx) => emitWebhookEvent(tx, acmeId, 'invoice.issued', { id: 1 })),
      /webhook/i,
    );
    expect(emitting.statements).toBe(1);
    expect(emitting.result).toBe(0);

    const endpoint = await register('/rolled-back', ['invoice.issued']);
    await withTenant(db, demoId, async (tx) => {
      expect(await emitWebhookEvent(tx, demoId, 'invoice.issued', { id: 1 })).toBe(1);
      throw new Error('rolled back');
    }).catch(() => undefined);
    expect((await deliveries(endpoint.id)).total).toBe(0);
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });

  // Last of the file: it deletes every delivery over, of every test, once they are 30 days old.
  it('deletes the deliveries that are over after 30 days, with their outbox messages; keeps those still tried', async () => {
    const endpoint = await register('/retention', ['invoice.issued']);
    const states = ['sent', 'given_up', 'waiting', 'failed'];
    const rows = await platformRows<{ id: number; status: string }>(
      db,
      sql`insert into webhook_deliveries (tenant_id, endpoint_id, event, event_id, payload, status)
          select ${demoId}, ${endpoint.id}, 'invoice.issued', gen_random_uuid(), '{}'::jsonb, s
          from unnest(${sql`array[${sql.join(
            states.map((x) => sql`${x}`),
            sql`, `,
          )}]::text[]`}) s
          returning id, status`,
    );
    // Their messages as the outbox leaves them once handled (nothing here for its worker to send), and another topic's.
    await platformRows(
      db,
      sql`insert into outbox (tenant_id, topic, key, payload, status)
          select ${demoId}, 'webhook', d.id::text, '{}'::jsonb, 'sent' from webhook_deliveries d
          where d.endpoint_id = ${endpoint.id}
          union all select ${demoId}::int, 'retention-test', ${String(rows[0]!.id)}::text, '{}'::jsonb, 'sent'`,
    );
    const left = () =>
      platformRows<{ status: string; messages: number }>(
        db,
        sql`select d.status, (select count(*)::int from outbox o
              where o.tenant_id = d.tenant_id and o.topic = 'webhook' and o.key = d.id::text) as messages
            from webhook_deliveries d where d.endpoint_id = ${endpoint.id} order by d.id`,
      );
    const retention = createWebhookRetention(db, { error: () => undefined });
    // Not yet 30 days old: nothing goes.
    expect(await retention.prune(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect((await left()).map((r) => r.status)).toEqual(states);
    expect(await retention.prune(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([
      { status: 'waiting', messages: 1 },
      { status: 'failed', messages: 1 },
    ]);
    const over = rows.filter((r) => r.status === 'sent' || r.status === 'given_up').map((r) => String(r.id));
    const orphans = await platformRows(
      db,
      sql`select key from outbox where topic = 'webhook' and key in (${sql.join(
        over.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    expect(orphans).toEqual([]);
    // Another topic's message under the same key stays.
    const other = await platformRows(db, sql`select 1 from outbox where topic = 'retention-test'`);
    expect(other).toHaveLength(1);
    await platformRows(db, sql`delete from outbox where topic = 'retention-test'`);
    await ok('DELETE', `/webhooks/${endpoint.id}`);
  });
});

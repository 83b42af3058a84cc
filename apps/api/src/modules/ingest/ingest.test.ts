import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SocketEvents } from '@tagstock/contract';
import { platformRows, setupTestApp } from '../../test/helper';
import { impinjBatch, zebraBatch, zebraHeartbeat } from './fixtures';
import { authorizeExits } from './authorization';
import { createIngestService } from './ingest.service';
import { createMqttHandler } from './mqtt-handler';
import { createRetention } from './retention';
import { READER_CACHE_MS, readerAuthenticator } from './reader-auth';
import { hashSecret } from '../rfid/rfid.repository';

// The reads of these tests are from 2024-03-12 and the server drops reads far from its clock: set the clock there.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-03-12T09:20:00Z'), shouldAdvanceTime: true });
const ctx = await setupTestApp();
const api = '/backend/api';
type Row = { id: number; [k: string]: unknown };
const notify = vi.spyOn(ctx.app.realtime, 'notifyTenant');

async function ok<T = Row>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await ctx.as(token, { method, url: `${api}${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const post = (vendor: 'impinj' | 'zebra', body: unknown, authorization?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${api}/ingest/${vendor}`,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify(body),
  });
const bearer = (secret: string) => `Bearer ${secret}`;
const db = () => ctx.database.db;
const dbNow = async () =>
  (await platformRows<{ ms: number }>(db(), sql`select (extract(epoch from now()) * 1000)::float8 as ms`))[0]!.ms;
const quantity = async (articleId: number) =>
  (await platformRows<{ q: number }>(db(), sql`select quantity as q from articles where id = ${articleId}`))[0]!.q;
const movements = (readerId: number) =>
  platformRows<Row>(
    db(),
    sql`select id, event_type as "eventType", epc, tag_id as "tagId", tenant_id as "tenantId", is_authorized as "isAuthorized",
          authorization_message as "authorizationMessage", authorization_reason as "authorizationReason",
          stock_delta as "stockDelta"
        from tag_movements where reader_id = ${readerId} order by id`,
  );

let n = 0;
async function setup(token: string, opts: { role?: string; vendor?: 'impinj' | 'zebra' } = {}) {
  n += 1;
  const reader = await ok(token, 'POST', '/readers', {
    name: `Portique ${n}`,
    vendor: opts.vendor ?? 'impinj',
    location: `Sortie ${n}`,
    role: opts.role ?? 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
    ],
  });
  const article = await ok(token, 'POST', '/articles', {
    reference: `ING-${n}`,
    designation: `Perceuse ${n}`,
    priceHt: '100',
    vatRate: '20',
    stockAlert: 0,
    initialQuantity: 5,
  });
  return { reader, article, secret: reader.secret as string };
}
const epcOf = (i: number) => `AAAA00000000000000${String(i).padStart(6, '0')}`;
const impinjRead = (epc: string, antennaPort: number, second: number) => ({
  timestamp: `2024-03-12T09:15:${String(second).padStart(2, '0')}.000000Z`,
  hostname: 'impinj-test',
  eventType: 'tagInventory',
  tagInventoryEvent: { epcHex: epc, antennaPort, peakRssiCdbm: -5000 },
});

describe('reader authentication', () => {
  it('refuses unknown readers and wrong secrets with 401 and records nothing', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin);
    const random = secret.split('.')[1]!;
    const wrong = [
      undefined,
      bearer(`${reader.id}.wrong`),
      bearer(`999999.${random}`),
      bearer(random),
      `Basic ${Buffer.from(`${reader.id}:nope`).toString('base64')}`,
      `Basic ${Buffer.from(`${Number(reader.id) + 1}:${secret}`).toString('base64')}`,
    ];
    for (const auth of wrong) {
      const res = await post('impinj', impinjBatch, auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.json().code).toBe('invalid_reader_credentials');
    }
    // Even a malformed body gets 401 first: strangers learn nothing.
    expect((await post('zebra', { nope: true })).statusCode).toBe(401);
    expect(await movements(reader.id)).toEqual([]);
    const [row] = await platformRows<{ online: boolean }>(
      db(),
      sql`select online from readers where id = ${reader.id}`,
    );
    expect(row!.online).toBe(false);
    // Basic auth: user = reader id, password = the secret, with or without its id prefix; a rotated secret replaces the old one.
    expect(
      (await post('impinj', [], `Basic ${Buffer.from(`${reader.id}:${secret}`).toString('base64')}`)).statusCode,
    ).toBe(200);
    expect(
      (await post('impinj', [], `Basic ${Buffer.from(`${reader.id}:${random}`).toString('base64')}`)).statusCode,
    ).toBe(200);
    const rotated = await ok(admin, 'POST', `/readers/${reader.id}/rotate-secret`);
    expect((await post('impinj', [], bearer(secret))).statusCode).toBe(401);
    expect((await post('impinj', [], bearer(rotated.secret as string))).statusCode).toBe(200);
  });
});

describe('remembered reader credentials', () => {
  const setSecret = (readerId: number, random: string) =>
    platformRows(db(), sql`update readers set secret_hash = ${hashSecret(random)} where id = ${readerId}`);

  it('answers from memory, and forgets a row whose secret the batch finds changed', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin);
    let clock = 0;
    const auth = readerAuthenticator(db(), () => clock);
    const first = await auth.authenticate(bearer(secret));
    expect(first.id).toBe(reader.id);
    // Changed behind its back (as another process would): the remembered row still lets the request in…
    await setSecret(reader.id, 'changed-elsewhere');
    expect((await auth.authenticate(bearer(secret))).id).toBe(reader.id);
    // …until the batch's transaction holds it against the row: refused, forgotten, then the database decides.
    const [current] = await platformRows<{ secretHash: string }>(
      db(),
      sql`select secret_hash as "secretHash" from readers where id = ${reader.id}`,
    );
    expect(auth.stillValid(first, { ...first, secretHash: current!.secretHash })).toBe(false);
    await expect(auth.authenticate(bearer(secret))).rejects.toMatchObject({ status: 401 });
    expect((await auth.authenticate(bearer(`${reader.id}.changed-elsewhere`))).id).toBe(reader.id);
    // A reader gone from its tenant is forgotten too; and a remembered row expires.
    expect(auth.stillValid(first, undefined)).toBe(false);
    await auth.authenticate(bearer(`${reader.id}.changed-elsewhere`));
    await setSecret(reader.id, 'changed-again');
    clock += READER_CACHE_MS + 1;
    await expect(auth.authenticate(bearer(`${reader.id}.changed-elsewhere`))).rejects.toMatchObject({ status: 401 });
  });

  it('refuses the next batch of a secret changed in the database, records nothing, and takes the new one', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const epc = epcOf(900);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    // Remembered by the route's authentication.
    expect((await post('impinj', [], bearer(secret))).statusCode).toBe(200);
    await setSecret(reader.id, 'rotated-elsewhere');
    const crossing = [impinjRead(epc, 1, 0), impinjRead(epc, 2, 3)];
    const refused = await post('impinj', crossing, bearer(secret));
    expect(refused.statusCode, refused.body).toBe(401);
    expect(refused.json().code).toBe('invalid_reader_credentials');
    expect(await movements(reader.id)).toEqual([]);
    expect(await quantity(article.id)).toBe(5);
    const accepted = await post('impinj', crossing, bearer(`${reader.id}.rotated-elsewhere`));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await movements(reader.id)).map((m) => m.eventType)).toEqual(['OUT']);
    expect(await quantity(article.id)).toBe(4);
  });

  it("runs each batch with the reader's row as its transaction locked it: a changed antenna side applies at once", async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const epc = epcOf(901);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    expect((await post('impinj', [], bearer(secret))).statusCode).toBe(200);
    // The sides swapped straight in the database, the remembered row still has the old ones.
    await platformRows(
      db(),
      sql`update readers set antennas = '[{"port":1,"side":"outer"},{"port":2,"side":"inner"}]'::jsonb
          where id = ${reader.id}`,
    );
    const res = await post('impinj', [impinjRead(epc, 1, 0), impinjRead(epc, 2, 3)], bearer(secret));
    expect(res.statusCode, res.body).toBe(200);
    expect((await movements(reader.id)).map((m) => m.eventType)).toEqual(['IN']);
  });
});

describe('Impinj ingestion', () => {
  it('turns inner→outer into one OUT: stock down, unauthorized without attribution, notified after commit', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const epc = epcOf(1);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    notify.mockClear();
    // The tag sits on the inner antenna for a few reads, then crosses to the outer one.
    const batch = [
      impinjRead(epc, 1, 0),
      impinjRead(epc, 1, 1),
      impinjRead(epc, 1, 2),
      impinjRead(epc, 2, 4),
      impinjRead(epc, 2, 5),
    ];
    const res = await post('impinj', batch, bearer(secret));
    expect(res.statusCode, res.body).toBe(200);
    // Two presences (inner, then outer) make one movement.
    expect(res.json()).toEqual({ reads: 5, duplicates: 0, rejected: 0, presences: 2, movements: 1 });
    expect(await quantity(article.id)).toBe(4);
    const moves = await movements(reader.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ eventType: 'OUT', epc, isAuthorized: false, stockDelta: -1 });
    expect(moves[0]!.authorizationMessage).toMatch(/no active attribution/i);
    expect(moves[0]!.authorizationReason).toMatchObject({ code: 'not_covered' });
    // The stock moved through the one stock path: a movement with its reason and tag movement, and a log entry.
    const stock = await platformRows<Row>(
      db(),
      sql`select delta, quantity_after as after, reason_code as reason, source_type as "sourceType",
            source_id as "sourceId", note from stock_movements where article_id = ${article.id} order by id`,
    );
    expect(stock.at(-1)).toMatchObject({ delta: -1, after: 4, reason: 'rfid', sourceType: 'tag_movement' });
    expect(stock.at(-1)!.sourceId).toBe(moves[0]!.id);
    expect(stock.at(-1)!.note).toContain(epc);
    const [log] = await platformRows<Row>(
      db(),
      sql`select action, summary, changes from activity_log where entity = 'article' and entity_id = ${article.id}
          order by id desc limit 1`,
    );
    // The reason as its code, which the web names in the reader's language.
    expect(log).toMatchObject({
      action: 'decremented',
      changes: [
        { field: 'quantity', from: 5, to: 4 },
        { field: 'reasonCode', from: null, to: 'rfid' },
      ],
    });

    const [{ t: tenantId }] = (await platformRows<{ t: number }>(
      db(),
      sql`select tenant_id as t from readers where id = ${reader.id}`,
    )) as [{ t: number }];
    const calls = notify.mock.calls.filter((c) => c[1] === SocketEvents.sendNotification);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(tenantId);
    expect(calls[0]![2]).toMatchObject({
      isAuthorized: false,
      authorizationMessage: expect.stringMatching(/attribution/),
      authorizationReason: { code: 'not_covered', params: { missing: ['attribution', 'output', 'delivery_note'] } },
      updatedArticle: { id: article.id, Designation: article.designation },
      newTagMouvement: { id: moves[0]!.id, eventType: 'OUT', Reader: { id: reader.id, emplacement: reader.location } },
      result: { totalQuantity: expect.any(Number), totalValorization: expect.any(Number) },
    });
    // The first request of an offline reader announces it once.
    expect(notify.mock.calls.filter((c) => c[1] === SocketEvents.readerConnect)).toHaveLength(1);

    // The reader retries the same batch: nothing changes, nothing is announced.
    notify.mockClear();
    const retry = await post('impinj', batch, bearer(secret));
    expect(retry.json()).toEqual({ reads: 5, duplicates: 5, rejected: 0, presences: 0, movements: 0 });
    expect(await quantity(article.id)).toBe(4);
    expect(await movements(reader.id)).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();

    // Back in: outer then inner, a minute later.
    const back = [impinjRead(epc, 2, 40), impinjRead(epc, 1, 42)].map((e) => ({
      ...e,
      timestamp: e.timestamp.replace('09:15', '09:16'),
    }));
    expect((await post('impinj', back, bearer(secret))).json()).toMatchObject({ presences: 2, movements: 1 });
    expect(await quantity(article.id)).toBe(5);
    expect((await movements(reader.id)).map((m) => [m.eventType, m.stockDelta])).toEqual([
      ['OUT', -1],
      ['IN', 1],
    ]);
    const [tag] = await platformRows<Row>(
      db(),
      sql`select last_reader_id as r, last_location as l, in_stock as s from tags where epc = ${epc}`,
    );
    expect(tag).toMatchObject({ r: reader.id, l: reader.location, s: true });
  });

  it('authorizes an OUT covered by an attribution, and keeps a single side as unknown', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const [covered, alone] = [epcOf(2), epcOf(3)];
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [covered, alone] });
    const consumer = await ok(admin, 'POST', '/consumers', { name: 'Équipe montage' });
    await ok(admin, 'POST', '/attributions', {
      consumerId: consumer.id,
      articleId: article.id,
      startDate: '2024-01-01',
    });
    const res = await post(
      'impinj',
      [impinjRead(covered, 1, 0), impinjRead(covered, 2, 1), impinjRead(alone, 2, 0)],
      bearer(secret),
    );
    expect(res.statusCode, res.body).toBe(200);
    const moves = await movements(reader.id);
    expect(moves.map((m) => [m.epc, m.eventType, m.isAuthorized])).toEqual([
      [covered, 'OUT', true],
      [alone, 'unknown', null],
    ]);
    expect(moves[0]!.authorizationMessage).toBe('Authorized: attributed to Équipe montage');
    // The verdict is kept as a code too, for the tag logs in the user's language.
    expect(moves[0]!.authorizationReason).toMatchObject({ code: 'authorized', params: { cover: 'Équipe montage' } });
    expect(await quantity(article.id)).toBe(4);
  });

  it('answers 400 with the reason to a malformed body and records nothing of it', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin);
    const good = impinjRead(epcOf(4), 1, 0);
    const cases = [
      [good, { ...good, tagInventoryEvent: { epc: '%%%', antennaPort: 1 } }],
      [good, { eventType: 'tagInventory' }],
      { not: 'an array' },
    ];
    for (const body of cases) {
      const res = await post('impinj', body, bearer(secret));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
    const bad = await post(
      'impinj',
      [good, { ...good, tagInventoryEvent: { epc: '%%%', antennaPort: 1 } }],
      bearer(secret),
    );
    expect(bad.json()).toMatchObject({ code: 'invalid_reads', errors: [{ field: '1.tagInventoryEvent.epc' }] });
    expect(await movements(reader.id)).toEqual([]);
    const [keys] = await platformRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ingest_events where reader_id = ${reader.id}`,
    );
    expect(keys!.n).toBe(0);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: `${api}/ingest/impinj`,
      headers: { 'content-type': 'application/json', authorization: bearer(secret) },
      payload: '[{"timestamp":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses oversize bodies with 413', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { secret } = await setup(admin);
    const big = JSON.stringify(Array.from({ length: 60_000 }, (_, i) => impinjRead(epcOf(i), 1, i % 60)));
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/ingest/impinj`,
      headers: { 'content-type': 'application/json', authorization: bearer(secret) },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('Zebra ingestion', () => {
  it('takes one object or an array, heartbeats included, idempotent on reader + eventNum', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin, { vendor: 'zebra' });
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: ['3074257BF7194E4000001A85'] });
    const hb = await post('zebra', zebraHeartbeat, bearer(secret));
    expect(hb.statusCode, hb.body).toBe(200);
    expect(hb.json()).toEqual({ reads: 0, duplicates: 0, rejected: 0, presences: 0, movements: 0 });
    const [status] = await platformRows<{ online: boolean }>(
      db(),
      sql`select online from readers where id = ${reader.id}`,
    );
    expect(status!.online).toBe(true);

    const res = await post('zebra', zebraBatch, bearer(secret));
    expect(res.json()).toEqual({ reads: 2, duplicates: 0, rejected: 0, presences: 2, movements: 1 });
    expect((await movements(reader.id)).map((m) => m.eventType)).toEqual(['OUT']);
    expect(await quantity(article.id)).toBe(4);
    // The same eventNum again, alone: a duplicate.
    expect((await post('zebra', zebraBatch[1], bearer(secret))).json()).toMatchObject({ duplicates: 1, movements: 0 });
    const bad = await post(
      'zebra',
      [{ type: 'SIMPLE', timestamp: 'now', data: { idHex: '3074', antenna: 1 } }],
      bearer(secret),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('0.timestamp');
  });
});

describe('tenant isolation', () => {
  it('never lets a reader of one tenant move stock or tags of another', async () => {
    const demo = await ctx.token('admin@demo.test');
    const acme = await ctx.token('admin@acme.test');
    const { article } = await setup(demo);
    const epc = epcOf(9);
    await ok(demo, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    const { reader: acmeReader, secret: acmeSecret } = await setup(acme);
    const res = await post('impinj', [impinjRead(epc, 1, 0), impinjRead(epc, 2, 1)], bearer(acmeSecret));
    expect(res.statusCode).toBe(200);
    expect(await quantity(article.id)).toBe(5);
    const moves = await movements(acmeReader.id);
    // Recorded in the reader's tenant as an unregistered EPC: no tag, no stock, no alarm.
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ eventType: 'OUT', tagId: null, isAuthorized: null, stockDelta: 0 });
    const [tag] = await platformRows<Row>(db(), sql`select last_seen_at as s from tags where epc = ${epc}`);
    expect(tag!.s).toBeNull();
    const [acmeTenant] = await platformRows<{ t: number }>(
      db(),
      sql`select tenant_id as t from readers where id = ${acmeReader.id}`,
    );
    expect(moves[0]!.tenantId).toBe(acmeTenant!.t);
  });
});

describe('tag logs and tag dashboard', () => {
  it('lists movements newest first with eventType, unauthorized and search filters, behind the client id', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const [a, b, c] = [epcOf(21), epcOf(22), epcOf(23)];
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [a, b] });
    await post(
      'impinj',
      [impinjRead(a, 1, 0), impinjRead(a, 2, 1), impinjRead(b, 2, 10), impinjRead(b, 1, 11), impinjRead(c, 1, 20)],
      bearer(secret),
    );
    const [{ t: tenantId }] = (await platformRows<{ t: number }>(
      db(),
      sql`select tenant_id as t from readers where id = ${reader.id}`,
    )) as [{ t: number }];
    const logs = (query: string, token = admin) =>
      ctx.as(token, { method: 'GET', url: `${api}/redear/TagMouvement/${tenantId}?${query}` });
    const mine = await logs(`readerId=${reader.id}&page=1&limit=10`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().items.map((m: Row) => [m.epc, m.eventType])).toEqual([
      [c, 'unknown'],
      [b, 'IN'],
      [a, 'OUT'],
    ]);
    expect(mine.json().items[2]).toMatchObject({
      articleReference: article.reference,
      readerName: reader.name,
      location: reader.location,
      antenna: 2,
      rssi: -50,
      source: 'impinj',
      isAuthorized: false,
      stockDelta: -1,
      seenAt: '2024-03-12T09:15:01Z',
    });
    const outs = (await logs(`readerId=${reader.id}&eventType=OUT`)).json();
    expect(outs.items.map((m: Row) => m.epc)).toEqual([a]);
    const unauthorized = (
      await logs(`unauthorized=true&search=${encodeURIComponent(reader.location as string)}`)
    ).json();
    expect(unauthorized.items.map((m: Row) => m.epc)).toEqual([a]);
    expect((await logs(`search=${c.slice(-6)}`)).json().total).toBe(1);
    // The search also finds movements by their article (reference, designation) and reader name.
    const byArticle = (
      await logs(`readerId=${reader.id}&search=${encodeURIComponent(article.designation as string)}`)
    ).json();
    expect(byArticle.items.map((m: Row) => m.epc)).toEqual([b, a]);
    const byReader = (await logs(`search=${encodeURIComponent(reader.name as string)}`)).json();
    expect(byReader.total).toBe(3);
    const page2 = (await logs(`readerId=${reader.id}&limit=2&page=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.items.map((m: Row) => m.epc)).toEqual([a]);
    expect((await logs('eventType=sideways')).statusCode).toBe(400);
    // Read permission is enough; another tenant's client id is a 404.
    expect((await logs('', await ctx.token('viewer@demo.test'))).statusCode).toBe(200);
    expect((await logs('', await ctx.token('admin@acme.test'))).statusCode).toBe(404);

    const overview = await ok<Record<string, Record<string, number>>>(
      admin,
      'GET',
      `/dashboard/tags/overview/${tenantId}?startDate=2024-03-11&endDate=2024-03-13&note=${encodeURIComponent(reader.location as string)}`,
    );
    expect(overview.movements).toEqual({ in: 1, out: 1, unknown: 1, seen: 0, unauthorized: 1 });
    expect(overview.byDay).toEqual([
      { date: '2024-03-11', in: 0, out: 0, unauthorized: 0 },
      { date: '2024-03-12', in: 1, out: 1, unauthorized: 1 },
      { date: '2024-03-13', in: 0, out: 0, unauthorized: 0 },
    ]);
    expect(overview.tags!.total).toBeGreaterThanOrEqual(2);
    expect(overview.readers!.online).toBeGreaterThanOrEqual(1);
    const badPeriod = await ctx.as(admin, {
      method: 'GET',
      url: `${api}/dashboard/tags/overview/${tenantId}?startDate=2024-03-14&endDate=2024-03-13`,
    });
    expect(badPeriod.statusCode).toBe(400);

    await ok(admin, 'POST', '/tags', { epc: 'BBBB000000000000000000C1', status: 'inactive' });
    const nonActive = await ok<{ items: Row[] }>(admin, 'GET', `/dashboard/tags/non-active/${tenantId}`);
    expect(nonActive.items.map((t) => t.epc)).toContain('BBBB000000000000000000C1');
    expect(nonActive.items.every((t) => t.status === 'inactive')).toBe(true);
    const acme = await ctx.token('admin@acme.test');
    expect(
      (await ctx.as(acme, { method: 'GET', url: `${api}/dashboard/tags/non-active/${tenantId}` })).statusCode,
    ).toBe(404);
  });
});

describe('reader status', () => {
  it('goes offline after its timeout and back online on the next message, announcing each transition once', async () => {
    ctx.app.readerStatus.stop();
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin, { vendor: 'zebra' });
    notify.mockClear();
    await post('zebra', zebraHeartbeat, bearer(secret));
    await post('zebra', zebraHeartbeat, bearer(secret));
    const events = (name: string) =>
      notify.mock.calls.filter((c) => c[1] === name && (c[2] as Row).readerId === reader.id);
    expect(events(SocketEvents.readerConnect)).toHaveLength(1);
    expect((await ok(admin, 'GET', `/readers/${reader.id}`)).online).toBe(true);

    // Within the timeout (120 s by default) nothing happens; past it, one disconnect.
    // Last heard is on the database's clock (PGlite's follows the test's, PostgreSQL's is the real one).
    const now = await dbNow();
    await ctx.app.readerStatus.sweep(new Date(now + 60_000));
    expect(events(SocketEvents.readerDisconnect)).toHaveLength(0);
    await ctx.app.readerStatus.sweep(new Date(now + 121_000));
    await ctx.app.readerStatus.sweep(new Date(now + 300_000));
    expect(events(SocketEvents.readerDisconnect)).toHaveLength(1);
    expect(events(SocketEvents.readerDisconnect)[0]![2]).toMatchObject({
      readerId: reader.id,
      name: reader.name,
      emplacement: reader.location,
    });
    const offline = await ok(admin, 'GET', `/readers/${reader.id}`);
    expect(offline).toMatchObject({ online: false, lastHeardAt: expect.any(String) });

    // An empty Impinj batch is a sign of life too.
    await post('impinj', [], bearer(secret));
    expect(events(SocketEvents.readerConnect)).toHaveLength(2);
    expect(await ctx.app.readerStatus.markOffline(reader.id)).toBe(true);
    expect(await ctx.app.readerStatus.markOffline(reader.id)).toBe(false);
    expect(events(SocketEvents.readerDisconnect)).toHaveLength(2);
    ctx.app.readerStatus.start();
  });
});

describe('handheld sessions', () => {
  it('records a counting session once per session id, behind the terminal and its tenant', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { article } = await setup(admin);
    const known = epcOf(31);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [known] });
    const terminal = await ok(admin, 'POST', '/terminals', { model: 'MC3300', imei: '356938035640001' });
    const session = {
      sessionId: '8c1f2a4e-3b7d-4f3a-9e52-6a0d1c2b3e4f',
      imei: '356938035640001',
      location: 'Réserve B',
      reads: [
        { epc: known.toLowerCase(), firstSeenAt: '2024-03-12T10:00:05+01:00' },
        { epc: known, firstSeenAt: '2024-03-12T10:00:01+01:00' },
        { epc: 'CCCC00000000000000000001', firstSeenAt: '2024-03-12T10:00:07+01:00' },
      ],
    };
    const first = await ok(admin, 'POST', '/terminals/sessions', session);
    expect(first).toEqual({ sessionId: session.sessionId, reads: 2, known: 1, unknown: 1, duplicate: false });
    const again = await ok(admin, 'POST', '/terminals/sessions', session);
    expect(again).toEqual({ ...first, duplicate: true });
    const moves = await platformRows<Row>(
      db(),
      sql`select epc, event_type as "eventType", source, location, stock_delta as "stockDelta", seen_at as "seenAt"
          from tag_movements where terminal_id = ${terminal.id} order by epc`,
    );
    expect(moves.map((m) => [m.epc, m.eventType, m.source, m.location, m.stockDelta])).toEqual([
      [known, 'seen', 'handheld', 'Réserve B', 0],
      ['CCCC00000000000000000001', 'seen', 'handheld', 'Réserve B', 0],
    ]);
    expect(new Date(moves[0]!.seenAt as string).toISOString()).toBe('2024-03-12T09:00:01.000Z');
    const tag = (await ok<{ items: Row[] }>(admin, 'GET', `/tags?search=${known}`)).items[0]!;
    expect(tag).toMatchObject({ lastLocation: 'Réserve B', lastReaderId: null, lastSeenAt: '2024-03-12T09:00:01Z' });
    expect((await ok(admin, 'GET', `/terminals/${terminal.id}`)).lastSyncAt).toEqual(expect.any(String));
    expect(await quantity(article.id)).toBe(5);

    const post2 = (body: object, token: string) =>
      ctx.as(token, { method: 'POST', url: `${api}/terminals/sessions`, payload: body });
    const other = { ...session, sessionId: '9d2f2a4e-3b7d-4f3a-9e52-6a0d1c2b3e4f' };
    const unknownImei = await post2({ ...other, imei: '356938035649999' }, admin);
    expect(unknownImei.statusCode).toBe(400);
    expect(unknownImei.json().errors[0].field).toBe('imei');
    // Another tenant does not see this terminal; a read-only user may not upload.
    expect((await post2(other, await ctx.token('admin@acme.test'))).statusCode).toBe(400);
    expect((await post2(other, await ctx.token('viewer@demo.test'))).statusCode).toBe(403);
    expect((await post2({ ...other, reads: [] }, admin)).statusCode).toBe(400);
    expect((await post2({ ...other, sessionId: 'not-a-uuid' }, admin)).statusCode).toBe(400);
    // A terminal assigned to someone else refuses the upload.
    const mobile = (await ok<{ items: Row[] }>(admin, 'GET', '/users?search=mobile')).items[0]!;
    await ok(admin, 'PUT', `/terminals/${terminal.id}`, {
      model: 'MC3300',
      imei: '356938035640001',
      userId: mobile.id,
    });
    const assigned = await post2(other, admin);
    expect(assigned.statusCode).toBe(403);
    expect(assigned.json().code).toBe('terminal_not_assigned');
  });
});

describe('MQTT messages', () => {
  it('feed the same pipeline: status connect and last will, Impinj and Zebra events; bad messages are dropped', async () => {
    ctx.app.readerStatus.stop();
    const admin = await ctx.token('admin@demo.test');
    const { reader, article } = await setup(admin);
    const epc = epcOf(41);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    const handle = createMqttHandler(db(), createIngestService(db(), ctx.app.realtime), ctx.app.readerStatus);
    const topic = (kind: string) => `tagstock/readers/${reader.id}/${kind}`;
    const events = (name: string) =>
      notify.mock.calls.filter((c) => c[1] === name && (c[2] as Row).readerId === reader.id);
    notify.mockClear();

    expect(await handle(topic('status'), Buffer.from('online'))).toMatchObject({ ok: true, kind: 'status' });
    expect(events(SocketEvents.readerConnect)).toHaveLength(1);
    // The Impinj MQTT stream publishes one event per message.
    expect(await handle(topic('impinj'), Buffer.from(JSON.stringify(impinjRead(epc, 1, 0))))).toMatchObject({
      ok: true,
      reads: 1,
    });
    expect(await handle(topic('impinj'), Buffer.from(JSON.stringify([impinjRead(epc, 2, 1)])))).toMatchObject({
      ok: true,
    });
    const moves = await movements(reader.id);
    expect(moves.map((m) => m.eventType)).toEqual(['OUT']);
    expect(await quantity(article.id)).toBe(4);
    expect(await handle(topic('zebra'), Buffer.from(JSON.stringify(zebraHeartbeat)))).toMatchObject({
      ok: true,
      reads: 0,
    });

    expect(await handle(topic('status'), Buffer.from('{"status":"offline"}'))).toMatchObject({ ok: true });
    expect(events(SocketEvents.readerDisconnect)).toHaveLength(1);
    for (const [t, body] of [
      ['tagstock/readers/x/impinj', '[]'],
      ['tagstock/readers/999999/impinj', '[]'],
      [topic('impinj'), '{not json'],
      [topic('impinj'), '{"foo":1}'],
      [topic('zebra'), JSON.stringify({ type: 'SIMPLE', timestamp: 'later', data: { idHex: epc, antenna: 1 } })],
      [topic('status'), 'sleepy'],
    ] as const) {
      expect((await handle(t, Buffer.from(body))).ok, `${t} ${body}`).toBe(false);
    }
    expect(await movements(reader.id)).toHaveLength(1);
    ctx.app.readerStatus.start();
  });
});

describe('concurrency', () => {
  it('moves the stock of a tag seen leaving by two gates at the same moment only once', async () => {
    const admin = await ctx.token('admin@demo.test');
    const first = await setup(admin);
    const second = await setup(admin);
    const epc = epcOf(61);
    await ok(admin, 'POST', '/tags/bind', { articleId: first.article.id, epcs: [epc] });
    const walk = [impinjRead(epc, 1, 0), impinjRead(epc, 2, 2)];
    const answers = await Promise.all([
      post('impinj', walk, bearer(first.secret)),
      post('impinj', walk, bearer(second.secret)),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const outs = [...(await movements(first.reader.id)), ...(await movements(second.reader.id))];
    expect(outs.map((m) => m.eventType)).toEqual(['OUT', 'OUT']);
    expect(outs.map((m) => m.stockDelta).sort()).toEqual([-1, 0]);
    expect(await quantity(first.article.id)).toBe(4);
  });
});

describe('de-duplication state over time', () => {
  it('keeps a retried walk-out idempotent after its presences were forgotten, through the keys of starting reads', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const epc = epcOf(51);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    const batch = [impinjRead(epc, 1, 0), impinjRead(epc, 1, 1), impinjRead(epc, 2, 3)];
    expect((await post('impinj', batch, bearer(secret))).json()).toMatchObject({ presences: 2, movements: 1 });
    // Only the reads that started a presence left a key: the rest are covered by the presence state.
    const keys = await platformRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ingest_events where reader_id = ${reader.id}`,
    );
    expect(keys[0]!.n).toBe(2);
    await platformRows(db(), sql`delete from tag_presences where reader_id = ${reader.id}`);
    const retry = await post('impinj', batch, bearer(secret));
    expect(retry.json()).toEqual({ reads: 3, duplicates: 2, rejected: 0, presences: 1, movements: 1 });
    // The forgotten middle read starts a presence again (an 'unknown' movement), but no second OUT and no stock.
    const moves = await movements(reader.id);
    expect(moves.filter((m) => m.eventType === 'OUT')).toHaveLength(1);
    expect(await quantity(article.id)).toBe(4);
  });

  it('prunes presences a day after they were last seen and idempotency keys after two days', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin);
    await post('impinj', [impinjRead(epcOf(52), 1, 0), impinjRead(epcOf(53), 1, 0)], bearer(secret));
    const count = async () =>
      (
        await platformRows<{ p: number; k: number }>(
          db(),
          sql`select (select count(*)::int from tag_presences where reader_id = ${reader.id}) as p,
                     (select count(*)::int from ingest_events where reader_id = ${reader.id}) as k`,
        )
      )[0]!;
    expect(await count()).toEqual({ p: 2, k: 2 });
    const retention = createRetention(db(), { error: () => undefined });
    // A day and an hour later the presences are stale; the keys are kept another day.
    const now = await dbNow();
    await retention.prune(new Date(now + 25 * 3_600_000));
    expect(await count()).toEqual({ p: 0, k: 2 });
    await retention.prune(new Date(now + 49 * 3_600_000));
    expect(await count()).toEqual({ p: 0, k: 0 });
  });

  it('folds a shelf of dwelling tags into one presence each, whatever the number of repeats', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, secret } = await setup(admin, { role: 'storage' });
    const shelf = Array.from({ length: 40 }, (_, i) => epcOf(100 + i));
    const reads = (second: number) => shelf.flatMap((epc) => [impinjRead(epc, 1, second), impinjRead(epc, 1, second)]);
    expect((await post('impinj', [...reads(0), ...reads(1)], bearer(secret))).json()).toEqual({
      reads: 160,
      duplicates: 80,
      rejected: 0,
      presences: 40,
      movements: 40,
    });
    // Later repeats extend the presences: nothing new is recorded.
    expect((await post('impinj', reads(5), bearer(secret))).json()).toEqual({
      reads: 80,
      duplicates: 40,
      rejected: 0,
      presences: 0,
      movements: 0,
    });
    expect(await movements(reader.id)).toHaveLength(40);
  });
});

describe('reader clocks and authentication order', () => {
  it('drops reads stamped far in the future or the past, counts them, and keeps the good reads', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    const epc = epcOf(71);
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs: [epc] });
    const at = (timestamp: string, antennaPort: number) => ({ ...impinjRead(epc, antennaPort, 0), timestamp });
    // A reader with a bad clock: one read in 2100, one from two weeks ago (a year out of 1900–2200 is a 400); a good read in the same batch is kept.
    const bad = await post(
      'impinj',
      [at('2100-01-01T00:00:00Z', 1), at('2024-02-27T09:15:00Z', 1), impinjRead(epcOf(72), 1, 0)],
      bearer(secret),
    );
    expect(bad.json()).toEqual({ reads: 3, duplicates: 0, rejected: 2, presences: 1, movements: 1 });
    // The future read left no presence behind: a real walk-out of that tag is still an OUT.
    const walk = await post('impinj', [impinjRead(epc, 1, 10), impinjRead(epc, 2, 12)], bearer(secret));
    expect(walk.json()).toEqual({ reads: 2, duplicates: 0, rejected: 0, presences: 2, movements: 1 });
    expect((await movements(reader.id)).filter((m) => m.epc === epc).map((m) => m.eventType)).toEqual(['OUT']);
    expect(await quantity(article.id)).toBe(4);
  });

  it('authenticates the reader before reading the body: invalid JSON from a stranger is a 401', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { secret } = await setup(admin);
    const raw = (authorization?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${api}/ingest/impinj`,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: '[{"not json',
      });
    const stranger = await raw();
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe('invalid_reader_credentials');
    expect((await raw(bearer('1.wrong'))).statusCode).toBe(401);
    // The reader itself gets the parse error.
    expect((await raw(bearer(secret))).statusCode).toBe(400);
  });
});

describe('exit authorization', () => {
  it('filters attributions by the tenant of the exit itself, not by row-level security alone', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { article } = await setup(admin);
    const consumer = await ok(admin, 'POST', '/consumers', { name: 'Équipe isolation' });
    await ok(admin, 'POST', '/attributions', {
      consumerId: consumer.id,
      articleId: article.id,
      startDate: '2024-01-01',
    });
    const tenants = await platformRows<{ id: number; name: string }>(db(), sql`select id, name from tenants`);
    const idOf = (name: string) => tenants.find((t) => t.name === name)!.id;
    const exit = (tenantId: number) => ({
      tenantId,
      tagId: 0,
      articleId: article.id,
      categoryId: null,
      at: new Date(),
    });
    // As the table owner (no row-level security), the explicit filter is the only wall.
    const [own, other] = await authorizeExits(ctx.database.owner, [exit(idOf('Demo')), exit(idOf('Acme'))]);
    expect(own!.isAuthorized).toBe(true);
    expect(other!.isAuthorized).toBe(false);
  });
});

describe('batches of many walk-outs', () => {
  it('decides each walk-out of one article on its own, in the batch after its inner side, with exact stock', async () => {
    const admin = await ctx.token('admin@demo.test');
    const { reader, article, secret } = await setup(admin);
    // Seven tags of an article with 5 in stock: the sixth and seventh walk out with no stock left to take.
    const epcs = Array.from({ length: 7 }, (_, i) => epcOf(81 + i));
    await ok(admin, 'POST', '/tags/bind', { articleId: article.id, epcs });
    const tags = await platformRows<{ id: number; epc: string }>(
      db(),
      sql`select id, epc from tags where epc = any(${`{${epcs.join(',')}}`}::text[]) order by epc`,
    );
    const consumer = await ok(admin, 'POST', '/consumers', { name: 'Équipe lots' });
    // The third tag alone is attributed: one authorized exit among refused ones of the same article.
    await ok(admin, 'POST', '/attributions', { consumerId: consumer.id, tagId: tags[2]!.id, startDate: '2024-01-01' });
    notify.mockClear();
    // Their inner sides in one batch (unknown movements), their outer sides in the next (seven OUTs decided at once).
    const inner = await post(
      'impinj',
      epcs.map((e, i) => impinjRead(e, 1, i)),
      bearer(secret),
    );
    expect(inner.json()).toMatchObject({ presences: 7, movements: 7 });
    const outer = await post(
      'impinj',
      epcs.map((e, i) => impinjRead(e, 2, 10 + i)),
      bearer(secret),
    );
    expect(outer.json()).toMatchObject({ presences: 7, movements: 7 });

    const moves = await movements(reader.id);
    expect(moves.map((m) => [m.epc, m.eventType, m.isAuthorized, m.stockDelta])).toEqual(
      epcs.map((e, i) => [e, 'OUT', i === 2, i < 5 ? -1 : 0]),
    );
    expect(await quantity(article.id)).toBe(0);
    const stock = await platformRows<{ delta: number; after: number; sourceId: number }>(
      db(),
      sql`select delta, quantity_after as after, source_id as "sourceId" from stock_movements
          where article_id = ${article.id} and reason_code = 'rfid' order by id`,
    );
    expect(stock.map((s) => [s.delta, s.after])).toEqual([4, 3, 2, 1, 0].map((after) => [-1, after]));
    expect(stock.map((s) => s.sourceId)).toEqual(moves.slice(0, 5).map((m) => m.id));
    const inStock = await platformRows<{ epc: string; s: boolean }>(
      db(),
      sql`select epc, in_stock as s from tags where epc = any(${`{${epcs.join(',')}}`}::text[]) order by epc`,
    );
    expect(inStock.every((t) => !t.s)).toBe(true);

    // One notification per walk-out, in order, each with its own verdict and the totals after the batch.
    const notices = notify.mock.calls.filter((c) => c[1] === SocketEvents.sendNotification).map((c) => c[2]);
    expect(notices.map((x) => (x as { newTagMouvement: { id: number } }).newTagMouvement.id)).toEqual(
      moves.map((m) => m.id),
    );
    expect(notices.map((x) => (x as { isAuthorized: boolean }).isAuthorized)).toEqual(epcs.map((_, i) => i === 2));
    expect(notices[2]).toMatchObject({ authorizationReason: { code: 'authorized', params: { cover: 'Équipe lots' } } });
    const totals = new Set(notices.map((x) => JSON.stringify((x as { result: unknown }).result)));
    expect(totals.size).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INVENTORY_STATUSES,
  type TGaps,
  type TInventory,
  type TInventoryLine,
  type TInventoryTag,
  type TList,
  type TLostArticle,
} from '@tagstock/contract';
import { describeDocumentType } from '../../test/document-kit';
import { apiCalls, platformRows, setupTestApp } from '../../test/helper';
import { inventoryType } from './inventories.service';

const ctx = await setupTestApp();
const tokens = { admin: '', otherTenant: '', reader: '' };
const { call, ok } = apiCalls<TInventory>(ctx, () => tokens.admin);
const db = () => ctx.database.db;

const epc = (i: number) => `1A0000000000000000${String(i).padStart(6, '0')}`;
const IMEI = '356938035643901';
let category = 0;
let otherCategory = 0;
let tagged = 0;
let untagged = 0;
let outside = 0;
let reader = { id: 0, secret: '' };

const quantity = async (articleId: number) =>
  (await platformRows<{ q: number }>(db(), sql`select quantity as q from articles where id = ${articleId}`))[0]!.q;
const start = (id: number) => ok('POST', `/inventories/${id}/status`, { status: 'started' });
const upload = (epcs: string[], sessionId = randomUUID(), location = 'Réserve inventaire') =>
  ok<{ reads: number; duplicate: boolean }>('POST', '/terminals/sessions', {
    sessionId,
    imei: IMEI,
    location,
    reads: epcs.map((e) => ({ epc: e, firstSeenAt: new Date().toISOString() })),
  });
const lines = (id: number, gap = 'all') =>
  ok<TList<TInventoryLine>>('GET', `/inventories/${id}/lines?gap=${gap}&limit=100`);
const lineOf = async (id: number, articleId: number) => (await lines(id)).items.find((l) => l.articleId === articleId)!;

beforeAll(async () => {
  [tokens.admin, tokens.otherTenant, tokens.reader] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  category = (await ok<{ id: number }>('POST', '/categories', { name: 'Inventaire textile' })).id;
  otherCategory = (await ok<{ id: number }>('POST', '/categories', { name: 'Inventaire hors périmètre' })).id;
  const article = async (reference: string, initialQuantity: number, categoryId: number) =>
    (
      await ok<{ id: number }>('POST', '/articles', {
        reference,
        designation: `Article ${reference}`,
        priceHt: '20.00',
        unitPrice: '12.50',
        vatRate: '20',
        stockAlert: 0,
        initialQuantity,
        categoryId,
      })
    ).id;
  tagged = await article('INV-TAGGED', 4, category);
  untagged = await article('INV-LOOSE', 10, category);
  outside = await article('INV-OUTSIDE', 2, otherCategory);
  await ok('POST', '/tags/bind', { articleId: tagged, epcs: [1, 2, 3, 4].map(epc) });
  await ok('POST', '/tags/bind', { articleId: outside, epcs: [9].map(epc) });
  await ok('POST', '/terminals', { model: 'TC21', imei: IMEI });
  const r = await ok<{ id: number; secret: string }>('POST', '/readers', {
    name: 'Réserve inventaire',
    vendor: 'impinj',
    location: 'Réserve inventaire',
    role: 'storage',
    antennas: [{ port: 1, side: 'none' }],
  });
  reader = { id: r.id, secret: r.secret };
});

describeDocumentType(inventoryType, {
  ctx,
  path: '/inventories',
  statuses: INVENTORY_STATUSES,
  bodyStatuses: ['started', 'finished', 'canceled'],
  tokens: () => tokens,
  body: () => ({ scope: { kind: 'categories', ids: [otherCategory] } }),
});

describe('inventories', () => {
  it('counts a category: handheld sessions (twice = once), manual counts, gaps; finishing applies them once', async () => {
    const draft = await ok('POST', '/inventories', { scope: { kind: 'categories', ids: [category] }, notes: 'Annuel' });
    expect(draft).toMatchObject({
      status: 'draft',
      scopeNames: ['Inventaire textile'],
      number: expect.stringMatching(/^INV-/),
    });
    const inv = await start(draft.id);
    expect(inv).toMatchObject({ status: 'started', totals: { articles: 2, theoretical: 14, tagsExpected: 4 } });

    // Three of the four tags, one tag of an article outside the scope, one EPC bound to nothing; the same upload
    // sent twice, and one of its EPCs in a second session, count once.
    const sessionId = randomUUID();
    const reads = [epc(1), epc(2), epc(3), epc(9), epc(77)];
    expect(await upload(reads, sessionId)).toMatchObject({ reads: 5, duplicate: false });
    expect(await upload(reads, sessionId)).toMatchObject({ duplicate: true });
    await upload([epc(1)]);
    const counted = await ok('GET', `/inventories/${inv.id}`);
    expect(counted.totals).toMatchObject({ tagsFound: 3, tagsMissing: 1, tagsUnexpected: 1, tagsUnknown: 1 });
    expect(await lineOf(inv.id, tagged)).toMatchObject({ theoretical: 4, counted: 3, gap: -1, gapValue: '-12.50' });
    // Nothing counted the untagged article yet: no gap; typed: 8 of 10.
    expect(await lineOf(inv.id, untagged)).toMatchObject({ isCounted: false, gap: 0 });
    await ok('POST', `/inventories/${inv.id}/counts`, { lines: [{ articleId: untagged, quantity: 8 }] });
    expect(await lineOf(inv.id, untagged)).toMatchObject({ counted: 8, gap: -2, gapValue: '-25.00', manual: 8 });
    expect((await lines(inv.id, 'missing')).total).toBe(2);
    expect((await lines(inv.id, 'surplus')).total).toBe(0);
    const tags = await ok<TList<TInventoryTag>>('GET', `/inventories/${inv.id}/tags?articleId=${tagged}&state=missing`);
    expect(tags.items.map((t) => t.epc)).toEqual([epc(4)]);
    // An article outside the inventory takes no count.
    expect(
      (await call('POST', `/inventories/${inv.id}/counts`, { lines: [{ articleId: outside, quantity: 1 }] }))
        .statusCode,
    ).toBe(400);

    // Rescanning a line: its sightings so far no longer count; a new pass does.
    expect(await ok('POST', `/inventories/${inv.id}/lines/${tagged}/rescan`)).toMatchObject({ counted: 0, gap: -4 });
    await upload([epc(1), epc(2), epc(3)]);
    expect(await lineOf(inv.id, tagged)).toMatchObject({ counted: 3, gap: -1 });

    const xlsx = await call('GET', `/inventories/${inv.id}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await call('GET', `/inventories/${inv.id}/pdf?language=fr`);
    expect(pdf.statusCode).toBe(200);

    // Finishing with adjustments: 4 → 3 and 10 → 8, once; a retry is refused and moves nothing.
    const done = await ok('POST', `/inventories/${inv.id}/status`, { status: 'finished', applyAdjustments: true });
    expect(done).toMatchObject({ status: 'finished', finishedAt: expect.any(String), adjustedAt: expect.any(String) });
    expect([await quantity(tagged), await quantity(untagged)]).toEqual([3, 8]);
    const retry = await call('POST', `/inventories/${inv.id}/status`, { status: 'finished', applyAdjustments: true });
    expect(retry.statusCode).toBe(409);
    expect([await quantity(tagged), await quantity(untagged)]).toEqual([3, 8]);
    // Frozen: a later upload changes nothing, counts are refused.
    await upload([epc(78)]);
    expect((await ok('GET', `/inventories/${inv.id}`)).totals.tagsUnknown).toBe(1);
    expect(
      (await call('POST', `/inventories/${inv.id}/counts`, { lines: [{ articleId: untagged, quantity: 10 }] }))
        .statusCode,
    ).toBe(409);

    // Gaps by article, category and attribution.
    const byArticle = await ok<TGaps>('GET', `/gaps?inventoryId=${inv.id}&by=article`);
    expect(byArticle.rows.map((r) => [r.key, r.gap, r.gapValue])).toEqual([
      [untagged, -2, '-25.00'],
      [tagged, -1, '-12.50'],
    ]);
    const byCategory = await ok<TGaps>('GET', `/gaps?inventoryId=${inv.id}&by=category`);
    expect(byCategory.rows).toEqual([
      expect.objectContaining({ key: category, label: 'Inventaire textile', gap: -3, gapValue: '-37.50' }),
    ]);
    const byHolder = await ok<TGaps>('GET', `/gaps?inventoryId=${inv.id}&by=attribution`);
    expect(byHolder.rows).toEqual([expect.objectContaining({ key: null, label: '', gap: -3 })]);

    // The missing tag is suspected lost; confirmed, its unit is written off; a reader seeing it finds it again.
    const suspected = await ok<TList<TLostArticle>>('GET', '/lost-articles?status=suspected&search=' + epc(4));
    expect(suspected.items).toEqual([
      expect.objectContaining({ epc: epc(4), cause: 'inventory', missedInventories: 1, inventoryId: inv.id }),
    ]);
    const tagId = suspected.items[0]!.tagId;
    expect(await ok('POST', `/lost-articles/${tagId}/status`, { status: 'lost' })).toMatchObject({ status: 'lost' });
    expect(await quantity(tagged)).toBe(2);
    expect((await call('POST', `/lost-articles/${tagId}/status`, { status: 'lost' })).statusCode).toBe(409);
    const seen = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/ingest/impinj',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.secret}` },
      payload: JSON.stringify([
        {
          timestamp: new Date().toISOString(),
          hostname: 'impinj-inventaire',
          eventType: 'tagInventory',
          tagInventoryEvent: { epcHex: epc(4), antennaPort: 1, peakRssiCdbm: -5000 },
        },
      ]),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const found = await ok<TList<TLostArticle>>('GET', '/lost-articles?status=found&search=' + epc(4));
    expect(found.items).toEqual([expect.objectContaining({ tagId, status: 'found', foundAt: expect.any(String) })]);
    expect(await quantity(tagged)).toBe(3);

    // Dashboard widgets: the last finished inventory.
    const me = {
      tenantId: (await platformRows<{ id: number }>(db(), sql`select id from tenants where name = 'Demo'`))[0]!.id,
    };
    const w = (path: string) => ok<unknown>('GET', `/dashboard/${path}/${me.tenantId}`);
    expect(await w('sum-ecart')).toMatchObject({ inventoryId: inv.id, missing: 3, surplus: 0, gap: -3 });
    expect(await w('sum-ecart-en-valeur')).toMatchObject({ missingValue: '37.50', gapValue: '-37.50' });
    expect(await ok('GET', `/dashboard/client/${me.tenantId}/latest-inventaire-count`)).toMatchObject({
      theoretical: 14,
      counted: 11,
    });
    expect(await w('ecartAttribution')).toHaveLength(1);
    expect(await w('getinventory')).toEqual(expect.arrayContaining([expect.objectContaining({ inventoryId: inv.id })]));
    expect((await call('GET', `/dashboard/sum-ecart/${me.tenantId}`, undefined, tokens.otherTenant)).statusCode).toBe(
      404,
    );
  });

  it('a location counts the tags last seen there; a tag expected there and seen elsewhere is unexpected', async () => {
    await platformRows(
      db(),
      sql`update tags set last_location = case when epc in (${epc(1)}, ${epc(2)}) then 'Réserve inventaire' end,
            in_stock = true where epc in (${epc(1)}, ${epc(2)}, ${epc(3)}, ${epc(4)}, ${epc(9)})`,
    );
    const inv = await start((await ok('POST', '/inventories', { scope: { kind: 'location', ids: [reader.id] } })).id);
    expect(inv.totals).toMatchObject({ tagsExpected: 2, theoretical: 2 });
    await upload([epc(1), epc(3)]);
    await upload([epc(2)], randomUUID(), 'Ailleurs');
    expect((await ok('GET', `/inventories/${inv.id}`)).totals).toMatchObject({
      tagsFound: 1,
      tagsMissing: 1,
      tagsUnexpected: 1,
    });
    await ok('POST', `/inventories/${inv.id}/status`, { status: 'canceled' });
  });

  it('refuses bad input, another tenant and a user without the permission', async () => {
    expect((await call('POST', '/inventories', { scope: { kind: 'categories' } })).statusCode).toBe(400);
    expect((await call('POST', '/inventories', { scope: { kind: 'nowhere' } })).statusCode).toBe(400);
    expect((await call('POST', '/inventories', { scope: { kind: 'location', ids: [2_147_483_647] } })).statusCode).toBe(
      400,
    );
    const acmeCategory = (await ok<{ id: number }>('POST', '/categories', { name: 'Acme inv' }, tokens.otherTenant)).id;
    expect(
      (await call('POST', '/inventories', { scope: { kind: 'categories', ids: [acmeCategory] } })).statusCode,
    ).toBe(400);
    const inv = await ok('POST', '/inventories', { scope: { kind: 'all' } });
    for (const path of ['', '/lines', '/tags', '/export'])
      expect((await call('GET', `/inventories/${inv.id}${path}`, undefined, tokens.otherTenant)).statusCode).toBe(404);
    expect((await call('GET', `/inventories/${inv.id}/lines?gap=half`)).statusCode).toBe(400);
    expect((await call('GET', `/gaps?by=supplier`)).statusCode).toBe(400);
    expect((await call('GET', `/gaps?inventoryId=${inv.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/lost-articles?status=gone`)).statusCode).toBe(400);
    expect((await call('POST', `/lost-articles/2147483647/status`, { status: 'lost' })).statusCode).toBe(404);
    expect((await call('PUT', '/lost-articles/settings', { missedInventories: 0, unseenDays: 5 })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/inventories/${inv.id}/counts`, { lines: [] })).statusCode).toBe(400);
    expect(
      (await call('POST', `/inventories/${inv.id}/counts`, { lines: [{ articleId: untagged, quantity: 1 }] }))
        .statusCode,
    ).toBe(409);
    for (const [method, path, body] of [
      ['POST', `/inventories/${inv.id}/counts`, { lines: [{ articleId: untagged, quantity: 1 }] }],
      ['POST', `/inventories/${inv.id}/lines/${untagged}/rescan`, undefined],
      ['PUT', '/lost-articles/settings', { missedInventories: 2, unseenDays: 30 }],
      ['POST', `/lost-articles/1/status`, { status: 'found' }],
    ] as const)
      expect((await call(method, path, body, tokens.reader)).statusCode).toBe(403);
    expect((await call('GET', `/gaps`, undefined, tokens.reader)).statusCode).toBe(200);
    await ok('DELETE', `/inventories/${inv.id}`);
  });

  it('settings: N inventories in a row before a tag is suspected; X days unseen suspects it too', async () => {
    expect(await ok('PUT', '/lost-articles/settings', { missedInventories: 2, unseenDays: 30 })).toEqual({
      missedInventories: 2,
      unseenDays: 30,
    });
    const shelf = (await ok<{ id: number }>('POST', '/categories', { name: 'Inventaire règles' })).id;
    const article = await ok<{ id: number }>('POST', '/articles', {
      reference: 'INV-RULES',
      designation: 'Article des règles',
      priceHt: '5.00',
      vatRate: '20',
      stockAlert: 0,
      initialQuantity: 1,
      categoryId: shelf,
    });
    await ok('POST', '/tags/bind', { articleId: article.id, epcs: [epc(50)] });
    const run = async () => {
      const inv = await start((await ok('POST', '/inventories', { scope: { kind: 'categories', ids: [shelf] } })).id);
      await ok('POST', `/inventories/${inv.id}/status`, { status: 'finished' });
    };
    const suspectedOf = async () =>
      (await ok<TList<TLostArticle>>('GET', `/lost-articles?status=suspected&search=${epc(50)}`)).items;
    await run();
    expect(await suspectedOf()).toEqual([]);
    await run();
    expect(await suspectedOf()).toEqual([expect.objectContaining({ missedInventories: 2, cause: 'inventory' })]);
    await ok('POST', `/lost-articles/${(await suspectedOf())[0]!.tagId}/status`, { status: 'found' });
    await platformRows(db(), sql`update tags set last_seen_at = now() - interval '31 days' where epc = ${epc(50)}`);
    expect(await suspectedOf()).toEqual([expect.objectContaining({ cause: 'unseen' })]);
    await ok('PUT', '/lost-articles/settings', { missedInventories: 1, unseenDays: 90 });
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_STATUSES, type TOutput } from '@tagstock/contract';
import { withPlatform } from '../../db/client';
import { describeDocumentType } from '../../test/document-kit';
import { apiCalls, platformRows, setupTestApp, statementCounter } from '../../test/helper';
import { authorizeExits } from '../ingest/authorization';
import { outputType } from './outputs.service';

const statements = statementCounter();
const ctx = await setupTestApp({}, { logQuery: statements.logQuery });
const db = ctx.database.db;
const tokens = { admin: '', otherTenant: '', reader: '' };
const { call, ok } = apiCalls<TOutput>(ctx, () => tokens.admin);

const today = new Date().toISOString().slice(0, 10);
let tenantId = 0;
let reasonId = 0;
let incrementReason = 0;
let consumerId = 0;
let customerId = 0;
let plenty = 0;
let tagged = 0;
const epc = (i: number) => `BB0000000000000000${String(i).padStart(6, '0')}`;

const stockOf = async (id: number) => (await ok<{ quantity: number }>('GET', `/articles/${id}`)).quantity;
const tagInStock = async (value: string) =>
  (await platformRows<{ inStock: boolean }>(db, sql`select in_stock as "inStock" from tags where epc = ${value}`))[0]!
    .inStock;
const body = (lines: object[], extra: object = {}) => ({ reasonId, outputDate: today, consumerId, lines, ...extra });

beforeAll(async () => {
  [tokens.admin, tokens.otherTenant, tokens.reader] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  reasonId = (await ok<{ id: number }>('POST', '/reasons', { label: 'Perte en sortie', kind: 'decrement' })).id;
  incrementReason = (await ok<{ id: number }>('POST', '/reasons', { label: 'Entrée en sortie', kind: 'increment' })).id;
  consumerId = (await ok<{ id: number }>('POST', '/consumers', { name: 'Atelier peinture', kind: 'service' })).id;
  customerId = (await ok<{ id: number }>('POST', '/customers', { name: 'Client sorties' })).id;
  const article = (reference: string, initialQuantity: number) =>
    ok<{ id: number }>('POST', '/articles', {
      reference,
      designation: `Article ${reference}`,
      priceHt: '12.00',
      vatRate: '20',
      stockAlert: 0,
      initialQuantity,
    });
  plenty = (await article('OUT-STOCK', 100_000)).id;
  tagged = (await article('OUT-TAGGED', 10)).id;
  for (const i of [1, 2, 3]) await ok('POST', '/tags', { epc: epc(i), articleId: tagged });
  tenantId = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`))[0]!.id;
});

describeDocumentType(outputType, {
  ctx,
  path: '/outputs',
  statuses: OUTPUT_STATUSES,
  bodyStatuses: ['validated', 'canceled'],
  tokens: () => tokens,
  body: (lines = 1) => body(Array.from({ length: lines }, () => ({ articleId: plenty, quantity: 1 }))),
});

describe('stock outputs', () => {
  it('takes the stock out at validation with a BS number, and puts it back when canceled (a return)', async () => {
    const before = await stockOf(tagged);
    const draft = await ok('POST', '/outputs', body([{ articleId: tagged, quantity: 2, epcs: [epc(1)] }]));
    expect([draft.number, draft.status, draft.units, draft.epcCount]).toEqual([null, 'draft', 2, 1]);
    expect(await stockOf(tagged)).toBe(before);

    const validated = await ok('POST', `/outputs/${draft.id}/status`, { status: 'validated' });
    expect(validated.number).toMatch(/^BS-\d{4}-\d{6}$/);
    expect(validated.exitAuthorizedUntil).not.toBeNull();
    expect(await stockOf(tagged)).toBe(before - 2);
    expect(await tagInStock(epc(1))).toBe(false);
    const movements = (
      await ok<{ items: { reasonCode: string; reason: string | null; delta: number }[] }>(
        'GET',
        `/articles/${tagged}/movements`,
      )
    ).items;
    expect(movements[0]).toMatchObject({ reasonCode: 'output', reason: 'Perte en sortie', delta: -2 });

    const edit = await call('PUT', `/outputs/${draft.id}`, body([{ articleId: tagged, quantity: 1 }]));
    expect([edit.statusCode, edit.json().code]).toEqual([409, 'document_locked']);

    const returned = await ok('POST', `/outputs/${draft.id}/status`, { status: 'canceled', note: 'Retour atelier' });
    expect([returned.status, returned.number, returned.exitAuthorizedUntil]).toEqual([
      'canceled',
      validated.number,
      null,
    ]);
    expect(await stockOf(tagged)).toBe(before);
    expect(await tagInStock(epc(1))).toBe(true);
  });

  it('authorizes the exit of a validated output’s tags for 24 hours, one query per batch, not other tags', async () => {
    const output = await ok('POST', '/outputs', body([{ articleId: tagged, quantity: 1, epcs: [epc(2)] }]));
    const { number } = await ok('POST', `/outputs/${output.id}/status`, { status: 'validated' });
    const tags = await platformRows<{ id: number; epc: string }>(
      db,
      sql`select id, epc from tags where epc in (${epc(2)}, ${epc(3)}) order by epc`,
    );
    const exits = (at: Date) => tags.map((t) => ({ tenantId, tagId: t.id, articleId: tagged, categoryId: null, at }));
    const now = await withPlatform(db, (tx) => authorizeExits(tx, exits(new Date())));
    expect(now.map((v) => [v.isAuthorized, v.message])).toEqual([
      [true, `Authorized by ${number}`],
      [false, expect.stringMatching(/no validated output/)],
    ]);
    expect(now[0]!.reason).toEqual({ code: 'authorized', params: { by: 'output', cover: number } });
    const later = await withPlatform(db, (tx) => authorizeExits(tx, exits(new Date(Date.now() + 25 * 3_600_000))));
    expect(later[0]!.isAuthorized).toBe(false);
  });

  it('refuses tags that are not items of the line’s article or are out of stock, and bad input, never a 500', async () => {
    const wrongArticle = await call('POST', '/outputs', body([{ articleId: plenty, quantity: 1, epcs: [epc(3)] }]));
    expect([wrongArticle.statusCode, wrongArticle.json().errors[0].field]).toEqual([400, 'lines.0.epcs']);
    const unknown = await call('POST', '/outputs', body([{ articleId: tagged, quantity: 1, epcs: [epc(99)] }]));
    expect(unknown.statusCode).toBe(400);
    const twice = await call(
      'POST',
      '/outputs',
      body([
        { articleId: tagged, quantity: 1, epcs: [epc(3)] },
        { articleId: tagged, quantity: 1, epcs: [epc(3)] },
      ]),
    );
    expect([twice.statusCode, twice.json().errors[0].field]).toEqual([400, 'lines.1.epcs']);
    for (const bad of [
      body([], { reasonId: incrementReason }),
      body([], { customerId }),
      body([{ articleId: tagged, quantity: 1, epcs: [epc(1), epc(3)] }]),
      body([{ articleId: tagged, quantity: 0 }]),
      body([], { outputDate: '2026-02-30' }),
      body([], { reasonId: 2147483648 }),
      { ...body([]), extra: 1 },
    ]) {
      const res = await call('POST', '/outputs', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // epc(2) left with the previous test's output: a second output cannot take it out again.
    const again = await ok('POST', '/outputs', body([{ articleId: tagged, quantity: 1, epcs: [epc(2)] }]));
    const refused = await call('POST', `/outputs/${again.id}/status`, { status: 'validated' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'epc_not_in_stock']);
    const empty = await ok('POST', '/outputs', body([]));
    const noLines = await call('POST', `/outputs/${empty.id}/status`, { status: 'validated' });
    expect([noLines.statusCode, noLines.json().code]).toEqual([409, 'invalid_transition']);
    const short = await ok('POST', '/outputs', body([{ articleId: tagged, quantity: 1_000 }]));
    const insufficient = await call('POST', `/outputs/${short.id}/status`, { status: 'validated' });
    expect([insufficient.statusCode, insufficient.json().code]).toEqual([409, 'insufficient_stock']);
    expect((await ok('GET', `/outputs/${short.id}`)).status).toBe('draft');
  });

  it('validates a 1,000-line output in as many statements as a 10-line one', async () => {
    const validate = async (lines: number) => {
      const draft = await ok(
        'POST',
        '/outputs',
        body(Array.from({ length: lines }, () => ({ articleId: plenty, quantity: 1 }))),
      );
      // Nothing else queries meanwhile: the reader sweep is stopped and the session is in the cache.
      ctx.app.readerStatus.stop();
      await ok('GET', `/outputs/${draft.id}`);
      return (await statements.count(() => ok('POST', `/outputs/${draft.id}/status`, { status: 'validated' })))
        .statements;
    };
    expect(await validate(1_000)).toBe(await validate(10));
  });

  it('answers the motifs widgets: reasons per customer, and outputs per reason over a period', async () => {
    const output = await ok(
      'POST',
      '/outputs',
      body([{ articleId: plenty, quantity: 4 }], { consumerId: null, customerId }),
    );
    await ok('POST', `/outputs/${output.id}/status`, { status: 'validated' });
    const byClient = await ok<{ customerName: string; reasonLabel: string; outputs: number; units: number }[]>(
      'GET',
      `/dashboard/motifsByClient/${tenantId}`,
    );
    expect(byClient).toContainEqual(
      expect.objectContaining({ customerName: 'Client sorties', reasonLabel: 'Perte en sortie', outputs: 1, units: 4 }),
    );
    const overview = await ok<{ byReason: { reasonLabel: string; units: number }[]; units: number }>(
      'GET',
      `/dashboard/motifsOverview/${tenantId}?startDate=${today}&endDate=${today}`,
    );
    expect(overview.byReason.find((r) => r.reasonLabel === 'Perte en sortie')!.units).toBe(overview.units);
    const acmeTenant = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Acme'`))[0]!.id;
    expect((await call('GET', `/dashboard/motifsByClient/${acmeTenant}`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/dashboard/motifsOverview/${tenantId}?startDate=2026-05-01&endDate=2026-04-01`)).statusCode,
    ).toBe(400);
  });
});

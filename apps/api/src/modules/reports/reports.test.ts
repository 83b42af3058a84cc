import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_MEASURE_IDS,
  REPORT_MEASURES,
  type TList,
  type TReportHistoryItem,
  type TReportQuery,
  type TReportQueryInput,
  type TReportRunResponse,
  type TReportTries,
} from '@tagstock/contract';
import { withTenant } from '../../db/client';
import { AppError } from '../../platform/errors';
import { apiCalls, dbKind, platformRows, setupTestApp } from '../../test/helper';
import { buildRegistry } from './registry';
import { REPORT_MEASURE_DECLARATIONS } from './report-measures';
import { reportPlan } from './report-sql';
import { consumeTry, reportTries, runReport, setTriesLimit } from './reports.service';

const ctx = await setupTestApp();
const db = ctx.database.db;
const tokens = { admin: '', acme: '', viewer: '' };
const { call, ok } = apiCalls<TReportRunResponse>(ctx, () => tokens.admin);
const registry = buildRegistry(REPORT_MEASURE_DECLARATIONS);
const tenant = { demo: 0, acme: 0, empty: 0 };
const wide = { from: '2000-01-01', to: '2099-12-31' };

/** An issued invoice written straight into a tenant's tables (a fixture far from the demo's dates). */
async function invoice(tenantId: number, customerId: number, date: string, net: string, gross: string, paid = '0') {
  await platformRows(
    db,
    sql`insert into invoices (tenant_id, number, status, customer_id, invoice_date, due_date, total_net, total_vat,
          total_gross, line_total, amount_paid)
        values (${tenantId}, ${`FX-${tenantId}-${date}-${net}`}, 'issued', ${customerId}, ${date}, ${date}, ${net},
          ${gross}::numeric - ${net}::numeric, ${gross}, ${net}, ${paid})`,
  );
}
const customer = async (tenantId: number, name: string) =>
  (
    await platformRows<{ id: number }>(
      db,
      sql`insert into customers (tenant_id, name) values (${tenantId}, ${name}) returning id`,
    )
  )[0]!.id;

beforeAll(async () => {
  [tokens.admin, tokens.acme, tokens.viewer] = await Promise.all([
    ctx.token('admin@demo.test'),
    ctx.token('admin@acme.test'),
    ctx.token('viewer@demo.test'),
  ]);
  const rows = await platformRows<{ id: number; name: string }>(db, sql`select id, name from tenants`);
  tenant.demo = rows.find((r) => r.name === 'Demo')!.id;
  tenant.acme = rows.find((r) => r.name === 'Acme')!.id;
  tenant.empty = (
    await platformRows<{ id: number }>(db, sql`insert into tenants (name) values ('Empty reports') returning id`)
  )[0]!.id;
  const [demoCustomer, acmeCustomer] = [
    await customer(tenant.demo, 'Client rapport'),
    await customer(tenant.acme, 'Acme rapport'),
  ];
  await invoice(tenant.demo, demoCustomer, '2031-01-10', '100.10', '120.12', '20.00');
  await invoice(tenant.demo, demoCustomer, '2031-01-20', '50.05', '60.06');
  await invoice(tenant.demo, demoCustomer, '2031-03-05', '1000.00', '1200.00', '1200.00');
  await invoice(tenant.acme, acmeCustomer, '2031-01-15', '777.77', '933.32');
});

describe('the registry', () => {
  it('declares every measure of the contract, with the dimensions the contract gives it', () => {
    expect([...registry.keys()].sort()).toEqual([...REPORT_MEASURE_IDS].sort());
  });

  it('filters every table of every generated query by the tenant', () => {
    for (const m of REPORT_MEASURE_IDS)
      for (const d of REPORT_MEASURES[m].dimensions) {
        const { sql: statement } = reportPlan(
          registry,
          { measures: [m], dimensions: [d], filters: [], period: wide },
          7,
          wide,
        );
        const { sql: text, params } = new PgDialect().sqlToQuery(statement);
        const tables = (text.match(/\bfrom "\w+" f\b|\bjoin "\w+" "\w+" on\b/g) ?? []).length;
        // Each `<alias>.tenant_id = $n` whose parameter is the tenant.
        const scoped = [...text.matchAll(/(?:\bf|"\w+")\.tenant_id = \$(\d+)\b/g)].filter(
          (x) => params[Number(x[1]) - 1] === 7,
        ).length;
        expect(scoped, `${m} by ${d}: ${text}`).toBe(tables);
      }
  });

  it('runs every measure by every dimension it supports, with well-typed rows', async () => {
    for (const m of REPORT_MEASURE_IDS) {
      const money = REPORT_MEASURES[m].unit === 'money';
      for (const d of [undefined, ...REPORT_MEASURES[m].dimensions]) {
        const r = await runReport(db, registry, tenant.demo, {
          measures: [m],
          dimensions: d ? [d] : [],
          filters: [],
          period: wide,
        });
        expect(r.columns.map((c) => c.id)).toEqual(d ? [d, m] : [m]);
        for (const row of r.rows) {
          if (d) expect(row[0] === null || typeof row[0] === 'string', `${m} by ${d}`).toBe(true);
          const v = row[row.length - 1];
          if (money) expect(v, `${m} by ${d}`).toMatch(/^-?\d+\.\d{2}$/);
          else expect(Number.isInteger(v), `${m} by ${d}: ${String(v)}`).toBe(true);
        }
        expect(r.totals[m], `${m} by ${d}`).toMatch(money ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/);
      }
    }
  });

  it('combines measures of different tables on the same keys', async () => {
    const r = await runReport(db, registry, tenant.demo, {
      measures: ['stock_quantity', 'movements_in', 'outputs'],
      dimensions: ['category'],
      filters: [],
      period: wide,
    });
    const labels = r.rows.map((row) => row[0]);
    expect(new Set(labels).size).toBe(labels.length);
    const single = await runReport(db, registry, tenant.demo, {
      measures: ['stock_quantity'],
      dimensions: ['category'],
      filters: [],
      period: wide,
    });
    expect(r.totals.stock_quantity).toBe(single.totals.stock_quantity);
  });
});

describe('known values', () => {
  const period = { from: '2031-01-01', to: '2031-12-31' };

  it('sales excl. tax by month are the invoices’ sums, to the cent, and not Acme’s', async () => {
    const r = await runReport(db, registry, tenant.demo, {
      measures: ['sales_excl_tax', 'sales_incl_tax', 'amount_not_paid'],
      dimensions: ['month'],
      filters: [],
      period,
    });
    expect(r.rows).toEqual([
      ['2031-01', '150.15', '180.18', '160.18'],
      ['2031-03', '1000.00', '1200.00', '0.00'],
    ]);
    expect(r.totals).toEqual({ sales_excl_tax: '1150.15', sales_incl_tax: '1380.18', amount_not_paid: '160.18' });
    const acme = await runReport(db, registry, tenant.acme, {
      measures: ['sales_excl_tax'],
      dimensions: ['customer'],
      filters: [],
      period,
    });
    expect(acme.rows).toEqual([['Acme rapport', '777.77']]);
  });

  it('filters by a dimension’s label, case-insensitively', async () => {
    const r = await runReport(db, registry, tenant.demo, {
      measures: ['sales_excl_tax'],
      dimensions: [],
      filters: [{ dimension: 'customer', op: 'eq', values: ['CLIENT RAPPORT'] }],
      period,
    });
    expect(r.rows).toEqual([['1150.15']]);
  });

  it('shows a status in the user’s language and filters on its code or its label', async () => {
    const byStatus = (lang: 'fr' | 'en', filters: TReportQuery['filters'] = []) =>
      runReport(
        db,
        registry,
        tenant.demo,
        { measures: ['amount_not_paid'], dimensions: ['status'], filters, period, sort: { by: 'status', dir: 'asc' } },
        { lang },
      );
    // Due in 2031: not yet due, or paid in full.
    expect((await byStatus('fr')).rows).toEqual([
      ['Non échue', '160.18'],
      ['Payée', '0.00'],
    ]);
    expect((await byStatus('en', [{ dimension: 'status', op: 'eq', values: ['due'] }])).rows).toEqual([
      ['Not yet due', '160.18'],
    ]);
    // A filter may name the label, in either language.
    expect((await byStatus('en', [{ dimension: 'status', op: 'in', values: ['payée', 'NOT YET DUE'] }])).rows).toEqual([
      ['Not yet due', '160.18'],
      ['Paid', '0.00'],
    ]);
  });

  it('values the stock at cost: Σ quantity × (purchase price, else price excl. tax)', async () => {
    const [expected] = await platformRows<{ v: string; q: number }>(
      db,
      sql`select round(sum(quantity * coalesce(unit_price, price_ht)), 2)::text as v, sum(quantity)::int as q
          from articles where tenant_id = ${tenant.demo}`,
    );
    const r = await runReport(db, registry, tenant.demo, {
      measures: ['stock_value', 'stock_quantity'],
      dimensions: [],
      filters: [],
      period: { preset: 'this_month' },
    });
    expect(r.rows).toEqual([[expected!.v, expected!.q]]);
  });

  it('cuts at the limit and says so, totals still over every row', async () => {
    const all = await runReport(db, registry, tenant.demo, {
      measures: ['stock_quantity'],
      dimensions: ['article'],
      filters: [],
      period: wide,
    });
    expect(all.rowCount).toBeGreaterThan(2);
    const cut = await runReport(db, registry, tenant.demo, {
      measures: ['stock_quantity'],
      dimensions: ['article'],
      filters: [],
      period: wide,
      limit: 2,
    });
    expect(cut).toMatchObject({ rowCount: 2, truncated: true, totals: all.totals });
  });
});

describe('isolation', () => {
  it('never shows another tenant’s rows, for every measure and every dimension', async () => {
    const seen: string[] = [];
    for (const m of REPORT_MEASURE_IDS) {
      const demo = await runReport(db, registry, tenant.demo, {
        measures: [m],
        dimensions: [],
        filters: [],
        period: wide,
      });
      if (Number(demo.totals[m]) !== 0) seen.push(m);
      for (const d of REPORT_MEASURES[m].dimensions) {
        const r = await runReport(db, registry, tenant.empty, {
          measures: [m],
          dimensions: [d],
          filters: [],
          period: wide,
        });
        expect(r.rows, `${m} by ${d}`).toEqual([]);
        expect(Number(r.totals[m]), `${m} by ${d}`).toBe(0);
      }
    }
    // The check means something only where the other tenants have data.
    expect(seen.length, seen.join(', ')).toBeGreaterThanOrEqual(6);
  });
});

describe('safety', () => {
  it('runs read-only with a statement timeout', async () => {
    let settings: { ro: string; timeout: string } | undefined;
    await runReport(
      db,
      registry,
      tenant.demo,
      { measures: ['payments'], dimensions: [], filters: [], period: wide },
      {
        timeoutMs: 1234,
        beforeQuery: async (tx) => {
          const res = (await tx.execute(
            sql`select current_setting('transaction_read_only') as ro, current_setting('statement_timeout') as timeout`,
          )) as unknown as { rows: { ro: string; timeout: string }[] };
          settings = res.rows[0];
          // In a savepoint: the refused write must not abort the report's transaction.
          await expect(tx.transaction((t) => t.execute(sql`update reports set name = 'x'`))).rejects.toThrow();
        },
      },
    );
    expect(settings).toEqual({ ro: 'on', timeout: '1234ms' });
  });

  it('turns a cancelled statement into a report_timeout problem', async () => {
    // PostgreSQL cancels a statement running past the timeout; PGlite (one query at a time, in this thread) cannot
    // be interrupted, so there the statement is cancelled the way PostgreSQL reports it (SQLSTATE 57014).
    const cancelled =
      dbKind === 'postgres'
        ? sql`select pg_sleep(1)`
        : sql`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`;
    const slow = runReport(
      db,
      registry,
      tenant.demo,
      { measures: ['payments'], dimensions: [], filters: [], period: wide },
      { timeoutMs: 50, beforeQuery: async (tx) => void (await tx.execute(cancelled)) },
    );
    await expect(slow).rejects.toMatchObject({ status: 422, code: 'report_timeout' });
    await expect(slow).rejects.toBeInstanceOf(AppError);
  });

  const run = (query: unknown) => call('POST', '/reports/run', { query });
  const good: TReportQueryInput = {
    measures: ['sales_excl_tax'],
    dimensions: ['month'],
    period: { preset: 'this_year' },
  };

  it.each([
    ['an unknown measure', { ...good, measures: ['profit'] }],
    ['no measure', { ...good, measures: [] }],
    ['a dimension the measure lacks', { ...good, dimensions: ['location'] }],
    ['a filter the measure lacks', { ...good, filters: [{ dimension: 'reason', op: 'eq', values: ['x'] }] }],
    ['a reversed period', { ...good, period: { from: '2026-02-01', to: '2026-01-01' } }],
    ['an unknown preset', { ...good, period: { preset: 'forever' } }],
    ['a limit too high', { ...good, limit: 10_001 }],
    ['a huge string', { ...good, filters: [{ dimension: 'customer', op: 'eq', values: ['x'.repeat(5000)] }] }],
    [
      'too many filter values',
      { ...good, filters: [{ dimension: 'customer', op: 'in', values: Array(51).fill('a') }] },
    ],
    ['an unknown field', { ...good, sql: 'drop table invoices' }],
    ['a sort on another column', { ...good, sort: { by: 'customer', dir: 'asc' } }],
  ])('refuses %s with a 400', async (_, query) => {
    const res = await run(query);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('names both the measure and the dimension it cannot be grouped by', async () => {
    const res = await run({ ...good, dimensions: ['location'] });
    expect(res.body).toContain('sales_excl_tax cannot be grouped by location');
  });

  it('refuses dimensions no single source of a measure combines', async () => {
    const res = await run({
      measures: ['inventory_gap_value'],
      dimensions: ['article', 'attribution'],
      period: { preset: 'this_year' },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('the API and the history', () => {
  it('answers the schema with both languages and synonyms', async () => {
    const schema = await ok<{ measures: { id: string; synonyms: { fr: string[] } }[] }>('GET', '/reports/schema');
    expect(schema.measures.find((m) => m.id === 'sales_excl_tax')!.synonyms.fr).toContain('chiffre d’affaires');
  });

  it('runs, lists, renames, reruns, downloads and deletes', async () => {
    const query = {
      measures: ['sales_excl_tax', 'payments'],
      dimensions: ['month'],
      period: { from: '2031-01-01', to: '2031-12-31' },
    };
    const first = await ok('POST', '/reports/run', { query });
    expect(first.rows[0]).toEqual(['2031-01', '150.15', '0.00']);
    const list = await ok<TList<TReportHistoryItem>>('GET', '/reports/history');
    expect(list.items[0]).toMatchObject({ id: first.historyId, name: null, rowCount: 2, source: 'builder' });
    expect(list.items[0]!.createdByName).toBeTruthy();
    const rename = await ctx.as(tokens.admin, {
      method: 'PATCH',
      url: `/backend/api/reports/${first.historyId}`,
      payload: { name: 'Ventes 2031' },
    });
    const renamed = rename.json() as TReportHistoryItem;
    expect(renamed.name).toBe('Ventes 2031');
    const again = await ok('POST', `/reports/${first.historyId}/run`);
    expect(again).toMatchObject({ historyId: first.historyId, rows: first.rows, totals: first.totals });

    const res = await ctx.as(tokens.admin, {
      method: 'GET',
      url: `/backend/api/reports/${first.historyId}/xlsx`,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Ventes_2031.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Mois', 'Ventes HT', 'Encaissements']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(2).values).toEqual([undefined, '2031-01', 150.15, 0]);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getRow(4).values).toEqual([undefined, 'Total', 1150.15, 0]);
    expect(sheet.getRow(4).font?.bold).toBe(true);

    // Another tenant's report does not exist for Acme.
    for (const [method, url] of [
      ['GET', `/reports/${first.historyId}/xlsx`],
      ['POST', `/reports/${first.historyId}/run`],
      ['DELETE', `/reports/${first.historyId}`],
    ] as const)
      expect((await call(method, url, undefined, tokens.acme)).statusCode).toBe(404);
    expect(
      (
        await ctx.as(tokens.acme, {
          method: 'PATCH',
          url: `/backend/api/reports/${first.historyId}`,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('writes days as dates in the XLSX', async () => {
    const run = await ok('POST', '/reports/run', {
      query: { measures: ['sales_excl_tax'], dimensions: ['day'], period: { from: '2031-01-01', to: '2031-01-31' } },
    });
    const res = await call('GET', `/reports/${run.historyId}/xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getCell('A2');
    expect(cell.value).toEqual(new Date('2031-01-10T00:00:00Z'));
  });

  it('lets a viewer run and read, not rename or delete', async () => {
    const run = await ok(
      'POST',
      '/reports/run',
      { query: { measures: ['stock_quantity'], period: { preset: 'this_month' } } },
      tokens.viewer,
    );
    expect(run.rowCount).toBe(1);
    expect((await call('DELETE', `/reports/${run.historyId}`, undefined, tokens.viewer)).statusCode).toBe(403);
    const rename = await ctx.as(tokens.viewer, {
      method: 'PATCH',
      url: `/backend/api/reports/${run.historyId}`,
      payload: { name: 'x' },
    });
    expect(rename.statusCode).toBe(403);
  });
});

describe('natural-language tries', () => {
  it('counts per tenant and per month, and refuses once used up', async () => {
    const jan = new Date('2031-01-15T12:00:00Z');
    const feb = new Date('2031-02-15T12:00:00Z');
    await withTenant(db, tenant.demo, (tx) => setTriesLimit(tx, tenant.demo, 2));
    const take = (tenantId: number, at: Date) => withTenant(db, tenantId, (tx) => consumeTry(tx, tenantId, at));
    expect(await take(tenant.demo, jan)).toEqual({ remaining: 1 });
    expect(await take(tenant.demo, jan)).toEqual({ remaining: 0 });
    await expect(take(tenant.demo, jan)).rejects.toMatchObject({ status: 429, code: 'report_tries_exhausted' });
    expect(await take(tenant.demo, feb)).toEqual({ remaining: 1 });
    expect(await take(tenant.acme, jan)).toEqual({ remaining: 49 });
    expect(await withTenant(db, tenant.demo, (tx) => reportTries(tx, tenant.demo, jan))).toEqual({
      limit: 2,
      used: 2,
      remaining: 0,
    });
    const now = await ok<TReportTries>('GET', '/reports/tries');
    expect(now).toEqual({ limit: 2, used: 0, remaining: 2 });
    await withTenant(db, tenant.demo, (tx) => setTriesLimit(tx, tenant.demo, 0));
    await expect(take(tenant.demo, feb)).rejects.toMatchObject({ code: 'report_tries_exhausted' });
  });
});

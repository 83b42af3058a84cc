import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LIMIT_MAX, type TReportRunResponse } from '@tagstock/contract';
import { apiCalls, platformRows, setupTestApp, userWithPermissions } from '../../test/helper';
import { timeWindows } from './reports.service';

const ctx = await setupTestApp();
const db = ctx.database.db;
const tokens = { admin: '', acme: '', none: '' };
const { call, ok } = apiCalls<TReportRunResponse>(ctx, () => tokens.admin);
const FROM = '2032-01-01';
const ROWS = REPORT_LIMIT_MAX + 2000;
const fixture = { articles: 0, days: 0, to: '', total: 0, first: '' };

async function readXlsx(historyId: number, token = tokens.admin, lang = 'fr-FR') {
  const res = await ctx.as(token, {
    method: 'GET',
    url: `/backend/api/reports/${historyId}/xlsx`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

beforeAll(async () => {
  [tokens.admin, tokens.acme] = await Promise.all([ctx.token('admin@demo.test'), ctx.token('admin@acme.test')]);
  const [demo] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`);
  // Stock movements out of every Demo article on every day of a period far from the demo's dates: more rows by
  // day × article than a preview ever answers.
  const [{ n }] = (await platformRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from articles where tenant_id = ${demo!.id}`,
  )) as [{ n: number }];
  fixture.articles = n;
  fixture.days = Math.ceil(ROWS / n);
  await platformRows(
    db,
    sql`insert into stock_movements (tenant_id, article_id, delta, quantity_after, reason_code, created_at)
        select a.tenant_id, a.id, -(1 + (a.id + d) % 5), 0, 'manual',
          (${FROM}::date + d)::timestamp at time zone 'Europe/Paris' + interval '12 hours'
        from articles a, generate_series(0, ${fixture.days - 1}::int) d
        where a.tenant_id = ${demo!.id}`,
  );
  const [last] = await platformRows<{ to: string; total: number; first: string }>(
    db,
    sql`select to_char(${FROM}::date + ${fixture.days - 1}::int, 'YYYY-MM-DD') as to,
          (select sum(-delta)::int from stock_movements where tenant_id = ${demo!.id} and reason_code = 'manual'
             and created_at >= ${FROM}::date) as total,
          (select reference || ' — ' || designation from articles where tenant_id = ${demo!.id}
             order by reference || ' — ' || designation limit 1) as first`,
  );
  Object.assign(fixture, last);

  // A role with another right, not reading reports.
  tokens.none = await userWithPermissions(ctx, tokens.admin, 'no-reports@demo.test', ['articles.read']);
});

describe('the XLSX of a report', () => {
  it('holds every row past the preview limit, typed, with the header and the totals of every row', async () => {
    const query = {
      measures: ['movements_out'],
      dimensions: ['day', 'article'],
      period: { from: FROM, to: fixture.to },
    };
    const run = await ok('POST', '/reports/run', { query });
    const rows = fixture.articles * fixture.days;
    expect(rows).toBeGreaterThan(REPORT_LIMIT_MAX);
    // The preview is cut at its limit; the file is not.
    expect(run).toMatchObject({ rowCount: 1000, truncated: true, totals: { movements_out: String(fixture.total) } });

    const sheet = await readXlsx(run.historyId);
    expect(sheet.rowCount).toBe(rows + 2);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Jour', 'Article', 'Sorties de stock']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThan(12);
    expect(sheet.getCell('A2').value).toEqual(new Date(`${FROM}T00:00:00Z`));
    expect(sheet.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getCell('B2').value).toBe(fixture.first);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0');
    let sum = 0;
    let previous = 0;
    for (let r = 2; r <= rows + 1; r++) {
      const day = sheet.getCell(r, 1).value;
      const qty = sheet.getCell(r, 3).value;
      expect(day, `row ${r}`).toBeInstanceOf(Date);
      expect(typeof sheet.getCell(r, 2).value, `row ${r}`).toBe('string');
      expect(Number.isInteger(qty), `row ${r}`).toBe(true);
      // Sorted by day, every day once per article.
      expect((day as Date).getTime()).toBeGreaterThanOrEqual(previous);
      previous = (day as Date).getTime();
      sum += qty as number;
    }
    expect(sheet.getCell(rows + 1, 1).value).toEqual(new Date(`${fixture.to}T00:00:00Z`));
    expect(sum).toBe(fixture.total);
    const totals = sheet.getRow(rows + 2);
    expect(totals.values).toEqual([undefined, 'Total', undefined, fixture.total]);
    expect(totals.font?.bold).toBe(true);
  });

  it('holds every row of a report sorted by its measure too (read by offset, not by windows of time)', async () => {
    const query = {
      measures: ['movements_out'],
      dimensions: ['day', 'article'],
      period: { from: FROM, to: fixture.to },
      sort: { by: 'movements_out', dir: 'desc' },
    };
    const run = await ok('POST', '/reports/run', { query });
    const sheet = await readXlsx(run.historyId);
    const rows = fixture.articles * fixture.days;
    expect(sheet.rowCount).toBe(rows + 2);
    let sum = 0;
    let previous = Infinity;
    const seen = new Set<string>();
    for (let r = 2; r <= rows + 1; r++) {
      const qty = sheet.getCell(r, 3).value as number;
      expect(qty, `row ${r}`).toBeLessThanOrEqual(previous);
      previous = qty;
      sum += qty;
      seen.add(`${(sheet.getCell(r, 1).value as Date).toISOString()} ${String(sheet.getCell(r, 2).value)}`);
    }
    expect(seen.size).toBe(rows);
    expect(sum).toBe(fixture.total);
    expect(sheet.getRow(rows + 2).values).toEqual([undefined, 'Total', undefined, fixture.total]);
  });

  it('cuts a period in windows that end where a bucket of the coarsest time grouping ends', () => {
    expect([...timeWindows({ from: '2032-01-15', to: '2032-05-10' }, 'month', 20)]).toEqual([
      { from: '2032-01-15', to: '2032-02-29' },
      { from: '2032-03-01', to: '2032-03-31' },
      { from: '2032-04-01', to: '2032-04-30' },
      { from: '2032-05-01', to: '2032-05-10' },
    ]);
    // 2032-01-01 is a Thursday: weeks start on Mondays.
    expect([...timeWindows({ from: '2032-01-01', to: '2032-01-14' }, 'week', 1)]).toEqual([
      { from: '2032-01-01', to: '2032-01-04' },
      { from: '2032-01-05', to: '2032-01-11' },
      { from: '2032-01-12', to: '2032-01-14' },
    ]);
    expect([...timeWindows({ from: '2031-11-20', to: '2033-02-01' }, 'quarter', 1)].map((w) => w.to)).toEqual([
      '2031-12-31',
      '2032-03-31',
      '2032-06-30',
      '2032-09-30',
      '2032-12-31',
      '2033-02-01',
    ]);
    expect([...timeWindows({ from: '2032-01-01', to: '2032-01-05' }, 'day', 2)]).toEqual([
      { from: '2032-01-01', to: '2032-01-02' },
      { from: '2032-01-03', to: '2032-01-04' },
      { from: '2032-01-05', to: '2032-01-05' },
    ]);
    expect([...timeWindows({ from: '2032-03-01', to: '2034-12-31' }, 'year', 1)].map((w) => w.to)).toEqual([
      '2032-12-31',
      '2033-12-31',
      '2034-12-31',
    ]);
  });

  it("keeps the query's own limit and says the file is cut, totals still of every row", async () => {
    const query = {
      measures: ['movements_out'],
      dimensions: ['day', 'article'],
      period: { from: FROM, to: fixture.to },
      limit: 10,
    };
    const run = await ok('POST', '/reports/run', { query });
    const sheet = await readXlsx(run.historyId, tokens.admin, 'en-GB');
    expect(sheet.rowCount).toBe(13);
    expect(sheet.getRow(12).values).toEqual([undefined, 'Total', undefined, fixture.total]);
    const rows = fixture.articles * fixture.days;
    expect(sheet.getCell('A13').value).toBe(
      `File cut at 10 rows of ${rows.toLocaleString('en-GB')}; the totals are of every row.`,
    );
  });

  it("is another tenant's report for nobody (404), and needs reports.read (403)", async () => {
    const run = await ok('POST', '/reports/run', {
      query: { measures: ['movements_out'], dimensions: ['month'], period: { from: FROM, to: fixture.to } },
    });
    expect((await call('GET', `/reports/${run.historyId}/xlsx`, undefined, tokens.acme)).statusCode).toBe(404);
    const refused = await call('GET', `/reports/${run.historyId}/xlsx`, undefined, tokens.none);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(refused.body).not.toMatch(/\bat \w+ \(/);
    expect((await call('GET', '/reports/999999/xlsx')).statusCode).toBe(404);
    expect((await call('GET', '/reports/abc/xlsx')).statusCode).toBe(400);
  });
});

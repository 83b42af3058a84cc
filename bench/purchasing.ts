import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase, withPlatform, queryRows } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/seed/seed';
import { dropDatabase, freshDatabase, inProcessConfig, loadAverage, record } from './lib';

/**
 * Purchasing on the document pattern, in process (app.inject, no HTTP): receiving a 1,000-line order (time and
 * SQL statements, against a 10-line order in the same run) and 50 orders issued at once (numbers contiguous, time),
 * on PGlite and on the local PostgreSQL.
 */
const PASSWORD = 'bench-password-1';
const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(kind: 'pglite' | 'postgres') {
  const dbName = 'tagstock_bench_purchasing';
  const url = kind === 'postgres' ? await freshDatabase(dbName) : undefined;
  let counting = false;
  let statements = 0;
  const database = await openDatabase({
    databaseUrl: url,
    logQuery: () => {
      if (counting) statements += 1;
    },
  });
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const app = await buildApp(inProcessConfig, database);
  await app.ready();
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/backend/api/auth/sign-in',
      payload: { email: 'admin@demo.test', password: PASSWORD },
    });
    const token = (signIn.json() as { token: string }).token;
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      app.inject({
        method,
        url: `/backend/api${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    const [ids] = await withPlatform(database.db, async (tx) => {
      const [tenant] = await queryRows<{ id: number }>(tx, sql`select id from tenants where name = 'Demo'`);
      const [mode] = await queryRows<{ id: number }>(
        tx,
        sql`insert into payment_modes (tenant_id, label) values (${tenant!.id}, 'Virement (bench)') returning id`,
      );
      const [supplier] = await queryRows<{ id: number }>(
        tx,
        sql`insert into suppliers (tenant_id, name) values (${tenant!.id}, 'Fournisseur bench') returning id`,
      );
      const articles = await queryRows<{ id: number }>(
        tx,
        sql`insert into articles (tenant_id, reference, designation, price_ht, vat_rate, price_ttc, supplier_id)
            select ${tenant!.id}, 'BENCH-PO-' || g, 'Article ' || g, 4.5, 20, 5.4, ${supplier!.id}
            from generate_series(1, 1000) g returning id`,
      );
      return [{ mode: mode!.id, supplier: supplier!.id, articles: articles.map((a) => a.id) }];
    });
    const today = new Date().toISOString().slice(0, 10);
    const orderBody = (count: number) => ({
      supplierId: ids!.supplier,
      paymentModeId: ids!.mode,
      orderDate: today,
      lines: ids!.articles
        .slice(0, count)
        .map((articleId) => ({ articleId, quantity: 3, unitPrice: '4.50', vatRate: '20', discount: '5' })),
    });

    // With EPCs: the 3 items of each line come with their tags (3,000 EPCs for 1,000 lines).
    const epcsOf = (count: number, run: number, line: number) =>
      [0, 1, 2].map(
        (k) =>
          `E2801190${count.toString(16).padStart(4, '0')}${run.toString(16).padStart(2, '0')}` +
          (line * 3 + k).toString(16).padStart(10, '0'),
      );
    const receive = async (count: number, withEpcs = false) => {
      const times: number[] = [];
      let perReceipt = 0;
      for (let run = 0; run < RUNS; run++) {
        const order = (await call('POST', '/purchase-orders', orderBody(count))).json() as {
          id: number;
          lines: { id: number }[];
        };
        await call('POST', `/purchase-orders/${order.id}/status`, { status: 'done' });
        await call('GET', `/purchase-orders/${order.id}`); // the session is cached before the count
        statements = 0;
        counting = true;
        const t0 = performance.now();
        const res = await call('POST', `/purchase-orders/${order.id}/receipts`, {
          receiptDate: today,
          lines: order.lines.map((l, i) => ({
            lineId: l.id,
            quantity: 3,
            ...(withEpcs ? { epcs: epcsOf(count, run, i) } : {}),
          })),
        });
        times.push(performance.now() - t0);
        counting = false;
        if (res.statusCode !== 200) throw new Error(`receipt failed: ${res.statusCode} ${res.body}`);
        perReceipt = statements;
      }
      return { ms: median(times), statements: perReceipt };
    };
    const small = await receive(10);
    const large = await receive(1000);
    const tagged = await receive(1000, true);

    const t0 = performance.now();
    const issued = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/purchase-orders', orderBody(3))));
    const issueMs = performance.now() - t0;
    const numbers = issued.map((r) => Number((r.json() as { number: string }).number.slice(-6))).sort((a, b) => a - b);
    const contiguous = new Set(numbers).size === 50 && numbers[49]! - numbers[0]! === 49;
    return { small, large, tagged, issueMs, contiguous };
  } finally {
    await app.close();
    await database.close();
    if (url) await dropDatabase(dbName);
  }
}

export async function purchasing(): Promise<void> {
  const lines = ['| database | measure | value | baseline (same run) | target |', '|---|---|---|---|---|'];
  const loads: string[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    const before = loadAverage();
    const r = await measure(kind);
    loads.push(`${kind} ${before} before, ${loadAverage()} after`);
    lines.push(
      `| ${kind} | receive a 1,000-line order (median of ${RUNS}) | ${Math.round(r.large.ms)} ms, ${r.large.statements} SQL statements | 10-line order: ${Math.round(r.small.ms)} ms, ${r.small.statements} statements | ≤ 1 s, statements independent of the lines |`,
      `| ${kind} | receive a 1,000-line order with 3,000 EPCs (median of ${RUNS}) | ${Math.round(r.tagged.ms)} ms, ${r.tagged.statements} SQL statements | without EPCs: ${Math.round(r.large.ms)} ms, ${r.large.statements} statements | ≤ 1 s, statements independent of the lines |`,
      `| ${kind} | 50 orders of 3 lines issued at once | ${Math.round(r.issueMs)} ms, numbers ${r.contiguous ? 'contiguous, no duplicate' : 'NOT contiguous'} | | contiguous |`,
    );
  }
  record('Purchasing (in process, app.inject)', [
    `Machine: 2 cores shared with other work; load average (1, 5, 15 min): ${loads.join('; ')}.`,
    '',
    ...lines,
  ]);
}

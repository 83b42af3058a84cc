import { sql } from 'drizzle-orm';
import { addDaysTo, reservationToday } from '@tagstock/contract';
import { queryRows, withPlatform } from '../apps/api/src/db/client';
import { inProcessApp, loadAverage, record, signInSession } from './lib';

/**
 * Never oversell, measured: 50 reservations of one unit sent at once over HTTP for the last 10 units of an article
 * (a server listening in this process), on PGlite and on the local PostgreSQL. Records how many succeeded, how many
 * were refused (409 insufficient_available), the units reserved in the end, and the time: the whole burst and each
 * request's p50 / p99; the baseline is the same 50 reservations sent one after another on an article with enough.
 */
const PORT = 8205;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_reservations';
const CONCURRENT = 50;
const LAST = 10;
const ROUNDS = Number(process.env.BENCH_RESERVATIONS_ROUNDS ?? 5);

type Kind = 'pglite' | 'postgres';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;

async function run(kind: Kind) {
  const server = await inProcessApp(kind, DB, PORT, PASSWORD);
  const { database } = server;
  try {
    const { token } = await signInSession(base, 'admin@demo.test', PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: object) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/backend/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { id: number; code?: string };
      return { status: res.status, json, ms: performance.now() - t0 };
    };
    const until = addDaysTo(reservationToday(), 7);
    const article = async (n: number, quantity: number) => {
      const res = await post('/articles', {
        reference: `BENCH-RES-${kind}-${n}`,
        designation: 'Banc réservations',
        priceHt: '1.00',
        vatRate: '20',
        stockAlert: 0,
        initialQuantity: quantity,
      });
      if (res.status !== 200) throw new Error(`article: ${res.status}`);
      return res.json.id;
    };
    const reserved = async (articleId: number) =>
      (
        await withPlatform(database.db, (tx) =>
          queryRows<{ units: number }>(
            tx,
            sql`select coalesce(sum(quantity), 0)::int as units from reservations
                where article_id = ${articleId} and status = 'active'`,
          ),
        )
      )[0]!.units;

    // Warm-up: the routes and statements once.
    await post('/reservations', { articleId: await article(0, 5), quantity: 1, until });

    // Baseline: one after another, enough stock.
    const sequentialArticle = await article(1, CONCURRENT);
    const seqTimes: number[] = [];
    const seq0 = performance.now();
    for (let i = 0; i < CONCURRENT; i++)
      seqTimes.push((await post('/reservations', { articleId: sequentialArticle, quantity: 1, until })).ms);
    const sequential = performance.now() - seq0;

    const rounds: { ok: number; refused: number; other: number; units: number; wall: number; times: number[] }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const id = await article(10 + r, LAST);
      const t0 = performance.now();
      const results = await Promise.all(
        Array.from({ length: CONCURRENT }, () => post('/reservations', { articleId: id, quantity: 1, until })),
      );
      const wall = performance.now() - t0;
      rounds.push({
        ok: results.filter((x) => x.status === 200).length,
        refused: results.filter((x) => x.status === 409 && x.json.code === 'insufficient_available').length,
        other: results.filter((x) => x.status !== 200 && x.status !== 409).length,
        units: await reserved(id),
        wall,
        times: results.map((x) => x.ms),
      });
    }
    const all = rounds.flatMap((r) => r.times).sort((a, b) => a - b);
    const seqSorted = [...seqTimes].sort((a, b) => a - b);
    const exact = rounds.every((r) => r.ok === LAST && r.units === LAST && r.refused === CONCURRENT - LAST);
    const walls = rounds.map((r) => r.wall).sort((a, b) => a - b);
    return [
      `| ${kind}: ${CONCURRENT} at once for the last ${LAST} units, ${ROUNDS} rounds | ` +
        `${rounds.map((r) => `${r.ok}/${r.refused}/${r.other}`).join(', ')} (ok/409/other); units reserved ` +
        `${rounds.map((r) => r.units).join(', ')} ${exact ? '✅' : '❌'} | burst ${ms(walls[0]!)}–${ms(walls.at(-1)!)}; ` +
        `request p50 ${ms(percentile(all, 0.5))}, p99 ${ms(percentile(all, 0.99))} |`,
      `| ${kind}: baseline, ${CONCURRENT} one after another (enough stock) | all 200: ` +
        `${seqTimes.length} | total ${ms(sequential)}; request p50 ${ms(percentile(seqSorted, 0.5))}, ` +
        `p99 ${ms(percentile(seqSorted, 0.99))} |`,
    ];
  } finally {
    await server.close();
  }
}

export async function reservationsBench() {
  const before = loadAverage();
  const kinds = (process.env.BENCH_RESERVATIONS_DATABASES ?? 'pglite,postgres').split(',') as Kind[];
  const rows: string[] = [];
  for (const kind of kinds) rows.push(...(await run(kind)));
  record('Reservations: never oversell under 50 concurrent requests (server in process, HTTP)', [
    `Machine: 2 cores shared; load average ${before} before, ${loadAverage()} after.`,
    '',
    '| run | results | time |',
    '| --- | --- | --- |',
    ...rows,
  ]);
}

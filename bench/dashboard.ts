import { sql } from 'drizzle-orm';
import { queryRows, withPlatform, withTenant, type Database } from '../apps/api/src/db/client';
import { seedLarge } from '../apps/api/src/seed/seed-large';
import { seedInvoices } from './invoicing';
import { fillMovementsSql, fmtMs, inProcessApp, loadAverage, record, sequentialGets, signInSession } from './lib';

/**
 * Every endpoint the dashboard calls (SPEC §7's 18, the tags per family, and the other widgets': late deliveries,
 * output reasons, gaps by category, the stock alert list), one client, sequential requests over HTTP to a server in
 * this process, on PGlite and on the local PostgreSQL. The large data set is the Demo tenant after `seed:large`
 * (articles, suppliers, customers, purchase orders) plus issued invoices, tags and tag movements seeded in SQL; the
 * baseline is the Acme tenant (the demo's small one) in the same run.
 */
const PORT = 8209;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_dashboard';
const env = (name: string, fallback: number) => Number(process.env[`BENCH_DASHBOARD_${name}`] ?? fallback);
const SIZE = {
  articles: env('ARTICLES', 20_000),
  suppliers: env('SUPPLIERS', 1000),
  customers: env('CUSTOMERS', 2000),
  orders: env('ORDERS', 10_000),
  invoices: env('INVOICES', 5000),
  tags: env('TAGS', 50_000),
  movements: env('MOVEMENTS', 200_000),
};
const REQUESTS = env('REQUESTS', 20);
/** A slow endpoint stops early: the run stays short on a shared machine. */
const BUDGET_MS = env('BUDGET_MS', 3000);
const KINDS = (process.env.BENCH_DASHBOARD_DATABASES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const TARGET_MS = 50;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The dashboard's calls for tenant `t`, as the page makes them (the period: the last 365 days, the widest preset). */
const paths = (t: number) => {
  const year = `startDate=${day(-364)}&endDate=${day(0)}`;
  return [
    // SPEC §7, without a period
    `/dashboard/commandeEnCours/${t}`,
    `/dashboard/mostRepeatedReferences/${t}`,
    `/dashboard/tags/non-active/${t}?page=1&limit=6`,
    `/dashboard/client/${t}/latest-inventaire-count`,
    `/dashboard/sum-ecart/${t}`,
    `/dashboard/achats/${t}`,
    `/dashboard/ecartAttribution/${t}`,
    `/dashboard/sum-ecart-en-valeur/${t}`,
    `/dashboard/getinventory/${t}`,
    `/dashboard/invoices-to-deliver-today/${t}`,
    `/dashboard/getClientsToDeliverTodayByClient/${t}`,
    `/dashboard/articles/summary/${t}`,
    // SPEC §7, with a period
    `/dashboard/count-articles-quantity/${t}?${year}`,
    `/dashboard/top-5-fournisseur-by-quantity/${t}?${year}`,
    `/dashboard/total-montantht-payed-facturer/${t}?${year}`,
    `/dashboard/total-partiel-payed/${t}?${year}`,
    `/dashboard/late-invoices/${t}?${year}`,
    `/dashboard/tags/overview/${t}?${year}`,
    // The category tags table, and the other widgets of the page
    `/dashboard/tags/by-family/${t}`,
    `/dashboard/late-deliveries/${t}`,
    `/dashboard/motifsOverview/${t}?${year}`,
    `/gaps?by=category`,
    `/articles?page=1&limit=8&sort=quantity:asc&stockAlert=true`,
  ];
};

/** Tag families, tags (a tenth unbound, a quarter out, one in fifty inactive) and movements of the Demo tenant. */
async function seedTags(database: Database, t: number) {
  await withTenant(database.db, t, async (tx) => {
    await tx.execute(sql`insert into tag_families (tenant_id, name)
      select ${t}, 'Famille banc ' || g from generate_series(1, 8) g`);
    const [r] = await queryRows<{ flo: number; fhi: number; alo: number; ahi: number }>(
      tx,
      sql`select (select min(id) from tag_families where tenant_id = ${t} and name like 'Famille banc %') as flo,
            (select max(id) from tag_families where tenant_id = ${t} and name like 'Famille banc %') as fhi,
            (select min(id) from articles where tenant_id = ${t}) as alo,
            (select max(id) from articles where tenant_id = ${t}) as ahi`,
    );
    await tx.execute(sql`
      insert into tags (tenant_id, epc, family_id, article_id, status, in_stock)
      select ${t}, 'BE' || lpad(to_hex(g), 22, '0'),
             case when g % 9 <> 0 then ${r!.flo}::int + g % (${r!.fhi}::int - ${r!.flo}::int + 1) end,
             case when g % 10 <> 0 then ${r!.alo}::int + g % (${r!.ahi}::int - ${r!.alo}::int + 1) end,
             case when g % 50 = 0 then 'inactive' else 'active' end, g % 4 <> 0
      from generate_series(1, ${SIZE.tags}::int) g`);
  });
  await withPlatform(database.db, (tx) => tx.execute(sql.raw(fillMovementsSql(SIZE.movements))));
  await database.owner.execute(sql`analyze`);
}

async function measure(authorization: string, t: number) {
  const out = new Map<string, { p50: number; p95: number; n: number }>();
  for (const path of paths(t)) {
    const r = await sequentialGets(`${base}/backend/api${path}`, authorization, REQUESTS, 3, BUDGET_MS);
    out.set(path.replaceAll(`/${t}`, '/{id}').replace(/\d{4}-\d{2}-\d{2}/g, '…'), r);
  }
  return out;
}

export async function dashboardBench(): Promise<void> {
  const lines = [
    `| database | endpoint | large: p50 | p95 | baseline (Acme, same run): p50 / p95 | target p95 ≤ ${TARGET_MS} ms |`,
    '|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const kind of KINDS) {
    const server = await inProcessApp(kind, DB, PORT, PASSWORD);
    const { database } = server;
    try {
      const acme = await signInSession(base, 'admin@acme.test', PASSWORD);
      const loadSmall = loadAverage();
      const small = await measure(`Bearer ${acme.token}`, acme.tenantId);
      const demo = await signInSession(base, 'admin@demo.test', PASSWORD);
      const s0 = performance.now();
      await seedLarge(database, {
        tenant: 'Demo',
        articles: SIZE.articles,
        suppliers: SIZE.suppliers,
        customers: SIZE.customers,
        orders: SIZE.orders,
      });
      await seedInvoices(database, demo.tenantId, SIZE.invoices, 0);
      await seedTags(database, demo.tenantId);
      const seedS = (performance.now() - s0) / 1000;
      // PGlite held the event loop while it seeded: let the idle timers run before the first request.
      await new Promise((r) => setTimeout(r, 1000));
      const loadLarge = loadAverage();
      const large = await measure(`Bearer ${demo.token}`, demo.tenantId);
      let missed = 0;
      for (const [path, r] of large) {
        const b = small.get(path)!;
        const ok = r.p95 <= TARGET_MS;
        if (!ok) missed += 1;
        lines.push(
          `| ${kind} | ${path} | ${fmtMs(r.p50)} | **${fmtMs(r.p95)}** | ${fmtMs(b.p50)} / ${fmtMs(b.p95)} | ${ok ? '✅' : '❌ missed'}${r.n < REQUESTS ? ` (${r.n} requests, time budget)` : ''} |`,
        );
      }
      notes.push(
        `${kind}: seeded in ${seedS.toFixed(0)} s; ${missed} of ${large.size} endpoints over ${TARGET_MS} ms at p95; ` +
          `load average ${loadSmall} (baseline), ${loadLarge} → ${loadAverage()} (large).`,
      );
    } finally {
      await server.close();
    }
  }
  const size = Object.entries(SIZE)
    .map(([k, v]) => `${v.toLocaleString('en')} ${k}`)
    .join(', ');
  record(
    `Dashboard endpoints (large data set, server in process, HTTP, one client, ≤ ${REQUESTS} sequential requests each)`,
    [
      `Demo tenant after seed:large and the bench's SQL seeds: ${size}; delivery notes and inventories are the demo's`,
      `(bench/delivery-dashboard.ts measures the delivery widgets on 100,000 notes). Machine: 2 cores shared with other work.`,
      '',
      ...lines,
      '',
      ...notes.map((n) => `- ${n}`),
    ],
  );
}

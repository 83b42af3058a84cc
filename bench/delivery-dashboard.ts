import { sql } from 'drizzle-orm';
import { queryRows, withTenant, type Database } from '../apps/api/src/db/client';
import { TENANT_TIME_ZONE } from '../apps/api/src/platform/documents/numbering';
import { seedInvoices } from './invoicing';
import { inProcessApp, loadAverage, record, signInSession } from './lib';

/**
 * The delivery widgets (SPEC §7: customers to deliver today, invoices to deliver today, late deliveries) with
 * 100,000 delivery notes seeded in SQL in one tenant, against the same endpoints with 1,000 in the same run; one
 * client, sequential requests over HTTP to a server in this process; on PGlite and on the local PostgreSQL.
 */
const PORT = 8207;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const DB = 'tagstock_bench_delivery_dashboard';
const NOTES = Number(process.env.BENCH_DELIVERY_NOTES ?? 100_000);
const SMALL = 1000;
const INVOICES = Number(process.env.BENCH_DELIVERY_INVOICES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DELIVERY_REQUESTS ?? 50);
const KINDS = (process.env.BENCH_DELIVERY_DATABASES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** 3,000 customers of the tenant, with what an invoice states (the invoices' seed picks them by name). */
async function seedCustomers(database: Database, t: number) {
  await withTenant(database.db, t, (tx) =>
    tx.execute(sql`
      insert into customers (tenant_id, name, address, postcode, city, country, siren)
      select ${t}, 'Client ' || lpad(g::text, 5, '0'), g || ' rue du Commerce', '59000', 'Lille', 'France',
             lpad((100000000 + g * 7919)::text, 9, '0')
      from generate_series(1, 3000) g`),
  );
}

/**
 * `count` delivery notes of the tenant, set-based, one line each: planned over the last 150 days and the next 30;
 * those planned before today mostly delivered (85 %), some canceled (5 %), the others still open (late); of those
 * planned today 70 % open; later ones open (draft or ready). Four in five deliver one of the tenant's invoices (its
 * customer), the others a customer of their own. Numbered (BL) once out of draft.
 */
async function seedDeliveryNotes(database: Database, t: number, count: number, offset: number) {
  const day = sql`(now() at time zone ${TENANT_TIME_ZONE})::date`;
  await withTenant(database.db, t, async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    const [r] = await queryRows<{ clo: number; chi: number; ilo: number; ihi: number; alo: number; ahi: number }>(
      tx,
      sql`select (select min(id) from customers where tenant_id = ${t} and name like 'Client %') as clo,
            (select max(id) from customers where tenant_id = ${t} and name like 'Client %') as chi,
            (select min(id) from invoices where tenant_id = ${t}) as ilo,
            (select max(id) from invoices where tenant_id = ${t}) as ihi,
            (select min(id) from articles where tenant_id = ${t}) as alo,
            (select max(id) from articles where tenant_id = ${t}) as ahi`,
    );
    const { clo, chi, ilo, ihi, alo, ahi } = r!;
    await tx.execute(sql`
      insert into delivery_notes (tenant_id, number, customer_id, invoice_id, planned_date, status, line_count, units,
        delivered_at, created_at, updated_at)
      select ${t}, case when s <> 'draft' then 'BL-' || extract(year from p)::int || '-' || lpad(g::text, 6, '0') end,
             coalesce(i.customer_id, ${clo}::int + (g * 7) % (${chi}::int - ${clo}::int + 1)), i.id, p, s, 1, 1 + g % 12,
             case when s = 'delivered' then p + interval '14 hours' end, p - interval '3 days', p - interval '2 days'
      from generate_series(${offset + 1}::int, ${offset + count}::int) g
        cross join lateral (select ${day} + ((g * 7919) % 181) - 150 as p, (g * 37) % 100 as k) x
        cross join lateral (select case
            when p < ${day} and k < 85 then 'delivered' when p < ${day} and k < 90 then 'canceled'
            when p = ${day} and k < 30 then 'delivered'
            when g % 2 = 0 then 'ready' else 'draft' end as s) y
        left join invoices i on g % 5 <> 0 and i.tenant_id = ${t}
          and i.id = ${ilo}::int + (g * 13) % (${ihi}::int - ${ilo}::int + 1)`);
    await tx.execute(sql`
      insert into delivery_note_lines (tenant_id, delivery_note_id, position, article_id, reference, designation, quantity)
      select ${t}, d.id, 1, a.id, a.reference, a.designation, d.units
      from delivery_notes d join articles a on a.id = ${alo}::int + d.id % (${ahi}::int - ${alo}::int + 1)
      where d.tenant_id = ${t} and not exists (select 1 from delivery_note_lines l where l.delivery_note_id = d.id)`);
  });
  for (const table of ['delivery_notes', 'delivery_note_lines'])
    await database.owner.execute(sql`vacuum analyze ${sql.identifier(table)}`);
}

async function timings(authorization: string, path: string) {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < REQUESTS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/backend/api${path}`, { headers: { authorization } });
    body = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    if (i >= 5) times.push(performance.now() - t0); // the first five warm up
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), body };
}

/** How much each widget answered (items; the late count). */
const answered = (path: string, body: string) => {
  const data = JSON.parse(body) as unknown;
  if (Array.isArray(data)) return `${data.length} rows`;
  const late = data as { count?: number; items?: unknown[]; total?: number };
  return late.count !== undefined ? `${late.count} late, ${late.items?.length} listed` : `${late.total} in all`;
};

export async function deliveryDashboard(): Promise<void> {
  const lines = [
    `| database | endpoint | ${NOTES.toLocaleString('en')} notes: p50 | p95 | answer | baseline: ${SMALL.toLocaleString('en')} notes, same run: p50 / p95 | target |`,
    '|---|---|---|---|---|---|---|',
  ];
  const notes: string[] = [];
  for (const kind of KINDS) {
    const server = await inProcessApp(kind, DB, PORT, PASSWORD);
    const { database } = server;
    try {
      // The Acme tenant: nothing else there; its admin reads the delivery notes.
      const { token, tenantId: t } = await signInSession(base, 'admin@acme.test', PASSWORD);
      const authorization = `Bearer ${token}`;
      const s0 = performance.now();
      await seedCustomers(database, t);
      await seedInvoices(database, t, INVOICES, 0);
      const invoicesMs = performance.now() - s0;
      const n0 = performance.now();
      await seedDeliveryNotes(database, t, SMALL, 0);
      const smallMs = performance.now() - n0;
      await sleep(1000);
      const paths = [
        `/dashboard/getClientsToDeliverTodayByClient/${t}`,
        `/dashboard/invoices-to-deliver-today/${t}`,
        `/dashboard/late-deliveries/${t}`,
        '/delivery-notes?late=true&limit=25',
      ];
      const loadSmall = loadAverage();
      const small = [];
      for (const path of paths) small.push(await timings(authorization, path));
      const l0 = performance.now();
      await seedDeliveryNotes(database, t, NOTES - SMALL, SMALL);
      const largeMs = performance.now() - l0;
      // PGlite held the event loop while it seeded: let the idle connections' timers run before the next request.
      await sleep(1000);
      const [c] = await withTenant(database.db, t, (tx) =>
        queryRows<{ notes: number; open: number; today: number; late: number }>(
          tx,
          sql`select count(*)::int as notes, count(*) filter (where status in ('draft', 'ready'))::int as open,
                count(*) filter (where status in ('draft', 'ready')
                  and planned_date = (now() at time zone ${TENANT_TIME_ZONE})::date)::int as today,
                count(*) filter (where status in ('draft', 'ready')
                  and planned_date < (now() at time zone ${TENANT_TIME_ZONE})::date)::int as late
              from delivery_notes where tenant_id = ${t}`,
        ),
      );
      const loadLarge = loadAverage();
      for (const [i, path] of paths.entries()) {
        const large = await timings(authorization, path);
        const target = path.startsWith('/dashboard')
          ? large.p95 <= 50
            ? '≤ 50 ms ✅'
            : '≤ 50 ms — ❌ missed'
          : '(none)';
        lines.push(
          `| ${kind} | ${path.replace(`/${t}`, '/{tenant}')} | ${ms(large.p50)} | **${ms(large.p95)}** | ${answered(path, large.body)} | ${ms(small[i]!.p50)} / ${ms(small[i]!.p95)} | ${target} |`,
        );
      }
      notes.push(
        `${kind}: 3,000 customers and ${INVOICES.toLocaleString('en')} issued invoices seeded in ${(invoicesMs / 1000).toFixed(1)} s; ` +
          `${SMALL} notes in ${(smallMs / 1000).toFixed(1)} s, then ${(NOTES - SMALL).toLocaleString('en')} more in ${(largeMs / 1000).toFixed(1)} s: ` +
          `${c!.notes} notes (one line each), ${c!.open} open, ${c!.today} open for today, ${c!.late} late; ` +
          `load average ${loadSmall} (baseline), ${loadLarge} → ${loadAverage()} (${NOTES.toLocaleString('en')}).`,
      );
    } finally {
      await server.close();
    }
  }
  record(
    `Delivery widgets (${NOTES.toLocaleString('en')} delivery notes, server in process, HTTP, one client, ${REQUESTS} sequential requests each)`,
    [`Machine: 2 cores shared with other work.`, '', ...lines, '', ...notes.map((n) => `- ${n}`)],
  );
}

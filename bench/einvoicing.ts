import { sql } from 'drizzle-orm';
import { queryRows, withPlatform } from '../apps/api/src/db/client';
import { connectDemoToSimulator } from '../apps/api/src/seed/seed-platform';
import { startPaSimulator } from '../tools/pa-simulator/src/server';
import { healthProbe, inProcessApp, loadAverage, record, signInSession } from './lib';

/**
 * The approved platform (PGlite, the simulator in this process, its statuses `BENCH_EINVOICING_STEP_MS` apart):
 * `BENCH_EINVOICING_INVOICES` (1,000) invoices issued one after another over HTTP by Demo to a French company the
 * directory knows; the time until every one is "Mise à disposition" (203) on Demo's side, read through the
 * platform's webhook; that no document reached the platform twice; `/backend/health` probed every 50 ms meanwhile,
 * against the idle server in the same run. Then the same with the simulator down (connections refused) for
 * `BENCH_EINVOICING_DOWN_S` (60) seconds from the 300th invoice: everything sent once it is back, nothing twice.
 */
const PORT = 8199;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const INVOICES = Number(process.env.BENCH_EINVOICING_INVOICES ?? 1000);
const STEP_MS = Number(process.env.BENCH_EINVOICING_STEP_MS ?? 100);
const DOWN_S = Number(process.env.BENCH_EINVOICING_DOWN_S ?? 60);
const BUYER_SIREN = '732829320';
/** `up` (the platform answers throughout), `down` (it is down for DOWN_S seconds from the 300th invoice). */
const RUNS = (process.env.BENCH_EINVOICING_RUNS ?? 'up,down').split(',');

type Run = { issueMs: number; allMadeAvailableMs: number; afterUpMs: number | null; twice: number; sent: number };

export async function einvoicingBench(): Promise<void> {
  const lines: string[] = [`Load average at start: ${loadAverage()}. ${INVOICES} invoices per run, PGlite.`, ''];
  lines.push(
    '| run | issuing (HTTP) | all "Mise à disposition" | after the platform came back | sent | sent twice | /backend/health p50 / p99 / max |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  for (const down of RUNS.map((r) => r === 'down')) {
    const sim = await startPaSimulator({ stepMs: STEP_MS });
    const server = await inProcessApp('pglite', 'unused', PORT, PASSWORD, { publicUrl: base });
    try {
      const db = server.database.db;
      await connectDemoToSimulator(db, sim, 'bench-only-secret-that-is-long-enough-0123456789');
      // Only Demo is connected: a buyer on another platform (Acme's reception would validate every invoice).
      sim.control.addCompany({ siren: BUYER_SIREN, name: 'Client Bench', line: 'Enabled' });
      const [ids] = await withPlatform(db, (tx) =>
        queryRows<{ demo: number; acme: number; article: number }>(
          tx,
          sql`select (select id from tenants where name = 'Demo') as demo, (select id from tenants where name = 'Acme') as acme,
                (select id from articles where tenant_id = (select id from tenants where name = 'Demo') order by id limit 1) as article`,
        ),
      );
      await withPlatform(db, (tx) =>
        tx.execute(sql`update einvoicing_settings set enabled = false where tenant_id = ${ids!.acme}`),
      );
      await server.app.einvoicing.settings.subscribeAll();
      const { token } = await signInSession(base, 'admin@demo.test', PASSWORD);
      const call = async <T>(path: string, body: object): Promise<T> => {
        const res = await fetch(`${base}/backend/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
        return JSON.parse(text) as T;
      };
      const customer = await call<{ id: number }>('/customers', {
        name: 'Client Bench',
        kind: 'company',
        address: '1 rue du Banc',
        postcode: '75001',
        city: 'Paris',
        country: 'France',
        siren: BUYER_SIREN,
      });
      const idle = healthProbe(base);
      await new Promise((r) => setTimeout(r, 3000));
      const baseline = await idle();

      const probe = healthProbe(base);
      const t0 = performance.now();
      let upAt: number | null = null;
      for (let i = 0; i < INVOICES; i++) {
        if (down && i === Math.min(300, INVOICES - 1)) {
          await sim.control.down('refuse', DOWN_S * 1000);
          setTimeout(() => (upAt = performance.now()), DOWN_S * 1000).unref();
        }
        const draft = await call<{ id: number }>('/invoices', {
          customerId: customer.id,
          invoiceDate: new Date().toISOString().slice(0, 10),
          confirmWithoutReservation: true,
          lines: [{ articleId: ids!.article, quantity: 1, unitPrice: '12.50', vatRate: '20', discount: '0' }],
        });
        await call(`/invoices/${draft.id}/status`, { status: 'issued' });
      }
      const issueMs = performance.now() - t0;
      // Once the platform is back, the user's "send again" is the backoff's next turn: the bench waits for it.
      for (;;) {
        const [row] = await withPlatform(db, (tx) =>
          queryRows<{ n: number }>(
            tx,
            sql`select count(distinct document_id)::int as n from einvoice_lifecycle
                where tenant_id = ${ids!.demo} and document_kind = 'invoice' and code = '203'`,
          ),
        );
        if (row!.n >= INVOICES) break;
        if (upAt !== null || !down) await server.app.outbox.run();
        await new Promise((r) => setTimeout(r, 200));
      }
      const allMs = performance.now() - t0;
      const health = await probe();
      const flows = sim.control.flows({ direction: 'Out' }).filter((f) => f.syntax === 'Factur-X');
      const byTracking = new Map<string, number>();
      for (const f of flows)
        if (f.ack.status === 'Ok') byTracking.set(f.trackingId!, (byTracking.get(f.trackingId!) ?? 0) + 1);
      const run: Run = {
        issueMs,
        allMadeAvailableMs: allMs,
        afterUpMs: upAt === null ? null : performance.now() - upAt,
        sent: byTracking.size,
        twice: [...byTracking.values()].filter((n) => n > 1).length,
      };
      const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
      lines.push(
        `| ${down ? `platform down ${DOWN_S} s from the 300th` : 'platform up'} | ${s(run.issueMs)} | ${s(run.allMadeAvailableMs)} | ${
          run.afterUpMs === null ? '—' : s(run.afterUpMs)
        } | ${run.sent} | ${run.twice} | ${Math.round(health.p50)} / ${Math.round(health.p99)} / ${Math.round(health.max)} ms (idle: ${Math.round(baseline.p50)} / ${Math.round(baseline.p99)} / ${Math.round(baseline.max)} ms; ${health.failed} failed) |`,
      );
    } finally {
      await server.close();
      await sim.close();
    }
  }
  lines.push(
    '',
    `Simulator statuses ${STEP_MS} ms apart (200 → 201 → 202 → 203). Target: /backend/health p99 ≤ 100 ms.`,
  );
  record('E-invoicing through the approved platform (simulator)', lines);
}

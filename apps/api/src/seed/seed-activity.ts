import { and, eq, sql } from 'drizzle-orm';
import type { TImpinjEvent, TReportQuery } from '@tagstock/contract';
import { queryRows, withTenant, type Db } from '../db/client';
import { createIngestService } from '../modules/ingest/ingest.service';
import { normalizeImpinj } from '../modules/ingest/pipeline';
import type { ReaderRow } from '../modules/ingest/reader-auth';
import { inventoriesModule } from '../modules/inventories/inventories.module';
import { reportsModule } from '../modules/reports/reports.module';
import { readers } from '../modules/rfid/rfid.schema';
import {
  crossingReads,
  defaultIdentity,
  dwellReads,
  impinjBatch,
  type SimRead,
} from '../../../../tools/reader-sim/src/payloads';
import type { DemoRefs } from './seed-history';

/**
 * The RFID side of the demo, through the ingestion service as the readers' posts go: the last day and a half at
 * the exit gate (walk-outs and walk-ins, a few of them unauthorized), then a counted inventory of the work
 * clothes, whose tags the storage reader saw (all but one); and reports in the history. The ingestion keeps
 * reads of the last 48 hours only (older ones are refused as a reader's wrong clock): the gate's history is
 * recent, not twelve months long.
 */

const HOUR = 3_600_000;

/** The Demo tenant's readers by role, as ingestion authenticates them. */
export async function demoReaders(db: Db, tenantId: number): Promise<{ gate?: ReaderRow; storage?: ReaderRow }> {
  const rows = await withTenant(db, tenantId, (tx) =>
    tx
      .select()
      .from(readers)
      .where(and(eq(readers.tenantId, tenantId)))
      .orderBy(readers.id),
  );
  return { gate: rows.find((r) => r.role === 'exit_gate'), storage: rows.find((r) => r.role === 'storage') };
}

/** Reads as a reader posts them (Impinj), then normalized by the ingestion pipeline. */
export function asReads(reader: ReaderRow, reads: SimRead[]) {
  return normalizeImpinj(impinjBatch(reads, defaultIdentity(reader.id)) as unknown as TImpinjEvent[]).reads;
}

const EPCS = async (db: Db, tenantId: number) =>
  withTenant(db, tenantId, (tx) =>
    queryRows<{ epc: string; reference: string }>(
      tx,
      sql`select t.epc, a.reference from tags t join articles a on a.id = t.article_id and a.tenant_id = t.tenant_id
          where t.tenant_id = ${tenantId} and t.status = 'active' order by t.epc`,
    ),
  );

export async function seedDemoActivity(db: Db, r: DemoRefs): Promise<void> {
  const { gate, storage } = await demoReaders(db, r.tenantId);
  if (!gate || !storage) return;
  // Nobody is connected during the first start: the notifications have no one to go to.
  const ingest = createIngestService(db, { notifyTenant: () => undefined });
  const tags = await EPCS(db, r.tenantId);
  const epcOf = (reference: string, k = 0) => tags.filter((t) => t.reference === reference)[k]?.epc;

  // [hours ago, reference, which of its tags, direction]: the jacket is the technician's (authorized), the
  // trousers 44 leave on their ready delivery note, the blouses have nothing to cover them (unauthorized).
  const passages: [number, string, number, 'out' | 'in'][] = [
    [38, 'VT-VES-M', 0, 'out'],
    [31, 'VT-VES-M', 0, 'in'],
    [26, 'VT-BLO-L', 0, 'out'],
    [25.5, 'VT-BLO-L', 0, 'in'],
    [20, 'VT-PAN-42', 0, 'out'],
    [12, 'VT-PAN-42', 0, 'in'],
    [6, 'VT-BLO-L', 1, 'out'],
    [3, 'VT-PAN-44', 0, 'out'],
    [2, 'VT-BLO-L', 0, 'out'],
    [1, 'VT-VES-M', 1, 'out'],
    [0.5, 'VT-VES-M', 1, 'in'],
  ];
  const { inner, outer } = gatePorts(gate);
  for (const [hours, reference, k, direction] of passages) {
    const epc = epcOf(reference, k);
    if (!epc) continue;
    const start = new Date(Date.now() - hours * HOUR);
    const [from, to] = direction === 'out' ? [inner, outer] : [outer, inner];
    await ingest.ingest(gate, 'impinj', asReads(gate, crossingReads(epc, from, to, start)));
  }

  await countedInventory(db, r, storage, ingest);
  await reports(db, r);
}

/** The gate's inner and outer antennas (inner → outer is a walk-out). */
export function gatePorts(gate: ReaderRow) {
  const inner = gate.antennas.find((a) => a.side === 'inner')?.port ?? 1;
  const outer = gate.antennas.find((a) => a.side === 'outer')?.port ?? 2;
  return { inner, outer };
}

/**
 * Today's inventory of the work clothes: started, the storage reader sees every expected tag but one blouse's,
 * the rest counted by hand (two jackets short, one pair of trousers more), finished without touching the stock.
 */
async function countedInventory(
  db: Db,
  r: DemoRefs,
  storage: ReaderRow,
  ingest: ReturnType<typeof createIngestService>,
) {
  const { service: inventories, count } = inventoriesModule(db);
  const clothes = r.categoryId.get('Vêtements de travail');
  if (!clothes) return;
  const draft = await inventories.create(r.auth, {
    scope: { kind: 'categories', ids: [clothes] },
    notes: 'Inventaire des vêtements de travail (étiquetés)',
  });
  await inventories.setStatus(r.auth, draft.id, 'started', null);
  const expected = await withTenant(db, r.tenantId, (tx) =>
    queryRows<{ epc: string; reference: string }>(
      tx,
      sql`select it.epc, a.reference from inventory_tags it join articles a on a.id = it.article_id
          where it.inventory_id = ${draft.id} and it.tenant_id = ${r.tenantId} and it.expected order by it.epc`,
    ),
  );
  const unseen = expected.find((t) => t.reference === 'VT-BLO-L')?.epc;
  const seen = expected.filter((t) => t.epc !== unseen);
  const at = new Date(Date.now() + 50);
  await ingest.ingest(
    storage,
    'impinj',
    asReads(
      storage,
      seen.flatMap((t, i) => dwellReads(t.epc, 1, new Date(at.getTime() + i * 5), 2, 100)),
    ),
  );
  const lines = await withTenant(db, r.tenantId, (tx) =>
    queryRows<{ articleId: number; theoretical: number; reference: string }>(
      tx,
      sql`select l.article_id as "articleId", l.theoretical, a.reference from inventory_lines l
          join articles a on a.id = l.article_id where l.inventory_id = ${draft.id} and l.tenant_id = ${r.tenantId}
          order by a.reference`,
    ),
  );
  const offBy: Record<string, number> = { 'VT-VES-M': -2, 'VT-PAN-42': 1 };
  const tagsExpected = (reference: string) => expected.filter((t) => t.reference === reference).length;
  await count(r.auth, draft.id, {
    lines: lines.map((l) => ({
      articleId: l.articleId,
      // What the tags do not count is counted by hand; the unseen blouse is the one missing.
      quantity: Math.max(0, l.theoretical - tagsExpected(l.reference) + (offBy[l.reference] ?? 0)),
    })),
  });
  await inventories.setStatus(r.auth, draft.id, 'finished', null);
}

/** Reports an administrator ran over the year, kept in the history. */
async function reports(db: Db, r: DemoRefs) {
  const { service } = reportsModule(db);
  const queries: TReportQuery[] = [
    { measures: ['sales_excl_tax'], dimensions: ['month'], filters: [], period: { preset: 'last_12_months' } },
    { measures: ['purchases_ordered'], dimensions: ['supplier'], filters: [], period: { preset: 'last_12_months' } },
    {
      measures: ['stock_quantity', 'stock_value'],
      dimensions: ['category'],
      filters: [],
      period: { preset: 'this_month' },
    },
  ];
  for (const query of queries) await service.run(r.auth, query, 'fr');
}

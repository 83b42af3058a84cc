import { sql } from 'drizzle-orm';
import type { TPurchaseOrderInput } from '@tagstock/contract';
import { loadAuthContext, type AuthContext } from '../platform/auth';
import { deliveryNotesModule } from '../modules/delivery-notes/delivery-notes.module';
import { inventoriesModule } from '../modules/inventories/inventories.module';
import { convertProforma, invoicingModule } from '../modules/invoicing/invoicing.module';
import { outputType } from '../modules/outputs/outputs.service';
import { purchasingService } from '../modules/purchasing/purchasing.service';
import { documentService } from '../platform/documents/document-service';
import { queryRows, withPlatform, type Db } from '../db/client';
import { seedDemo, type SeedResult } from './seed';
import { seedDemoActivity } from './seed-activity';
import { applyBackdates, daysAgo, demoAdmin, demoRefs, seedDemoHistory, type Backdates } from './seed-history';

type DemoOrder = {
  supplier: string;
  orderedDaysAgo: number;
  expectedInDays?: number;
  notes?: string;
  /** [reference, quantity, unit price excl. tax, discount %] */
  lines: [string, number, string, string][];
  /** What happens to it after it is written: sent, received in part or in full (quantities per line), canceled. */
  then?: { sent?: boolean; received?: { daysAgo: number; quantities: number[] }; canceled?: string };
};

// Small quantities: the demo should show every state without crowding what users add.
const ORDERS: DemoOrder[] = [
  {
    supplier: 'Textiles du Nord',
    orderedDaysAgo: 40,
    lines: [['VT-VES-M', 10, '48.00', '0']],
    then: { sent: true, received: { daysAgo: 32, quantities: [10] } },
  },
  {
    supplier: 'Bretagne Outillage',
    orderedDaysAgo: 18,
    expectedInDays: 2,
    lines: [
      ['OUT-CLE-SET', 6, '39.90', '5'],
      ['OUT-PER-18', 2, '115.00', '0'],
    ],
    then: { sent: true, received: { daysAgo: 6, quantities: [4, 0] } },
  },
  {
    supplier: 'Atelier Lyonnais de Protection',
    orderedDaysAgo: 5,
    expectedInDays: 5,
    notes: 'Livraison au quai A, le matin.',
    lines: [
      ['EPI-CAS-01', 12, '16.50', '0'],
      ['EPI-GAN-9', 24, '10.90', '10'],
    ],
    then: { sent: true },
  },
  {
    supplier: 'Textiles du Nord',
    orderedDaysAgo: 3,
    lines: [['VT-BLO-L', 5, '19.00', '0']],
    then: { canceled: 'Doublon : déjà commandé par téléphone' },
  },
  {
    supplier: 'Textiles du Nord',
    orderedDaysAgo: 1,
    expectedInDays: 14,
    lines: [
      ['VT-PAN-44', 20, '31.00', '0'],
      ['VT-PAN-42', 10, '31.00', '0'],
    ],
  },
];

/**
 * Demo purchase orders for the Demo tenant, at the first start (`npm start` on an empty database): one of each
 * state — received, partly received, sent, canceled, in progress — written by the purchasing service as its
 * administrator would, so their numbers, totals, stock movements and history are the real ones.
 */
export async function seedDemoDocuments(db: Db): Promise<void> {
  const [admin] = await withPlatform(db, (tx) =>
    queryRows<{ id: number; tenantId: number }>(
      tx,
      sql`select id, tenant_id as "tenantId" from users where email = 'admin@demo.test'`,
    ),
  );
  const auth = admin && (await loadAuthContext(db, admin.id));
  if (!auth) return;
  const refs = await withPlatform(db, async (tx) => ({
    suppliers: await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from suppliers where tenant_id = ${admin.tenantId}`,
    ),
    articles: await queryRows<{ id: number; reference: string; vatRate: string }>(
      tx,
      sql`select id, reference, vat_rate::text as "vatRate" from articles where tenant_id = ${admin.tenantId}`,
    ),
    modes: await queryRows<{ id: number }>(
      tx,
      sql`select id from payment_modes where tenant_id = ${admin.tenantId} and active order by id limit 1`,
    ),
  }));
  const supplierId = new Map(refs.suppliers.map((s) => [s.name, s.id]));
  const article = new Map(refs.articles.map((a) => [a.reference, a]));
  const paymentModeId = refs.modes[0]?.id;
  if (!paymentModeId) return;

  const purchasing = purchasingService(db);
  for (const order of ORDERS) {
    const body: TPurchaseOrderInput = {
      supplierId: supplierId.get(order.supplier)!,
      paymentModeId,
      orderDate: daysAgo(order.orderedDaysAgo),
      expectedDate: order.expectedInDays === undefined ? null : daysAgo(-order.expectedInDays),
      notes: order.notes ?? null,
      lines: order.lines.map(([reference, quantity, unitPrice, discount]) => ({
        articleId: article.get(reference)!.id,
        quantity,
        unitPrice,
        discount,
        vatRate: article.get(reference)!.vatRate,
      })),
    };
    const created = await purchasing.create(auth, body);
    const { then } = order;
    if (then?.sent) await purchasing.setStatus(auth, created.id, 'done', null);
    if (then?.canceled) await purchasing.setStatus(auth, created.id, 'canceled', then.canceled);
    if (then?.received)
      await purchasing.receive(auth, created.id, {
        receiptDate: daysAgo(then.received.daysAgo),
        lines: created.lines
          .map((line, i) => ({ lineId: line.id, quantity: then.received!.quantities[i] ?? 0 }))
          .filter((line) => line.quantity > 0),
      });
  }

  // Stock outputs: one validated (the stock went out, with its number), one draft still being prepared.
  const outputs = documentService(db, outputType);
  const [breakage, consumer] = await withPlatform(db, async (tx) => [
    (
      await queryRows<{ id: number }>(
        tx,
        sql`select id from reasons where tenant_id = ${admin.tenantId} and label = 'Casse'`,
      )
    )[0],
    (
      await queryRows<{ id: number }>(
        tx,
        sql`select id from consumers where tenant_id = ${admin.tenantId} order by id limit 1`,
      )
    )[0],
  ]);
  const stocked = refs.articles.slice(0, 2);
  if (!breakage || !consumer || stocked.length < 2) return;
  const output = (daysAgoCount: number, notes: string) => ({
    reasonId: breakage.id,
    outputDate: daysAgo(daysAgoCount),
    consumerId: consumer.id,
    notes,
    lines: stocked.map((a) => ({ articleId: a.id, quantity: 1 })),
  });
  const validated = await outputs.create(auth, output(2, 'Pièces abîmées à la manutention'));
  await outputs.setStatus(auth, validated.id, 'validated', null);
  await outputs.create(auth, output(0, 'À valider après contrôle'));

  await seedDemoInvoicing(db, auth, admin.tenantId, refs.articles, paymentModeId);
}

/**
 * Sales documents: a proforma converted to an invoice, issued (Factur-X, numbered FA) and paid in part; an open
 * proforma with a discount; a credit note on one unit of the paid invoice; a draft invoice still being written, and
 * its delivery note, ready, with its unit reserved.
 */
async function seedDemoInvoicing(
  db: Db,
  auth: AuthContext,
  tenantId: number,
  articles: { id: number; vatRate: string }[],
  paymentModeId: number,
) {
  const customers = await withPlatform(db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from customers where tenant_id = ${tenantId} order by id limit 2`),
  );
  if (customers.length < 2 || articles.length < 3) return;
  const { proformas, invoices, creditNotes, payments } = invoicingModule(db);
  const line = (a: { id: number; vatRate: string }, quantity: number, unitPrice: string) => ({
    articleId: a.id,
    quantity,
    unitPrice,
    vatRate: a.vatRate,
  });
  const proforma = await proformas.create(auth, {
    customerId: customers[0]!.id,
    proformaDate: daysAgo(12),
    validUntil: daysAgo(-18),
    lines: [line(articles[0]!, 4, '24.90'), line(articles[1]!, 2, '89.00')],
  });
  const { invoiceId } = await convertProforma(db, auth, proforma.id, { confirmWithoutReservation: true });
  // Their legal copies are left to the issued-PDF job or the first download, as the year's are (seed-history.ts).
  const issued = await invoices.setStatus(auth, invoiceId, 'issued', null, {}, { deferPdf: true });
  await payments.payInvoice(auth, issued.id, {
    paymentDate: daysAgo(1),
    amount: '100.00',
    paymentModeId,
    reference: 'VIR-2026-118',
  });
  const note = await creditNotes.create(auth, {
    invoiceId: issued.id,
    reason: 'Article retourné abîmé',
    lines: [{ invoiceLineId: issued.lines[0]!.id, quantity: 1 }],
  });
  await creditNotes.setStatus(auth, note.id, 'issued', null, {}, { deferPdf: true });
  await proformas.create(auth, {
    customerId: customers[1]!.id,
    proformaDate: daysAgo(2),
    validUntil: daysAgo(-28),
    discount: { type: 'percent', value: '5' },
    notes: 'Tarif valable pour une commande groupée.',
    lines: [line(articles[2]!, 10, '12.50'), line(articles[0]!, 6, '24.90')],
  });
  const draft = await invoices.create(auth, {
    customerId: customers[1]!.id,
    invoiceDate: daysAgo(0),
    paymentTermDays: 60,
    lines: [line(articles[1]!, 1, '89.00')],
  });
  // Its delivery, planned tomorrow: ready to pick, the unit reserved for it.
  const { service: deliveryNotes } = deliveryNotesModule(db);
  const delivery = await deliveryNotes.create(auth, {
    customerId: customers[1]!.id,
    invoiceId: draft.id,
    plannedDate: daysAgo(-1),
    lines: [{ articleId: articles[1]!.id, quantity: 1 }],
    reserveAvailable: true,
  });
  await deliveryNotes.setStatus(auth, delivery.id, 'ready', null);
  await seedInventory(db, auth);
}

/**
 * A rotating count of the tools (untagged: counted by hand) finished last week without touching the stock: the
 * inventory screens, gaps and widgets have something to show. One drill is short.
 */
async function seedInventory(db: Db, auth: AuthContext) {
  const { service: inventories, count } = inventoriesModule(db);
  const [tools] = await withPlatform(db, (tx) =>
    queryRows<{ categoryId: number }>(
      tx,
      sql`select category_id as "categoryId" from articles where tenant_id = ${auth.tenantId} and reference = 'OUT-PER-18'`,
    ),
  );
  if (!tools) return;
  const draft = await inventories.create(auth, {
    scope: { kind: 'categories', ids: [tools.categoryId] },
    notes: 'Inventaire tournant de l’outillage',
  });
  await inventories.setStatus(auth, draft.id, 'started', null);
  const lines = await withPlatform(db, (tx) =>
    queryRows<{ articleId: number; theoretical: number; reference: string }>(
      tx,
      sql`select l.article_id as "articleId", l.theoretical, a.reference from inventory_lines l
          join articles a on a.id = l.article_id where l.inventory_id = ${draft.id} order by a.reference`,
    ),
  );
  await count(auth, draft.id, {
    lines: lines.map((l) => ({
      articleId: l.articleId,
      quantity: l.reference === 'OUT-PER-18' ? Math.max(0, l.theoretical - 1) : l.theoretical,
    })),
  });
  await inventories.setStatus(auth, draft.id, 'finished', null);
}

/**
 * The Demo tenant's year: its history (seed-history.ts), then the recent documents above, then what the readers
 * saw, a counted inventory and reports (seed-activity.ts); last, the dates the services stamped with the clock are
 * set to the days the documents belong to.
 */
async function seedDemoYear(db: Db) {
  const admin = await demoAdmin(db);
  const auth = admin && (await loadAuthContext(db, admin.id));
  const refs = auth && (await demoRefs(db, auth));
  if (!refs) return;
  const backdates: Backdates = [];
  await seedDemoHistory(db, refs, backdates);
  await seedDemoDocuments(db);
  // The rotating count of the tools was finished last week.
  const [tools] = await withPlatform(db, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`select id from inventories where tenant_id = ${refs.tenantId} and status = 'finished' order by id limit 1`,
    ),
  );
  if (tools) backdates.push({ table: 'inventories', id: tools.id, day: daysAgo(7) });
  await seedDemoActivity(db, refs);
  await applyBackdates(db, refs.tenantId, backdates);
}

/**
 * What the first start (`npm start` on an empty database) writes: the demo tenants and accounts, then the Demo
 * tenant's last twelve months. The test suites call `seedDemo` alone, so their counts and numbers stay their own.
 */
export async function seedFirstStart(db: Db, demoPassword?: string): Promise<SeedResult> {
  const seed = await seedDemo(db, demoPassword);
  if (seed.seeded) await seedDemoYear(db);
  return seed;
}

import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { AuthContext } from '../platform/auth';
import { queryRows, withPlatform, withTenant, type Db } from '../db/client';
import { jsonRows } from '../db/sql-fragments';
import { deliveryNotesModule } from '../modules/delivery-notes/delivery-notes.module';
import { invoicingModule } from '../modules/invoicing/invoicing.module';
import { outputType } from '../modules/outputs/outputs.service';
import { purchasingService } from '../modules/purchasing/purchasing.service';
import { attributionResource } from '../modules/rfid/attributions';
import { categoryAttributionResource } from '../modules/rfid/category-attributions';
import { tagResource } from '../modules/rfid/tags';
import { documentService } from '../platform/documents/document-service';

/**
 * The Demo tenant's last twelve months, written at the first start through the services, as its administrator
 * would have written them: purchase orders received, invoices issued and paid (in full, in part, not at all: some
 * overdue), their deliveries, a credit note, proformas, stock outputs, attributions and non-active tags. The
 * services stamp some dates with the clock (an invoice is dated the day it is issued, a delivery the day it is
 * delivered): those are collected in `Backdates` and set to the documents' own dates at the end (see
 * `applyBackdates`; docs/decisions.md).
 */

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export type BackdateTable = 'invoices' | 'credit_notes' | 'delivery_notes' | 'outputs' | 'inventories';
/** Documents whose clock-stamped dates are set to the day they belong to, once everything is written. */
export type Backdates = { table: BackdateTable; id: number; day: string }[];

export type DemoRefs = {
  auth: AuthContext;
  tenantId: number;
  article: Map<string, { id: number; vatRate: string; priceHt: string; categoryId: number }>;
  supplierId: Map<string, number>;
  customers: { id: number; name: string }[];
  consumers: { id: number; name: string }[];
  reasonId: Map<string, number>;
  categoryId: Map<string, number>;
  familyId: number | undefined;
  paymentModeId: number;
};

/** The catalogue the first start wrote for the Demo tenant, by name, as the demo documents refer to it. */
export async function demoRefs(db: Db, auth: AuthContext): Promise<DemoRefs | undefined> {
  const tenantId = auth.tenantId!;
  return withTenant(db, tenantId, async (tx) => {
    const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(tx, query);
    const articles = await rows<{
      id: number;
      reference: string;
      vatRate: string;
      priceHt: string;
      categoryId: number;
    }>(
      sql`select id, reference, vat_rate::text as "vatRate", round(price_ht, 2)::text as "priceHt", category_id as "categoryId"
          from articles where tenant_id = ${tenantId} order by id`,
    );
    const suppliers = await rows<{ id: number; name: string }>(
      sql`select id, name from suppliers where tenant_id = ${tenantId} order by id`,
    );
    const customers = await rows<{ id: number; name: string }>(
      sql`select id, name from customers where tenant_id = ${tenantId} order by id`,
    );
    const consumers = await rows<{ id: number; name: string }>(
      sql`select id, name from consumers where tenant_id = ${tenantId} order by id`,
    );
    const reasons = await rows<{ id: number; label: string }>(
      sql`select id, label from reasons where tenant_id = ${tenantId} order by id`,
    );
    const categories = await rows<{ id: number; name: string }>(
      sql`select id, name from categories where tenant_id = ${tenantId} order by id`,
    );
    const [family] = await rows<{ id: number }>(
      sql`select id from tag_families where tenant_id = ${tenantId} order by id limit 1`,
    );
    const [mode] = await rows<{ id: number }>(
      sql`select id from payment_modes where tenant_id = ${tenantId} and active order by id limit 1`,
    );
    if (!mode || customers.length < 4 || consumers.length < 2) return undefined;
    return {
      auth,
      tenantId,
      article: new Map(articles.map(({ reference, ...a }) => [reference, a])),
      supplierId: new Map(suppliers.map((s) => [s.name, s.id])),
      customers,
      consumers,
      reasonId: new Map(reasons.map((r) => [r.label, r.id])),
      categoryId: new Map(categories.map((c) => [c.name, c.id])),
      familyId: family?.id,
      paymentModeId: mode.id,
    };
  });
}

// What each supplier sells the demo, at its purchase price. The articles in stock alert on the first start
// (EPI-CAS-01, VT-PAN-44, OUT-MET-5) are left out of the past receipts, so that they are still in alert.
const BOUGHT: Record<string, [string, string][]> = {
  'Textiles du Nord': [
    ['VT-PAN-42', '21.50'],
    ['VT-VES-M', '31.00'],
    ['VT-BLO-L', '11.80'],
  ],
  'Atelier Lyonnais de Protection': [
    ['EPI-GAN-9', '6.90'],
    ['EPI-LUN-01', '4.60'],
    ['EPI-BOU-01', '15.20'],
  ],
  'Bretagne Outillage': [
    ['OUT-PER-18', '78.00'],
    ['OUT-CLE-SET', '24.50'],
  ],
};

/** What customers buy, in turn: [reference, quantity]. */
const BASKETS: [string, number][][] = [
  [
    ['VT-PAN-42', 4],
    ['VT-VES-M', 2],
  ],
  [
    ['EPI-GAN-9', 12],
    ['EPI-LUN-01', 6],
  ],
  [
    ['OUT-PER-18', 1],
    ['OUT-CLE-SET', 2],
  ],
  [['VT-BLO-L', 5]],
  [
    ['EPI-BOU-01', 2],
    ['EPI-GAN-9', 8],
  ],
  [['VT-VES-M', 3]],
  [
    ['OUT-CLE-SET', 1],
    ['EPI-LUN-01', 4],
  ],
];

/** Fifteen orders from eleven and a half months ago to eight weeks ago, each received a week after. */
async function purchases(db: Db, r: DemoRefs) {
  const purchasing = purchasingService(db);
  const suppliers = Object.keys(BOUGHT);
  for (let i = 0; i < 15; i++) {
    const ordered = 350 - i * 21;
    const supplier = suppliers[i % suppliers.length]!;
    const catalogue = BOUGHT[supplier]!;
    const picked = [catalogue[i % catalogue.length]!, catalogue[(i + 1) % catalogue.length]!];
    const order = await purchasing.create(r.auth, {
      supplierId: r.supplierId.get(supplier)!,
      paymentModeId: r.paymentModeId,
      orderDate: daysAgo(ordered),
      expectedDate: daysAgo(ordered - 7),
      notes: null,
      lines: picked.map(([reference, price], k) => ({
        articleId: r.article.get(reference)!.id,
        quantity: 6 + ((i * 7 + k * 5) % 15),
        unitPrice: price,
        discount: i % 4 === 0 ? '5' : '0',
        vatRate: r.article.get(reference)!.vatRate,
      })),
    });
    await purchasing.setStatus(r.auth, order.id, 'done', null);
    // One order of the spring came in two deliveries; the second one is still awaited.
    const partly = i === 9;
    await purchasing.receive(r.auth, order.id, {
      receiptDate: daysAgo(ordered - 6),
      lines: order.lines.map((line, k) => ({
        lineId: line.id,
        quantity: partly && k === 1 ? Math.floor(line.quantity / 2) : line.quantity,
      })),
    });
  }
}

type Payment = 'paid' | 'partial' | 'unpaid';
// Invoices every fortnight from 340 to 25 days ago: most paid within the month, some not (overdue, one of them
// since last month), a few in part.
const PAYMENTS: Record<number, Payment> = {
  3: 'unpaid',
  7: 'partial',
  11: 'unpaid',
  16: 'partial',
  19: 'unpaid',
  20: 'partial',
  21: 'partial',
};

async function sales(db: Db, r: DemoRefs, backdates: Backdates) {
  const { invoices, creditNotes, payments, proformas } = invoicingModule(db);
  const { service: deliveryNotes } = deliveryNotesModule(db);
  const line = (reference: string, quantity: number) => {
    const a = r.article.get(reference)!;
    return { articleId: a.id, quantity, unitPrice: a.priceHt, vatRate: a.vatRate };
  };
  const issued: {
    id: number;
    day: number;
    customerId: number;
    lines: { id: number; articleId: number | null; quantity: number }[];
  }[] = [];
  for (let i = 0; i < 22; i++) {
    const day = 340 - i * 15;
    const customer = r.customers[i % r.customers.length]!;
    const basket = BASKETS[i % BASKETS.length]!;
    const draft = await invoices.create(r.auth, {
      customerId: customer.id,
      invoiceDate: daysAgo(day),
      paymentTermDays: 30,
      lines: basket.map(([reference, quantity]) => line(reference, quantity)),
      confirmWithoutReservation: true,
    });
    const invoice = await invoices.setStatus(r.auth, draft.id, 'issued', null, {}, { deferPdf: true });
    backdates.push({ table: 'invoices', id: invoice.id, day: daysAgo(day) });
    issued.push({ id: invoice.id, day, customerId: customer.id, lines: invoice.lines });
    const payment = PAYMENTS[i] ?? 'paid';
    if (payment !== 'unpaid')
      await payments.payInvoice(r.auth, invoice.id, {
        paymentDate: daysAgo(Math.max(0, day - 18 - (i % 3) * 6)),
        amount: payment === 'paid' ? invoice.totalGross : new Decimal(invoice.totalGross).mul(0.4).toFixed(2),
        paymentModeId: r.paymentModeId,
        reference: `VIR-${daysAgo(day).slice(0, 4)}-${String(100 + i * 7)}`,
      });
    // Every other invoice of more than a month ago was delivered three days after it.
    if (i % 2 === 0 && day > 30) {
      const note = await deliveryNotes.create(r.auth, {
        customerId: customer.id,
        invoiceId: invoice.id,
        plannedDate: daysAgo(day - 3),
        lines: basket.map(([reference, quantity]) => ({ articleId: r.article.get(reference)!.id, quantity })),
        confirmWithoutReservation: true,
      });
      await deliveryNotes.setStatus(r.auth, note.id, 'ready', null);
      await deliveryNotes.setStatus(r.auth, note.id, 'delivered', null);
      backdates.push({ table: 'delivery_notes', id: note.id, day: daysAgo(day - 3) });
    }
  }

  // A jacket of an invoice of the winter came back torn: a credit note on one unit.
  const returned = issued[5]!;
  const note = await creditNotes.create(r.auth, {
    invoiceId: returned.id,
    reason: 'Veste retournée : couture défectueuse',
    lines: [{ invoiceLineId: returned.lines[0]!.id, quantity: 1 }],
  });
  await creditNotes.setStatus(r.auth, note.id, 'issued', null, {}, { deferPdf: true });
  backdates.push({ table: 'credit_notes', id: note.id, day: daysAgo(returned.day - 20) });

  // Deliveries still to make: two late (planned last week), two for today, their units reserved.
  const pending: [number, number][] = [
    [15, 5],
    [20, 2],
    [19, 0],
    [21, 0],
  ];
  for (const [index, planned] of pending) {
    const invoice = issued[index]!;
    const note = await deliveryNotes.create(r.auth, {
      customerId: invoice.customerId,
      invoiceId: invoice.id,
      plannedDate: daysAgo(planned),
      notes: planned > 0 ? 'Reliquat : en attente du transporteur' : null,
      lines: invoice.lines.flatMap((l) => (l.articleId ? [{ articleId: l.articleId, quantity: l.quantity }] : [])),
      reserveAvailable: true,
    });
    await deliveryNotes.setStatus(r.auth, note.id, 'ready', null);
  }

  // Quotes of the year: expired, refused, still open.
  for (const [day, valid, index, basket] of [
    [210, 30, 1, 2],
    [120, 30, 3, 4],
    [20, 45, 2, 1],
  ] as const)
    await proformas.create(r.auth, {
      customerId: r.customers[index]!.id,
      proformaDate: daysAgo(day),
      validUntil: daysAgo(day - valid),
      lines: BASKETS[basket]!.map(([reference, quantity]) => line(reference, quantity * 2)),
    });
}

/** A stock output a month (breakage, losses), validated the day it was written. */
async function outputs(db: Db, r: DemoRefs, backdates: Backdates) {
  const service = documentService(db, outputType);
  const kinds: [string, string, [string, number][]][] = [
    ['Casse', 'Gants déchirés au déchargement', [['EPI-GAN-9', 2]]],
    ['Vol ou perte', 'Manquant constaté en réserve', [['OUT-CLE-SET', 1]]],
    ['Casse', 'Lunettes rayées', [['EPI-LUN-01', 3]]],
    ['Casse', 'Blouses tachées', [['VT-BLO-L', 2]]],
  ];
  for (let m = 0; m < 11; m++) {
    const day = 330 - m * 30;
    const [reason, notes, lines] = kinds[m % kinds.length]!;
    const output = await service.create(r.auth, {
      reasonId: r.reasonId.get(reason)!,
      outputDate: daysAgo(day),
      consumerId: r.consumers[m % r.consumers.length]!.id,
      notes,
      lines: lines.map(([reference, quantity]) => ({ articleId: r.article.get(reference)!.id, quantity })),
    });
    await service.setStatus(r.auth, output.id, 'validated', null);
    backdates.push({ table: 'outputs', id: output.id, day: daysAgo(day) });
  }
}

/**
 * Who holds what: the tools belong to the maintenance workshop, a jacket to a technician (their exits are
 * authorized, their gaps grouped by holder); and three tags taken out of service.
 */
async function holdersAndTags(db: Db, r: DemoRefs) {
  const [workshop, technician] = r.consumers;
  await categoryAttributionResource(db).service.create(r.auth, {
    consumerId: workshop!.id,
    location: null,
    categoryId: r.categoryId.get('Outillage')!,
    startDate: daysAgo(300),
    endDate: null,
    note: 'Outillage confié à l’atelier',
  });
  await attributionResource(db).service.create(r.auth, {
    consumerId: technician!.id,
    location: null,
    articleId: r.article.get('VT-VES-M')!.id,
    tagId: null,
    startDate: daysAgo(200),
    endDate: null,
    note: 'Dotation annuelle',
  });
  const tags = tagResource(db).service;
  for (const [k, reference] of ['EPI-GAN-9', 'EPI-LUN-01', 'EPI-BOU-01'].entries())
    await tags.create(r.auth, {
      epc: `30340242201D8C4000000${101 + k}`,
      tid: null,
      familyId: r.familyId ?? null,
      articleId: r.article.get(reference)!.id,
      status: 'inactive',
    });
}

/** The twelve months before the recent documents (written after these, so that numbers follow dates). */
export async function seedDemoHistory(db: Db, r: DemoRefs, backdates: Backdates): Promise<void> {
  await holdersAndTags(db, r);
  await purchases(db, r);
  await sales(db, r, backdates);
  await outputs(db, r, backdates);
}

/**
 * Sets the dates the services stamped with the clock to the days the demo documents belong to: an invoice's date
 * (its due date follows its term) and issue, a credit note's, a delivery, an output's validation, an inventory's
 * start and end. One statement per table, in one transaction of the tenant.
 */
export async function applyBackdates(db: Db, tenantId: number, backdates: Backdates): Promise<void> {
  const of = (table: BackdateTable) => jsonRows(backdates.filter((b) => b.table === table));
  const at = sql`((v.day + time '10:00') at time zone 'Europe/Paris')`;
  await withTenant(db, tenantId, async (tx) => {
    await tx.execute(
      sql`update invoices o set invoice_date = v.day, due_date = v.day + o.payment_term_days, issued_at = ${at}
          from ${of('invoices')} as v(id int, day date) where o.id = v.id and o.tenant_id = ${tenantId}`,
    );
    await tx.execute(
      sql`update credit_notes o set credit_date = v.day, issued_at = ${at}
          from ${of('credit_notes')} as v(id int, day date) where o.id = v.id and o.tenant_id = ${tenantId}`,
    );
    await tx.execute(
      sql`update delivery_notes o set delivered_at = ${at}
          from ${of('delivery_notes')} as v(id int, day date) where o.id = v.id and o.tenant_id = ${tenantId}`,
    );
    await tx.execute(
      sql`update outputs o set validated_at = ${at}
          from ${of('outputs')} as v(id int, day date) where o.id = v.id and o.tenant_id = ${tenantId}`,
    );
    await tx.execute(
      sql`update inventories o set started_at = ${at} - interval '2 hours', finished_at = ${at}
          from ${of('inventories')} as v(id int, day date) where o.id = v.id and o.tenant_id = ${tenantId}`,
    );
  });
}

/** The Demo tenant's administrator, as the services see a signed-in user. */
export async function demoAdmin(db: Db): Promise<{ id: number; tenantId: number } | undefined> {
  const [admin] = await withPlatform(db, (tx) =>
    queryRows<{ id: number; tenantId: number }>(
      tx,
      sql`select id, tenant_id as "tenantId" from users where email = 'admin@demo.test'`,
    ),
  );
  return admin;
}

import { sql, type SQL } from 'drizzle-orm';
import {
  PLATFORM_ORDER_TRANSITIONS,
  ZEpcRegistration,
  ZPlatformOrderInput,
  type TEpcRegistration,
  type TActivityEntity,
  type TPlatformOrder,
  type TPlatformOrderAdmin,
  type TPlatformOrderAdminListQuery,
  type TPlatformOrderAdminSummary,
  type TPlatformOrderDelivery,
  type TPlatformOrderInput,
  type TPlatformOrderLine,
  type TPlatformOrderListQuery,
  type TPlatformOrderStatus,
  type TPlatformOrderSummary,
  type TPlatformProductKind,
  type TPlatformTagFamily,
} from '@tagstock/contract';
import { documentTotals } from '@tagstock/contract/money';
import { queryRows, withPlatform, type Db, type Tx } from '../../db/client';
import { isoUtc, jsonList, jsonRows } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { documentHistory, statusChangeEntry } from '../../platform/documents/history';
import { renderDocumentPdf, type PrintableDocument } from '../../platform/pdf/document-pdf';
import type { PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { DOCUMENT_SERIES, nextDocumentNumber } from '../../platform/documents/numbering';
import { statusMachine } from '../../platform/documents/status-machine';
import { badRequest, conflict, forbidden, notFound, type FieldError } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';
import { epcRange } from './epc-range';
import { epcConflict } from '../rfid/tags-received';

export const PLATFORM_ORDER_ENTITY = 'platform_order' satisfies TActivityEntity;

/** The supplier named on an order to the platform. */
const PLATFORM_NAME = 'Tagstock';

const PDF_LABELS: Record<PdfLanguage, { status: string; statuses: Record<TPlatformOrderStatus, string> }> = {
  fr: { status: 'Statut', statuses: { in_progress: 'En cours', done: 'Terminé (envoyé)', canceled: 'Annulé' } },
  en: { status: 'Status', statuses: { in_progress: 'In progress', done: 'Done (sent)', canceled: 'Canceled' } },
};

/**
 * In progress → Done (sent) / Canceled. Both are the super admin's (who holds every permission); a tenant may
 * cancel its own order while it is in progress, never send it (checked before the machine).
 */
export const platformOrderStatus = statusMachine<TPlatformOrderStatus, unknown>(
  'platform order',
  PLATFORM_ORDER_TRANSITIONS.map((t) => ({ ...t, permission: 'platformOrders.write' as const })),
);

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const summaryColumns = sql`o.id, o.number, ${day(sql`o.order_date`)} as "orderDate", o.status,
  o.total_net::text as "totalNet", o.total_vat::text as "totalVat", o.total_gross::text as "totalGross",
  o.line_count as "lineCount", o.registered_tags as "registeredTags",
  ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const tenantColumns = sql`o.tenant_id as "tenantId", tn.name as "tenantName"`;

const sort = {
  number: sql`o.number`,
  orderDate: sql`o.order_date`,
  status: sql`o.status`,
  totalNet: sql`o.total_net`,
  totalGross: sql`o.total_gross`,
  registeredTags: sql`o.registered_tags`,
  createdAt: sql`o.created_at`,
};

/** A tenant's own orders. */
const tenantListSpec = (tenantId: number, q: TPlatformOrderListQuery): ListSpec => ({
  columns: summaryColumns,
  from: sql`from platform_orders o`,
  where: [sql`o.tenant_id = ${tenantId}`, ...(q.status ? [sql`o.status = ${q.status}`] : [])],
  search: [sql`o.number`],
  sort,
  defaultSort: 'orderDate:desc',
  tieBreaker: sql`o.id desc`,
});

/** Every tenant's orders (super admin), with the tenant's name, optionally one tenant's. */
const adminListSpec = (q: TPlatformOrderAdminListQuery): ListSpec => ({
  columns: sql`${summaryColumns}, ${tenantColumns}`,
  from: sql`from platform_orders o join tenants tn on tn.id = o.tenant_id`,
  where: [
    ...(q.tenantId ? [sql`o.tenant_id = ${q.tenantId}`] : []),
    ...(q.status ? [sql`o.status = ${q.status}`] : []),
  ],
  search: [sql`o.number`, sql`tn.name`],
  sort: { ...sort, tenantName: sql`tn.name` },
  defaultSort: 'orderDate:desc',
  tieBreaker: sql`o.id desc`,
});

type WrittenLine = {
  position: number;
  product_id: number;
  kind: TPlatformProductKind;
  reference: string;
  designation: string;
  quantity: number;
  unit_price: string;
  vat_rate: string;
  net_amount: string;
};

type LockedOrder = { tenantId: number; number: string; status: TPlatformOrderStatus };

export function platformOrdersService(db: Db) {
  const scoped = tenantScope(db);

  /** One order with its lines, totals and deliveries; `tenantId` null only in platform work (super admin). */
  async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TPlatformOrderAdmin | undefined> {
    const [header] = await queryRows<Omit<TPlatformOrderAdmin, 'lines' | 'totals' | 'deliveries' | 'history'>>(
      tx,
      sql`select ${summaryColumns}, ${tenantColumns}, o.notes, u.name as "createdByName"
          from platform_orders o join tenants tn on tn.id = o.tenant_id left join users u on u.id = o.created_by
          where o.id = ${id}${tenantId === null ? sql`` : sql` and o.tenant_id = ${tenantId}`}`,
    );
    if (!header) return undefined;
    const owner = header.tenantId;
    const lines = await queryRows<TPlatformOrderLine>(
      tx,
      sql`select id, position, product_id as "productId", kind, reference, designation, quantity,
            round(unit_price, 2)::text as "unitPrice", discount::text as discount, vat_rate::text as "vatRate",
            net_amount::text as "netAmount"
          from platform_order_lines where order_id = ${id} and tenant_id = ${owner} order by position`,
    );
    const deliveries = await queryRows<TPlatformOrderDelivery>(
      tx,
      sql`select d.id, d.family_id as "familyId", f.name as "familyName", d.count, d.first_epc as "firstEpc",
            d.last_epc as "lastEpc", u.name as "userName", ${isoUtc(sql`d.created_at`)} as "createdAt"
          from platform_order_deliveries d left join tag_families f on f.id = d.family_id
            left join users u on u.id = d.user_id
          where d.order_id = ${id} and d.tenant_id = ${owner} order by d.created_at, d.id`,
    );
    const history = await documentHistory(tx, owner, PLATFORM_ORDER_ENTITY, id);
    const { net, vat, gross, byRate } = documentTotals(lines);
    return { ...header, lines, totals: { net, vat, gross, byRate }, deliveries, history };
  }

  const withoutTenant = ({ tenantId: _t, tenantName: _n, ...order }: TPlatformOrderAdmin): TPlatformOrder => order;

  /** Locks the order for the rest of the transaction; 404 when there is none (in the caller's tenant). */
  async function lockOrder(tx: Tx, tenantId: number | null, id: number): Promise<LockedOrder> {
    const [order] = await queryRows<LockedOrder>(
      tx,
      sql`select tenant_id as "tenantId", number, status from platform_orders
          where id = ${id}${tenantId === null ? sql`` : sql` and tenant_id = ${tenantId}`} for update`,
    );
    if (!order) throw notFound('platform order');
    return order;
  }

  async function changeStatus(
    tx: Tx,
    auth: AuthContext,
    id: number,
    order: LockedOrder,
    to: TPlatformOrderStatus,
    note: string | null,
  ) {
    platformOrderStatus.check(auth, null, order.status, to);
    await tx.execute(
      sql`update platform_orders set status = ${to}, updated_at = now()
          where id = ${id} and tenant_id = ${order.tenantId}`,
    );
    await logActivity(tx, {
      tenantId: order.tenantId,
      userId: auth.userId,
      entity: PLATFORM_ORDER_ENTITY,
      entityId: id,
      ...statusChangeEntry(order.number, order.status, to, note),
    });
  }

  /**
   * The order as a PDF, issued by the tenant (its company settings) to the platform: read in one short transaction
   * (the tenant's, or platform work for the super admin), rendered after it in a worker thread.
   */
  async function pdf(tx: Tx, tenantId: number | null, id: number) {
    const order = await findOne(tx, tenantId, id);
    if (!order) throw notFound('platform order');
    return { order, company: await companyForDocuments(tx, order.tenantId) };
  }
  const renderPdf = async ({ order, company }: Awaited<ReturnType<typeof pdf>>, language: PdfLanguage) => {
    const labels = PDF_LABELS[language];
    const doc: PrintableDocument = {
      kind: 'platformOrder',
      number: order.number,
      date: order.orderDate,
      partyRole: 'supplier',
      party: { name: PLATFORM_NAME, lines: [] },
      fields: [{ label: labels.status, value: labels.statuses[order.status] }],
      lines: order.lines,
      totals: order.totals,
      notes: order.notes,
    };
    return { number: order.number, pdf: await renderDocumentPdf(doc, company, language) };
  };

  return {
    pdf: async (auth: AuthContext, id: number, language: PdfLanguage) =>
      renderPdf(await scoped(auth, (tx, tenantId) => pdf(tx, tenantId, id)), language),

    adminPdf: async (id: number, language: PdfLanguage) =>
      renderPdf(await withPlatform(db, (tx) => pdf(tx, null, id)), language),

    list: (auth: AuthContext, q: TPlatformOrderListQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TPlatformOrderSummary>(tx, tenantListSpec(tenantId, q), q)),

    get: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        const order = await findOne(tx, tenantId, id);
        if (!order) throw notFound('platform order');
        return withoutTenant(order);
      }),

    /** Creating an order issues it (RB series): the products' reference, designation, price and VAT are copied. */
    create: (auth: AuthContext, body: TPlatformOrderInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZPlatformOrderInput.parse(body);
        const ids = [...new Set(input.lines.map((l) => l.productId))];
        const products = await queryRows<{
          id: number;
          kind: TPlatformProductKind;
          reference: string;
          designation: string;
          unitPrice: string;
          vatRate: string;
        }>(
          tx,
          sql`select p.id, p.kind, p.reference, p.designation, p.unit_price::text as "unitPrice",
                p.vat_rate::text as "vatRate"
              from ${jsonList(ids)} e(id) join platform_products p on p.id = e.id::int and p.active`,
        );
        const byId = new Map(products.map((p) => [p.id, p]));
        const errors: FieldError[] = [];
        input.lines.forEach((l, i) => {
          if (!byId.has(l.productId))
            errors.push({ field: `lines.${i}.productId`, message: 'not found', code: 'not_found' });
        });
        if (errors.length) throw badRequest('unknown_reference', 'Unknown or inactive product', errors);
        const priced = input.lines.map((l) => {
          const p = byId.get(l.productId)!;
          return { ...l, product: p, unitPrice: p.unitPrice, vatRate: p.vatRate, discount: '0' };
        });
        const totals = documentTotals(priced);
        const lines: WrittenLine[] = priced.map((l, i) => ({
          position: i + 1,
          product_id: l.productId,
          kind: l.product.kind,
          reference: l.product.reference,
          designation: l.product.designation,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          vat_rate: l.vatRate,
          net_amount: totals.lines[i]!,
        }));
        const today = new Date().toISOString().slice(0, 10);
        const number = await nextDocumentNumber(tx, tenantId, DOCUMENT_SERIES.platformOrder, today);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into platform_orders (tenant_id, number, order_date, notes, total_net, total_vat, total_gross,
                line_count, created_by)
              values (${tenantId}, ${number}, ${today}, ${input.notes}, ${totals.net}, ${totals.vat}, ${totals.gross},
                ${lines.length}, ${auth.userId})
              returning id`,
        );
        const id = row!.id;
        await tx.execute(
          sql`insert into platform_order_lines (tenant_id, order_id, position, product_id, kind, reference, designation,
                quantity, unit_price, vat_rate, net_amount)
              select ${tenantId}, ${id}, position, product_id, kind, reference, designation, quantity, unit_price,
                vat_rate, net_amount
              from ${jsonRows(lines)} as x(position int, product_id int, kind text, reference text, designation text,
                quantity int, unit_price numeric, vat_rate numeric, net_amount numeric)`,
        );
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PLATFORM_ORDER_ENTITY,
          entityId: id,
          action: 'created',
          summary: number,
          changes: [
            { field: 'lines', from: null, to: lines.length },
            { field: 'totalNet', from: null, to: totals.net },
          ],
        });
        return withoutTenant((await findOne(tx, tenantId, id))!);
      }),

    /** A tenant may only cancel its order while it is in progress: sending it is the platform's. */
    setStatus: (auth: AuthContext, id: number, to: TPlatformOrderStatus, note: string | null) =>
      scoped(auth, async (tx, tenantId) => {
        const order = await lockOrder(tx, tenantId, id);
        if (to === 'done' && PLATFORM_ORDER_TRANSITIONS.some((t) => t.from === order.status && t.to === to))
          throw forbidden();
        await changeStatus(tx, auth, id, order, to, note);
        return withoutTenant((await findOne(tx, tenantId, id))!);
      }),

    // The super admin's side: platform work across tenants.
    adminList: (q: TPlatformOrderAdminListQuery) =>
      withPlatform(db, (tx) => paginate<TPlatformOrderAdminSummary>(tx, adminListSpec(q), q)),

    adminGet: (id: number) =>
      withPlatform(db, async (tx) => {
        const order = await findOne(tx, null, id);
        if (!order) throw notFound('platform order');
        return order;
      }),

    adminSetStatus: (auth: AuthContext, id: number, to: TPlatformOrderStatus, note: string | null) =>
      withPlatform(db, async (tx) => {
        const order = await lockOrder(tx, null, id);
        await changeStatus(tx, auth, id, order, to, note);
        return (await findOne(tx, null, id))!;
      }),

    /** A tenant's tag families, for the choice of where delivered tags go. */
    tenantFamilies: (tenantId: number) =>
      withPlatform(db, async (tx) => {
        const [tenant] = await queryRows(tx, sql`select 1 from tenants where id = ${tenantId}`);
        if (!tenant) throw notFound('Client');
        return queryRows<TPlatformTagFamily>(
          tx,
          sql`select id, name from tag_families where tenant_id = ${tenantId} order by name, id limit 1000`,
        );
      }),

    /**
     * Registers delivered tags to the order's tenant: unbound (no article), in one of its families. EPCs it
     * already has are named and nothing is written. A constant number of statements whatever the count.
     */
    registerEpcs: (auth: AuthContext, id: number, body: TEpcRegistration) =>
      withPlatform(db, async (tx) => {
        const input = ZEpcRegistration.parse(body);
        const order = await lockOrder(tx, null, id);
        if (order.status !== 'done')
          throw conflict('order_not_sent', 'Tags are registered once the order is done (sent)', undefined, {
            status: order.status,
          });
        const tenantId = order.tenantId;
        const [family] = await queryRows(
          tx,
          sql`select 1 from tag_families where id = ${input.familyId} and tenant_id = ${tenantId}`,
        );
        if (!family)
          throw badRequest('unknown_reference', 'Unknown familyId for this client', [
            { field: 'familyId', message: 'not found', code: 'not_found' },
          ]);
        let epcs: string[];
        if (input.range) {
          const range = epcRange(input.range.first, input.range.count);
          if (!range)
            throw badRequest('validation_failed', 'The range runs past the largest EPC of that length', [
              { field: 'range.count', message: 'too many for this first EPC', code: 'too_large' },
            ]);
          epcs = range;
        } else epcs = [...new Set(input.epcs!)];
        const existing = await queryRows<{ epc: string }>(
          tx,
          sql`select t.epc from ${jsonList(epcs)} e(epc) join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
              order by t.epc limit 100`,
        );
        if (existing.length)
          throw epcConflict(
            'epc_already_registered',
            'are already registered',
            existing.map((e) => e.epc),
          );
        const [inserted] = await queryRows<{ n: number }>(
          tx,
          sql`with ins as (
                insert into tags (tenant_id, epc, family_id)
                select ${tenantId}, e.epc, ${input.familyId}::int from ${jsonList(epcs)} e(epc)
                on conflict (tenant_id, epc) do nothing
                returning 1)
              select count(*)::int as n from ins`,
        );
        // Another writer took some of them meanwhile: refuse the whole delivery (the transaction rolls back).
        if ((inserted?.n ?? 0) !== epcs.length)
          throw conflict('epc_already_registered', 'Some of these EPCs were registered meanwhile', undefined, {
            count: epcs.length - (inserted?.n ?? 0),
            epcs: '',
          });
        const sorted = [...epcs].sort();
        await tx.execute(
          sql`insert into platform_order_deliveries (tenant_id, order_id, family_id, count, first_epc, last_epc, user_id)
              values (${tenantId}, ${id}, ${input.familyId}, ${epcs.length}, ${sorted[0]!}, ${sorted.at(-1)!},
                ${auth.userId})`,
        );
        await tx.execute(
          sql`update platform_orders set registered_tags = registered_tags + ${epcs.length}, updated_at = now()
              where id = ${id} and tenant_id = ${tenantId}`,
        );
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PLATFORM_ORDER_ENTITY,
          entityId: id,
          action: 'received',
          summary: order.number,
          changes: [{ field: 'registeredTags', from: null, to: epcs.length }],
        });
        return (await findOne(tx, null, id))!;
      }),
  };
}

export type PlatformOrdersService = ReturnType<typeof platformOrdersService>;

import { sql, type SQL } from 'drizzle-orm';
import {
  PLATFORM_ORDER_TRANSITIONS,
  ZEpcRegistration,
  ZPlatformOrder,
  ZPlatformOrderAdmin,
  ZPlatformOrderAdminListQuery,
  ZPlatformOrderAdminSummary,
  ZPlatformOrderInput,
  ZPlatformOrderListQuery,
  ZPlatformOrderStatusChange,
  ZPlatformOrderSummary,
  type TActivityEntity,
  type TEpcRegistration,
  type TPlatformOrderAdmin,
  type TPlatformOrderDelivery,
  type TPlatformOrderLine,
  type TPlatformOrderStatus,
  type TPlatformProductKind,
  type TPlatformTagFamily,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, withPlatform, type Db, type Tx } from '../../db/client';
import type { AuthContext } from '../../platform/auth';
import { isoUtc, jsonList } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { documentService } from '../../platform/documents/document-service';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { documentHistory } from '../../platform/documents/history';
import { tenantToday } from '../../platform/documents/numbering';
import { pricedLines, pricedLineSelect, storedTotals } from '../../platform/documents/priced-lines';
import { serverTransitions } from '../../platform/documents/status-machine';
import { badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import { documentList } from '../../platform/documents/document-list';
import type { PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { epcConflict } from '../rfid/tags-received';
import { epcRange } from './epc-range';
import { platformOrderLines } from './platform-orders.schema';

export const PLATFORM_ORDER_ENTITY = 'platform_order' satisfies TActivityEntity;

/** The supplier named on an order to the platform. */
const PLATFORM_NAME = 'Tagstock';

const PDF_LABELS: Record<
  PdfLanguage,
  { title: string; status: string; statuses: Record<TPlatformOrderStatus, string> }
> = {
  fr: {
    title: 'Commande plateforme',
    status: 'Statut',
    statuses: { in_progress: 'En cours', done: 'Terminé (envoyé)', canceled: 'Annulé' },
  },
  en: {
    title: 'Platform order',
    status: 'Status',
    statuses: { in_progress: 'In progress', done: 'Done (sent)', canceled: 'Canceled' },
  },
};

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

/** A tenant's own orders or (platform work) every tenant's, with the tenant's name, optionally one tenant's. */
const listSpec = (tenantId: number | null, q: Record<string, unknown>) =>
  documentList(
    tenantId,
    q,
    tenantId === null
      ? {
          columns: sql`${summaryColumns}, ${tenantColumns}`,
          from: sql`from platform_orders o join tenants tn on tn.id = o.tenant_id`,
          equals: { status: sql`o.status`, tenantId: sql`o.tenant_id` },
          search: [sql`o.number`, sql`tn.name`],
          sort: { ...sort, tenantName: sql`tn.name` },
          defaultSort: 'orderDate:desc',
        }
      : {
          columns: summaryColumns,
          from: sql`from platform_orders o`,
          equals: { status: sql`o.status` },
          search: [sql`o.number`],
          sort,
          defaultSort: 'orderDate:desc',
        },
  );

/** One order with its lines, stored totals and deliveries; `tenantId` null only in platform work (super admin). */
async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TPlatformOrderAdmin | undefined> {
  const [header] = await queryRows<Omit<TPlatformOrderAdmin, 'lines' | 'deliveries' | 'history'>>(
    tx,
    sql`select ${summaryColumns}, ${tenantColumns}, o.notes, u.name as "createdByName", ${storedTotals('o')}
        from platform_orders o join tenants tn on tn.id = o.tenant_id left join users u on u.id = o.created_by
        where o.id = ${id}${tenantId === null ? sql`` : sql` and o.tenant_id = ${tenantId}`}`,
  );
  if (!header) return undefined;
  const owner = header.tenantId;
  const lines = await queryRows<TPlatformOrderLine>(
    tx,
    sql`select ${pricedLineSelect}, product_id as "productId", kind
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
  return { ...header, lines, deliveries, history };
}

type Input = z.output<typeof ZPlatformOrderInput>;

/** The products of the lines, active in the catalogue: their reference, designation, price and VAT are copied. */
async function write({ tx }: DocumentContext, input: Input) {
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
    sql`select p.id, p.kind, p.reference, p.designation, p.unit_price::text as "unitPrice", p.vat_rate::text as "vatRate"
        from ${jsonList(ids)} e(id) join platform_products p on p.id = e.id::int and p.active`,
  );
  const byId = new Map(products.map((p) => [p.id, p]));
  const errors: FieldError[] = [];
  input.lines.forEach((l, i) => {
    if (!byId.has(l.productId)) errors.push({ field: `lines.${i}.productId`, message: 'not found', code: 'not_found' });
  });
  if (errors.length) throw badRequest('unknown_reference', 'Unknown or inactive product', errors);
  const priced = pricedLines(
    input.lines.map((l) => ({ ...byId.get(l.productId)!, quantity: l.quantity })),
    (p) => ({ product_id: p.id, kind: p.kind }),
  );
  return { header: { order_date: await tenantToday(tx), notes: input.notes, ...priced.header }, lines: priced.rows };
}

/**
 * Orders to the platform (RB series), numbered at creation, never edited: the super admin sends (done) or
 * cancels one in progress; the tenant may only cancel its own.
 */
export const platformOrderType: DocumentType<TPlatformOrderStatus, TPlatformOrderAdmin, Input> = {
  entity: PLATFORM_ORDER_ENTITY,
  noun: 'platform order',
  table: 'platform_orders',
  lines: { table: platformOrderLines, parent: platformOrderLines.orderId },
  series: 'RB',
  numberAt: 'create',
  editable: [],
  permissions: { read: 'platformOrders.read', write: 'platformOrders.write' },
  actions: {
    registerEpcs: {
      statuses: ['done'],
      code: 'order_not_sent',
      message: 'Tags are registered once the order is done (sent)',
    },
  },
  transitions: serverTransitions(PLATFORM_ORDER_TRANSITIONS, 'platformOrders.write', {}),
  input: ZPlatformOrderInput,
  schemas: {
    summary: ZPlatformOrderSummary,
    full: ZPlatformOrder,
    listQuery: ZPlatformOrderListQuery,
    statusChange: ZPlatformOrderStatusChange,
  },
  platformSchemas: {
    summary: ZPlatformOrderAdminSummary,
    full: ZPlatformOrderAdmin,
    listQuery: ZPlatformOrderAdminListQuery,
  },
  read: findOne,
  list: listSpec,
  write,
  logged: (o) => ({ notes: o.notes, lines: o.lines.length, totalNet: o.totalNet }),
  created: (o) => [
    { field: 'lines', from: null, to: o.lines.length },
    { field: 'totalNet', from: null, to: o.totalNet },
  ],
  printable: async (_tx, order, language) => {
    const labels = PDF_LABELS[language];
    return {
      title: labels.title,
      number: order.number,
      date: order.orderDate,
      partyRole: 'supplier',
      party: { name: PLATFORM_NAME, lines: [] },
      fields: [{ label: labels.status, value: labels.statuses[order.status] }],
      lines: order.lines,
      totals: order.totals,
      notes: order.notes,
    };
  },
  company: companyForDocuments,
};

export function platformOrdersService(db: Db) {
  const documents = documentService(db, platformOrderType);
  return {
    ...documents,

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
      documents.platformAction(auth, id, 'registerEpcs', async ({ tx, tenantId }, order) => {
        const input = ZEpcRegistration.parse(body);
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
          summary: order.number!,
          changes: [{ field: 'registeredTags', from: null, to: epcs.length }],
        });
      }),
  };
}

export type PlatformOrdersService = ReturnType<typeof platformOrdersService>;

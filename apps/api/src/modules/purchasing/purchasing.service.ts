import { sql, type SQL } from 'drizzle-orm';
import {
  PURCHASE_ORDER_TRANSITIONS,
  ZPurchaseOrder,
  ZPurchaseOrderInput,
  ZPurchaseOrderListQuery,
  ZPurchaseOrderStatusChange,
  ZPurchaseOrderSummary,
  ZReceiptInput,
  type TActivityEntity,
  type TArticleOnOrder,
  type TPurchaseOrder,
  type TPurchaseOrderLine,
  type TPurchaseOrderStatus,
  type TReceipt,
  type TReceiptInput,
  type TReceiptStatus,
} from '@tagstock/contract';
import type { z } from 'zod';
import { jsonList, jsonRows, isoUtc } from '../../db/sql-fragments';
import { queryRows, type Db, type Tx } from '../../db/client';
import { logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { documentService } from '../../platform/documents/document-service';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { pricedLines, pricedLineSelect, storedTotals } from '../../platform/documents/priced-lines';
import { serverTransitions } from '../../platform/documents/status-machine';
import { badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import { documentList } from '../../platform/documents/document-list';
import { lineArticles, missingReferences } from '../../platform/documents/references';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { putReceivedTagsInStock, type ReceivedTag } from '../rfid/tags-received';
import { moveStock } from '../stock/stock.service';
import { purchaseOrderLines } from './purchasing.schema';

const LINES = { table: purchaseOrderLines, parent: purchaseOrderLines.orderId };

const PDF_LABELS: Record<
  PdfLanguage,
  {
    title: string;
    expectedDate: string;
    paymentMode: string;
    status: string;
    statuses: Record<TPurchaseOrderStatus, string>;
  }
> = {
  fr: {
    title: 'Bon de commande',
    expectedDate: 'Livraison prévue',
    paymentMode: 'Mode de paiement',
    status: 'Statut',
    statuses: { in_progress: 'En cours', done: 'Terminé (envoyé)', canceled: 'Annulé' },
  },
  en: {
    title: 'Purchase order',
    expectedDate: 'Expected delivery',
    paymentMode: 'Payment mode',
    status: 'Status',
    statuses: { in_progress: 'In progress', done: 'Done (sent)', canceled: 'Canceled' },
  },
};

/**
 * The EPCs given with a receipt, each with its line's article. An EPC given twice, or on a line without an article,
 * is a 400 naming the line.
 */
function receivedTags(
  lines: readonly { lineId: number; epcs: readonly string[] }[],
  orderLines: ReadonlyMap<number, { articleId: number | null }>,
): ReceivedTag[] {
  const tagged: ReceivedTag[] = [];
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  lines.forEach((l, i) => {
    if (l.epcs.length === 0) return;
    const articleId = orderLines.get(l.lineId)!.articleId;
    if (articleId === null) {
      errors.push({ field: `lines.${i}.epcs`, message: 'this line has no article to bind EPCs to', code: 'invalid' });
      return;
    }
    for (const epc of l.epcs) {
      if (seen.has(epc)) errors.push({ field: `lines.${i}.epcs`, message: `${epc} given twice`, code: 'invalid' });
      seen.add(epc);
      tagged.push({ epc, articleId });
    }
  });
  if (errors.length) throw badRequest('validation_failed', 'EPCs that cannot be received', errors);
  return tagged;
}

/** The contract's refusals, in the English of the problem's detail (the web translates the code and the state). */
const REFUSALS = {
  no_lines: 'An order without lines cannot be sent',
  received: 'An order already received, even partly, cannot be canceled',
};

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const summaryColumns = sql`o.id, o.number, o.supplier_id as "supplierId", s.name as "supplierName",
  ${day(sql`o.order_date`)} as "orderDate", ${day(sql`o.expected_date`)} as "expectedDate",
  o.payment_mode_id as "paymentModeId", pm.label as "paymentModeLabel", o.status, o.receipt_status as "receiptStatus",
  o.total_net::text as "totalNet", o.total_vat::text as "totalVat", o.total_gross::text as "totalGross",
  o.line_count as "lineCount", ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from purchase_orders o join suppliers s on s.id = o.supplier_id
  join payment_modes pm on pm.id = o.payment_mode_id`;

export const purchaseOrderListSpec = (tenantId: number | null, q: Record<string, unknown>) =>
  documentList(tenantId, q, {
    columns: summaryColumns,
    from: summaryFrom,
    equals: { status: sql`o.status`, receiptStatus: sql`o.receipt_status`, supplierId: sql`o.supplier_id` },
    lines: LINES,
    search: [sql`o.number`, sql`s.name`],
    sort: {
      number: sql`o.number`,
      orderDate: sql`o.order_date`,
      expectedDate: sql`o.expected_date`,
      supplierName: sql`s.name`,
      status: sql`o.status`,
      receiptStatus: sql`o.receipt_status`,
      totalNet: sql`o.total_net`,
      totalGross: sql`o.total_gross`,
      createdAt: sql`o.created_at`,
    },
    defaultSort: 'orderDate:desc',
  });

export const PURCHASE_ORDER_ENTITY = 'purchase_order' satisfies TActivityEntity;

type LockedOrder = {
  id: number;
  tenantId: number;
  number: string;
  status: TPurchaseOrderStatus;
  receiptStatus: TReceiptStatus;
  lineCount: number;
};
type Input = z.output<typeof ZPurchaseOrderInput>;

/** A line's row as written: the priced columns, its article, and what was received of it. */
type WrittenLine = { reference: string; designation: string; quantity: number };

/** The order's lines and totals from stored columns: what was written, never recomputed from the articles. */
async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TPurchaseOrder | undefined> {
  const [header] = await queryRows<Omit<TPurchaseOrder, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, o.notes, u.name as "createdByName", ${storedTotals('o')}
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  const lines = await queryRows<TPurchaseOrderLine>(
    tx,
    sql`select ${pricedLineSelect}, article_id as "articleId", received_quantity as "receivedQuantity"
        from purchase_order_lines where order_id = ${id} and tenant_id = ${tenantId} order by position`,
  );
  return { ...header, lines };
}

/** The header's references and the lines' articles, each checked in the caller's tenant, in two queries. */
async function write({ tx, tenantId }: DocumentContext, input: Input) {
  const { byId, errors } = await lineArticles(tx, tenantId, input.lines);
  errors.unshift(
    ...(await missingReferences(tx, tenantId, {
      supplierId: { table: 'suppliers', id: input.supplierId },
      paymentModeId: { table: 'payment_modes', id: input.paymentModeId },
    })),
  );
  if (errors.length) throw badRequest('unknown_reference', 'Unknown supplier, payment mode or article', errors);
  const priced = pricedLines(
    input.lines.map((l) => {
      const article = byId.get(l.articleId)!;
      return { ...l, reference: article.reference, designation: l.designation || article.designation };
    }),
    (l) => ({ article_id: l.articleId }),
  );
  return {
    header: {
      supplier_id: input.supplierId,
      payment_mode_id: input.paymentModeId,
      order_date: input.orderDate,
      expected_date: input.expectedDate,
      notes: input.notes,
      ...priced.header,
      // Units ordered by the lines, kept on the order for the period widgets of the dashboard.
      ordered_units: input.lines.reduce((sum, l) => sum + l.quantity, 0),
    },
    lines: priced.rows,
  };
}

/**
 * Keeps the per-reference counts of the dashboard (orders and units, orders not canceled): adds an order's
 * written lines, or takes back its stored lines. An order counts once per reference, whatever its lines of it.
 * One statement; references in a fixed order (no deadlock between two).
 */
const countReferences = (tx: Tx, tenantId: number, lines: readonly WrittenLine[]) =>
  lines.length
    ? tx.execute(
        sql`insert into purchase_reference_counts as c (tenant_id, reference, designation, lines, quantity)
              select ${tenantId}, reference, max(designation), 1, sum(quantity)
              from ${jsonRows(lines)} as x(reference text, designation text, quantity int)
              group by reference order by reference
              on conflict (tenant_id, reference) do update set lines = c.lines + excluded.lines,
                quantity = c.quantity + excluded.quantity, designation = excluded.designation`,
      )
    : Promise.resolve();
const uncountReferences = ({ tx, tenantId }: DocumentContext, orderId: number) =>
  tx.execute(
    sql`update purchase_reference_counts c set lines = c.lines - x.lines, quantity = c.quantity - x.quantity
          from (select reference, 1 as lines, sum(quantity) as quantity from purchase_order_lines
                where order_id = ${orderId} and tenant_id = ${tenantId} group by reference order by reference) x
          where c.tenant_id = ${tenantId} and c.reference = x.reference`,
  );

/** Purchase orders (BC series): numbered at creation, editable in progress, sent, received, canceled. */
export const purchaseOrderType: DocumentType<TPurchaseOrderStatus, TPurchaseOrder, Input, LockedOrder> = {
  entity: PURCHASE_ORDER_ENTITY,
  noun: 'purchase order',
  table: 'purchase_orders',
  lines: LINES,
  series: 'BC',
  numberAt: 'create',
  editable: ['in_progress'],
  permissions: { read: 'purchaseOrders.read', write: 'purchaseOrders.write' },
  actions: {
    receive: { statuses: ['done'], code: 'invalid_transition', message: 'Only a sent order can be received' },
  },
  transitions: serverTransitions(PURCHASE_ORDER_TRANSITIONS, 'purchaseOrders.write', REFUSALS, {
    'in_progress>canceled': (ctx, order: LockedOrder) => uncountReferences(ctx, order.id).then(() => undefined),
    'done>canceled': (ctx, order: LockedOrder) => uncountReferences(ctx, order.id).then(() => undefined),
  }),
  lockColumns: sql`receipt_status as "receiptStatus", line_count as "lineCount"`,
  input: ZPurchaseOrderInput,
  schemas: {
    summary: ZPurchaseOrderSummary,
    full: ZPurchaseOrder,
    listQuery: ZPurchaseOrderListQuery,
    statusChange: ZPurchaseOrderStatusChange,
  },
  read: findOne,
  list: purchaseOrderListSpec,
  write,
  beforeLinesReplaced: (ctx, id) => uncountReferences(ctx, id).then(() => undefined),
  afterWrite: (ctx, _id, written) =>
    countReferences(ctx.tx, ctx.tenantId, written.lines as WrittenLine[]).then(() => undefined),
  logged: (o) => ({
    supplierId: o.supplierId,
    paymentModeId: o.paymentModeId,
    orderDate: o.orderDate,
    expectedDate: o.expectedDate,
    notes: o.notes,
    lines: o.lines.length,
    totalNet: o.totalNet,
  }),
  created: (o) => [
    { field: 'lines', from: null, to: o.lines.length },
    { field: 'totalNet', from: null, to: o.totalNet },
  ],
  async printable(tx, order, language) {
    const [supplier] = await queryRows<{ lines: (string | null)[] }>(
      tx,
      sql`select array[contact, address, nullif(concat_ws(' ', postcode, city), ''), country, vat_number, email, phone]
            as lines
          from suppliers where id = ${order.supplierId}`,
    );
    const labels = PDF_LABELS[language];
    return {
      title: labels.title,
      number: order.number,
      date: order.orderDate,
      partyRole: 'supplier',
      party: { name: order.supplierName, lines: (supplier?.lines ?? []).filter((l): l is string => !!l) },
      fields: [
        ...(order.expectedDate
          ? [{ label: labels.expectedDate, value: formatDate(order.expectedDate, language) }]
          : []),
        { label: labels.paymentMode, value: order.paymentModeLabel },
        { label: labels.status, value: labels.statuses[order.status] },
      ],
      lines: order.lines,
      totals: order.totals,
      notes: order.notes,
    };
  },
  company: companyForDocuments,
};

export function purchasingService(db: Db) {
  const scoped = tenantScope(db);
  const documents = documentService(db, purchaseOrderType);

  return {
    ...documents,

    /**
     * Receives all or part of the lines of a sent order: the stock of their articles goes up through moveStock,
     * with the order number. A constant number of statements whatever the number of lines.
     */
    receive: (auth: AuthContext, id: number, body: TReceiptInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZReceiptInput.parse(body);
        const order = await documents.lockFor(tx, tenantId, id, 'receive');
        const seen = new Set<number>();
        const duplicates: FieldError[] = [];
        input.lines.forEach((l, i) => {
          if (seen.has(l.lineId))
            duplicates.push({ field: `lines.${i}.lineId`, message: 'line given twice', code: 'invalid' });
          seen.add(l.lineId);
        });
        if (duplicates.length) throw badRequest('validation_failed', 'A line of the order is given twice', duplicates);
        const lines = await queryRows<{ id: number; articleId: number | null; quantity: number; received: number }>(
          tx,
          sql`select l.id, l.article_id as "articleId", l.quantity, l.received_quantity as received
              from ${jsonList([...seen])} e(id)
              join purchase_order_lines l on l.id = e.id::int and l.order_id = ${id} and l.tenant_id = ${tenantId}`,
        );
        const byId = new Map(lines.map((l) => [l.id, l]));
        const unknown: FieldError[] = [];
        const over: FieldError[] = [];
        input.lines.forEach((l, i) => {
          const line = byId.get(l.lineId);
          if (!line)
            unknown.push({ field: `lines.${i}.lineId`, message: 'not a line of this order', code: 'not_found' });
          else if (line.received + l.quantity > line.quantity) {
            const remaining = Math.max(line.quantity - line.received, 0);
            over.push({
              field: `lines.${i}.quantity`,
              message: `at most ${remaining} left to receive`,
              code: 'too_large',
              params: { maximum: remaining, inclusive: true },
            });
          }
        });
        if (unknown.length) throw badRequest('unknown_reference', 'Unknown order line', unknown);
        if (over.length && !input.confirmOverReceipt)
          throw conflict('over_receipt', 'More than ordered would be received: confirm to receive it anyway', over);
        const tagged = receivedTags(input.lines, byId);

        const [receipt] = await queryRows<{ id: number }>(
          tx,
          sql`insert into purchase_receipts (tenant_id, order_id, receipt_date, note, user_id)
              values (${tenantId}, ${id}, ${input.receiptDate}, ${input.note}, ${auth.userId}) returning id`,
        );
        const received = input.lines.map((l) => ({ line_id: l.lineId, quantity: l.quantity, epcs: l.epcs.length }));
        await tx.execute(
          sql`insert into purchase_receipt_lines (tenant_id, receipt_id, order_line_id, quantity, epc_count)
              select ${tenantId}, ${receipt!.id}, line_id, quantity, epcs
              from ${jsonRows(received)} as x(line_id int, quantity int, epcs int)`,
        );
        await tx.execute(
          sql`update purchase_order_lines l set received_quantity = l.received_quantity + x.quantity
              from ${jsonRows(received)} as x(line_id int, quantity int)
              where l.id = x.line_id and l.order_id = ${id} and l.tenant_id = ${tenantId}`,
        );
        await moveStock(
          tx,
          { tenantId, userId: auth.userId },
          input.lines
            .filter((l) => byId.get(l.lineId)!.articleId !== null)
            .map((l) => ({
              articleId: byId.get(l.lineId)!.articleId!,
              delta: l.quantity,
              reason: 'receipt' as const,
              note: order.number,
              source: { type: PURCHASE_ORDER_ENTITY, id },
            })),
        );
        const [after] = await queryRows<{ receiptStatus: TReceiptStatus }>(
          tx,
          sql`update purchase_orders o set receipt_status = s.status, received_units = s.received, updated_at = now()
              from (select case when coalesce(sum(received_quantity), 0) = 0 then 'not_received'
                                when bool_and(received_quantity >= quantity) then 'received'
                                else 'partially_received' end as status,
                           coalesce(sum(received_quantity), 0) as received
                    from purchase_order_lines where order_id = ${id} and tenant_id = ${tenantId}) s
              where o.id = ${id} and o.tenant_id = ${tenantId}
              returning o.receipt_status as "receiptStatus"`,
        );
        await putReceivedTagsInStock(tx, tenantId, tagged);
        const units = input.lines.reduce((sum, l) => sum + l.quantity, 0);
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PURCHASE_ORDER_ENTITY,
          entityId: id,
          action: 'received',
          // Numbers as changes, not words in the summary: the web names them in the reader's language.
          summary: order.number,
          changes: [
            { field: 'receiptStatus', from: order.receiptStatus, to: after!.receiptStatus },
            { field: 'receivedUnits', from: null, to: units },
            ...(tagged.length ? [{ field: 'receivedEpcs', from: null, to: tagged.length }] : []),
          ],
        });
        return (await findOne(tx, tenantId, id))!;
      }),

    receipts: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        await documents.assertExists(tx, tenantId, id);
        return queryRows<TReceipt>(
          tx,
          sql`select r.id, ${day(sql`r.receipt_date`)} as "receiptDate", r.note, u.name as "userName",
                ${isoUtc(sql`r.created_at`)} as "createdAt",
                coalesce((select json_agg(json_build_object('lineId', rl.order_line_id, 'articleId', l.article_id,
                            'reference', l.reference, 'quantity', rl.quantity, 'epcCount', rl.epc_count)
                            order by l.position)
                          from purchase_receipt_lines rl join purchase_order_lines l on l.id = rl.order_line_id
                          where rl.receipt_id = r.id and rl.tenant_id = ${tenantId}), '[]'::json) as lines
              from purchase_receipts r left join users u on u.id = r.user_id
              where r.order_id = ${id} and r.tenant_id = ${tenantId}
              order by r.created_at desc, r.id desc`,
        );
      }),

    /** Open orders (in progress or sent, not fully received) of an article and the quantity still expected. */
    onOrder: (auth: AuthContext, articleId: number) =>
      scoped(auth, async (tx, tenantId): Promise<TArticleOnOrder> => {
        const [article] = await queryRows(
          tx,
          sql`select 1 from articles where id = ${articleId} and tenant_id = ${tenantId}`,
        );
        if (!article) throw notFound('article');
        const orders = await queryRows<TArticleOnOrder['orders'][number]>(
          tx,
          sql`select o.id, o.number, s.name as "supplierName", o.status, ${day(sql`o.expected_date`)} as "expectedDate",
                sum(l.quantity)::int as ordered, sum(l.received_quantity)::int as received
              from purchase_order_lines l join purchase_orders o on o.id = l.order_id
                join suppliers s on s.id = o.supplier_id
              where l.tenant_id = ${tenantId} and l.article_id = ${articleId}
                and o.status in ('in_progress', 'done') and o.receipt_status <> 'received'
              group by o.id, s.name
              order by o.expected_date nulls last, o.id
              limit 100`,
        );
        const quantityOnOrder = orders.reduce((sum, o) => sum + Math.max(o.ordered - o.received, 0), 0);
        return { quantityOnOrder, orders };
      }),
  };
}

export type PurchasingService = ReturnType<typeof purchasingService>;

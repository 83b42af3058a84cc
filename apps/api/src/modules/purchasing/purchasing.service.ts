import { sql, type SQL } from 'drizzle-orm';
import {
  PURCHASE_ORDER_TRANSITIONS,
  type TActivityEntity,
  type TArticleOnOrder,
  type TPurchaseOrder,
  type TPurchaseOrderInput,
  type TPurchaseOrderLine,
  type TPurchaseOrderListQuery,
  type TPurchaseOrderRefusal,
  type TPurchaseOrderState,
  type TPurchaseOrderStatus,
  type TPurchaseOrderSummary,
  type TReceipt,
  type TReceiptInput,
  type TReceiptStatus,
  ZPurchaseOrderInput,
  ZReceiptInput,
} from '@tagstock/contract';
import { documentTotals } from '@tagstock/contract/money';
import { jsonList, jsonRows, isoUtc } from '../../db/sql-fragments';
import { queryRows, type Db, type Tx } from '../../db/client';
import { diff, logActivity } from '../../platform/activity-log';
import { tenantScope, type AuthContext } from '../../platform/auth';
import { documentHistory, statusChangeEntry } from '../../platform/documents/history';
import { DOCUMENT_SERIES, nextDocumentNumber } from '../../platform/documents/numbering';
import { statusMachine } from '../../platform/documents/status-machine';
import { badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import { paginate, type ListSpec } from '../../platform/pagination';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { renderDocumentPdf, type PrintableDocument } from '../../platform/pdf/document-pdf';
import { companyForDocuments } from '../company/company.service';
import { putReceivedTagsInStock, type ReceivedTag } from '../rfid/tags-received';
import { moveStock } from '../stock/stock.service';

export const PURCHASE_ORDER_ENTITY = 'purchase_order' satisfies TActivityEntity;

const PDF_LABELS: Record<
  PdfLanguage,
  { expectedDate: string; paymentMode: string; status: string; statuses: Record<TPurchaseOrderStatus, string> }
> = {
  fr: {
    expectedDate: 'Livraison prévue',
    paymentMode: 'Mode de paiement',
    status: 'Statut',
    statuses: { in_progress: 'En cours', done: 'Terminé (envoyé)', canceled: 'Annulé' },
  },
  en: {
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
const REFUSALS: Record<TPurchaseOrderRefusal, string> = {
  no_lines: 'An order without lines cannot be sent',
  received: 'An order already received, even partly, cannot be canceled',
};

/** In progress → Done (sent) / Canceled; Done → Canceled while nothing was received (SPEC §4). */
export const purchaseOrderStatus = statusMachine<TPurchaseOrderStatus, TPurchaseOrderState>(
  'purchase order',
  PURCHASE_ORDER_TRANSITIONS.map((t) => ({
    from: t.from,
    to: t.to,
    permission: 'purchaseOrders.write' as const,
    refuse: (order: TPurchaseOrderState) => {
      const refusal = t.refuse(order);
      return refusal && REFUSALS[refusal];
    },
  })),
);

const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

const summaryColumns = sql`o.id, o.number, o.supplier_id as "supplierId", s.name as "supplierName",
  ${day(sql`o.order_date`)} as "orderDate", ${day(sql`o.expected_date`)} as "expectedDate",
  o.payment_mode_id as "paymentModeId", pm.label as "paymentModeLabel", o.status, o.receipt_status as "receiptStatus",
  o.total_net::text as "totalNet", o.total_vat::text as "totalVat", o.total_gross::text as "totalGross",
  o.line_count as "lineCount", ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from purchase_orders o join suppliers s on s.id = o.supplier_id
  join payment_modes pm on pm.id = o.payment_mode_id`;

export function purchaseOrderListSpec(tenantId: number, q: Omit<TPurchaseOrderListQuery, 'page' | 'limit'>): ListSpec {
  return {
    columns: summaryColumns,
    from: summaryFrom,
    where: [
      sql`o.tenant_id = ${tenantId}`,
      ...(q.status ? [sql`o.status = ${q.status}`] : []),
      ...(q.receiptStatus ? [sql`o.receipt_status = ${q.receiptStatus}`] : []),
      ...(q.supplierId ? [sql`o.supplier_id = ${q.supplierId}`] : []),
      ...(q.articleId
        ? [
            sql`exists (select 1 from purchase_order_lines l where l.order_id = o.id and l.tenant_id = ${tenantId}
                  and l.article_id = ${q.articleId})`,
          ]
        : []),
    ],
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
    tieBreaker: sql`o.id desc`,
  };
}

/** A line as written: the article's reference and designation at the time, the computed net. */
type WrittenLine = {
  position: number;
  article_id: number;
  reference: string;
  designation: string;
  quantity: number;
  unit_price: string;
  discount: string;
  vat_rate: string;
  net_amount: string;
};

/** Units ordered by the lines, kept on the order for the period widgets of the dashboard. */
const units = (lines: readonly WrittenLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

export function purchasingService(db: Db) {
  const scoped = tenantScope(db);

  async function findOne(tx: Tx, tenantId: number, id: number): Promise<TPurchaseOrder | undefined> {
    const [header] = await queryRows<Omit<TPurchaseOrder, 'lines' | 'totals'>>(
      tx,
      sql`select ${summaryColumns}, o.notes, u.name as "createdByName"
          ${summaryFrom} left join users u on u.id = o.created_by
          where o.id = ${id} and o.tenant_id = ${tenantId}`,
    );
    if (!header) return undefined;
    const lines = await queryRows<TPurchaseOrderLine>(
      tx,
      sql`select id, position, article_id as "articleId", reference, designation, quantity,
            round(unit_price, 2)::text as "unitPrice", discount::text as discount, vat_rate::text as "vatRate",
            net_amount::text as "netAmount", received_quantity as "receivedQuantity"
          from purchase_order_lines where order_id = ${id} and tenant_id = ${tenantId} order by position`,
    );
    const { net, vat, gross, byRate } = documentTotals(lines);
    return { ...header, lines, totals: { net, vat, gross, byRate } };
  }

  /** The header's references and the lines' articles, each checked in the caller's tenant, in two queries. */
  async function writtenLines(tx: Tx, tenantId: number, input: ReturnType<typeof ZPurchaseOrderInput.parse>) {
    const [refs] = await queryRows<{ supplier: boolean; mode: boolean }>(
      tx,
      sql`select exists (select 1 from suppliers where id = ${input.supplierId} and tenant_id = ${tenantId}) as supplier,
            exists (select 1 from payment_modes where id = ${input.paymentModeId} and tenant_id = ${tenantId}) as mode`,
    );
    const errors: FieldError[] = [];
    if (!refs?.supplier) errors.push({ field: 'supplierId', message: 'not found', code: 'not_found' });
    if (!refs?.mode) errors.push({ field: 'paymentModeId', message: 'not found', code: 'not_found' });
    const ids = [...new Set(input.lines.map((l) => l.articleId))];
    const articles = ids.length
      ? await queryRows<{ id: number; reference: string; designation: string }>(
          tx,
          sql`select a.id, a.reference, a.designation from ${jsonList(ids)} e(id)
              join articles a on a.id = e.id::int and a.tenant_id = ${tenantId}`,
        )
      : [];
    const byId = new Map(articles.map((a) => [a.id, a]));
    input.lines.forEach((l, i) => {
      if (!byId.has(l.articleId))
        errors.push({ field: `lines.${i}.articleId`, message: 'not found', code: 'not_found' });
    });
    if (errors.length) throw badRequest('unknown_reference', 'Unknown supplier, payment mode or article', errors);
    const totals = documentTotals(input.lines);
    const lines: WrittenLine[] = input.lines.map((l, i) => {
      const article = byId.get(l.articleId)!;
      return {
        position: i + 1,
        article_id: l.articleId,
        reference: article.reference,
        designation: l.designation || article.designation,
        quantity: l.quantity,
        unit_price: l.unitPrice,
        discount: l.discount,
        vat_rate: l.vatRate,
        net_amount: totals.lines[i]!,
      };
    });
    return { lines, totals };
  }

  const insertLines = (tx: Tx, tenantId: number, orderId: number, lines: WrittenLine[]) =>
    lines.length
      ? tx.execute(
          sql`insert into purchase_order_lines (tenant_id, order_id, position, article_id, reference, designation,
                quantity, unit_price, discount, vat_rate, net_amount)
              select ${tenantId}, ${orderId}, position, article_id, reference, designation, quantity, unit_price,
                discount, vat_rate, net_amount
              from ${jsonRows(lines)} as x(position int, article_id int, reference text, designation text,
                quantity int, unit_price numeric, discount numeric, vat_rate numeric, net_amount numeric)`,
        )
      : Promise.resolve();

  /**
   * Keeps the per-reference counts of the dashboard (orders and units, orders not canceled): adds an order's
   * written lines, or takes back its stored lines. An order counts once per reference, whatever its lines of it.
   * One statement; references in a fixed order (no deadlock between two).
   */
  const countReferences = (tx: Tx, tenantId: number, lines: WrittenLine[]) =>
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
  const uncountReferences = (tx: Tx, tenantId: number, orderId: number) =>
    tx.execute(
      sql`update purchase_reference_counts c set lines = c.lines - x.lines, quantity = c.quantity - x.quantity
          from (select reference, 1 as lines, sum(quantity) as quantity from purchase_order_lines
                where order_id = ${orderId} and tenant_id = ${tenantId} group by reference order by reference) x
          where c.tenant_id = ${tenantId} and c.reference = x.reference`,
    );

  /** Locks the order for the rest of the transaction; 404 when the tenant has no such order. */
  async function lockOrder(tx: Tx, tenantId: number, id: number) {
    const [order] = await queryRows<{
      number: string;
      status: TPurchaseOrderStatus;
      receiptStatus: TReceiptStatus;
      lineCount: number;
    }>(
      tx,
      sql`select number, status, receipt_status as "receiptStatus", line_count as "lineCount"
          from purchase_orders where id = ${id} and tenant_id = ${tenantId} for update`,
    );
    if (!order) throw notFound('purchase order');
    return order;
  }

  const headerValues = (
    o: Pick<TPurchaseOrder, 'supplierId' | 'paymentModeId' | 'orderDate' | 'expectedDate' | 'notes'>,
  ) => ({
    supplierId: o.supplierId,
    paymentModeId: o.paymentModeId,
    orderDate: o.orderDate,
    expectedDate: o.expectedDate,
    notes: o.notes,
  });

  return {
    findOne,

    list: (auth: AuthContext, q: TPurchaseOrderListQuery) =>
      scoped(auth, (tx, tenantId) => paginate<TPurchaseOrderSummary>(tx, purchaseOrderListSpec(tenantId, q), q)),

    get: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        const order = await findOne(tx, tenantId, id);
        if (!order) throw notFound('purchase order');
        return order;
      }),

    /** Creating an order issues it: it takes its number from the tenant's counter in the same transaction. */
    create: (auth: AuthContext, body: TPurchaseOrderInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZPurchaseOrderInput.parse(body);
        const { lines, totals } = await writtenLines(tx, tenantId, input);
        const number = await nextDocumentNumber(tx, tenantId, DOCUMENT_SERIES.purchaseOrder, input.orderDate);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into purchase_orders (tenant_id, number, supplier_id, payment_mode_id, order_date, expected_date,
                notes, total_net, total_vat, total_gross, line_count, ordered_units, created_by)
              values (${tenantId}, ${number}, ${input.supplierId}, ${input.paymentModeId}, ${input.orderDate},
                ${input.expectedDate}, ${input.notes}, ${totals.net}, ${totals.vat}, ${totals.gross}, ${lines.length},
                ${units(lines)}, ${auth.userId})
              returning id`,
        );
        const id = row!.id;
        await insertLines(tx, tenantId, id, lines);
        await countReferences(tx, tenantId, lines);
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PURCHASE_ORDER_ENTITY,
          entityId: id,
          action: 'created',
          summary: number,
          changes: [
            { field: 'lines', from: null, to: lines.length },
            { field: 'totalNet', from: null, to: totals.net },
          ],
        });
        return (await findOne(tx, tenantId, id))!;
      }),

    /** Header and lines together, while the order is in progress; the lines are written anew. */
    update: (auth: AuthContext, id: number, body: TPurchaseOrderInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZPurchaseOrderInput.parse(body);
        const order = await lockOrder(tx, tenantId, id);
        if (order.status !== 'in_progress')
          throw conflict('document_locked', 'Only an order in progress can be changed', undefined, {
            status: order.status,
          });
        const before = (await findOne(tx, tenantId, id))!;
        const { lines, totals } = await writtenLines(tx, tenantId, input);
        await uncountReferences(tx, tenantId, id);
        await tx.execute(sql`delete from purchase_order_lines where order_id = ${id} and tenant_id = ${tenantId}`);
        await insertLines(tx, tenantId, id, lines);
        await countReferences(tx, tenantId, lines);
        await tx.execute(
          sql`update purchase_orders set supplier_id = ${input.supplierId}, payment_mode_id = ${input.paymentModeId},
                order_date = ${input.orderDate}, expected_date = ${input.expectedDate}, notes = ${input.notes},
                total_net = ${totals.net}, total_vat = ${totals.vat}, total_gross = ${totals.gross},
                line_count = ${lines.length}, ordered_units = ${units(lines)}, updated_at = now()
              where id = ${id} and tenant_id = ${tenantId}`,
        );
        const changes = diff(headerValues(before), headerValues(input));
        if (before.lines.length !== lines.length)
          changes.push({ field: 'lines', from: before.lines.length, to: lines.length });
        if (before.totalNet !== totals.net) changes.push({ field: 'totalNet', from: before.totalNet, to: totals.net });
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PURCHASE_ORDER_ENTITY,
          entityId: id,
          action: 'updated',
          summary: order.number,
          changes,
        });
        return (await findOne(tx, tenantId, id))!;
      }),

    setStatus: (auth: AuthContext, id: number, to: TPurchaseOrderStatus, note: string | null) =>
      scoped(auth, async (tx, tenantId) => {
        // The receipt status is kept on the order by every receipt, in the statement that counts the units.
        const order = await lockOrder(tx, tenantId, id);
        purchaseOrderStatus.check(auth, order, order.status, to);
        await tx.execute(
          sql`update purchase_orders set status = ${to}, updated_at = now() where id = ${id} and tenant_id = ${tenantId}`,
        );
        if (to === 'canceled') await uncountReferences(tx, tenantId, id);
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: PURCHASE_ORDER_ENTITY,
          entityId: id,
          ...statusChangeEntry(order.number, order.status, to, note),
        });
        return (await findOne(tx, tenantId, id))!;
      }),

    /**
     * Receives all or part of the lines of a sent order: the stock of their articles goes up through moveStock,
     * with the order number. A constant number of statements whatever the number of lines.
     */
    receive: (auth: AuthContext, id: number, body: TReceiptInput) =>
      scoped(auth, async (tx, tenantId) => {
        const input = ZReceiptInput.parse(body);
        const order = await lockOrder(tx, tenantId, id);
        if (order.status !== 'done')
          throw conflict('invalid_transition', 'Only a sent order can be received', undefined, {
            from: order.status,
            to: 'received',
          });
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
        await assertOrder(tx, tenantId, id);
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

    pdf,

    history: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        await assertOrder(tx, tenantId, id);
        return documentHistory(tx, tenantId, PURCHASE_ORDER_ENTITY, id);
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

  /** The order as a PDF: data read in one short tenant transaction, rendered after it (in a worker thread). */
  async function pdf(auth: AuthContext, id: number, language: PdfLanguage) {
    const { order, supplier, company } = await scoped(auth, async (tx, tenantId) => {
      const order = await findOne(tx, tenantId, id);
      if (!order) throw notFound('purchase order');
      const [supplier] = await queryRows<{ lines: (string | null)[] }>(
        tx,
        sql`select array[contact, address, nullif(concat_ws(' ', postcode, city), ''), country, vat_number, email, phone]
              as lines
            from suppliers where id = ${order.supplierId} and tenant_id = ${tenantId}`,
      );
      return { order, supplier, company: await companyForDocuments(tx, tenantId) };
    });
    const labels = PDF_LABELS[language];
    const doc: PrintableDocument = {
      kind: 'purchaseOrder',
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
    return { number: order.number, pdf: await renderDocumentPdf(doc, company, language) };
  }

  async function assertOrder(tx: Tx, tenantId: number, id: number) {
    const [row] = await queryRows(tx, sql`select 1 from purchase_orders where id = ${id} and tenant_id = ${tenantId}`);
    if (!row) throw notFound('purchase order');
  }
}

export type PurchasingService = ReturnType<typeof purchasingService>;

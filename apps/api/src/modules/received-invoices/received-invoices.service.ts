import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  EN16931_SOURCES,
  FRENCH_SOURCES,
  RECEIVED_INVOICE_FAILURES_MAX,
  RECEIVED_INVOICE_MAX_BYTES,
  ZSupplierInput,
  type TActivityEntity,
  type TEinvoiceFailureSource,
  type TEinvoiceParty,
  type TList,
  type TReceivedInvoice,
  type TReceivedInvoiceListQuery,
  type TReceivedInvoiceOrderMatch,
  type TReceivedInvoiceSummary,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { isoUtc, jsonList, moneyText } from '../../db/sql-fragments';
import { logActivity } from '../../platform/activity-log';
import { callerTenant, tenantScope, type AuthContext } from '../../platform/auth';
import { pgError } from '../../platform/db-errors';
import { emitWebhookEvent } from '../../platform/webhooks/emit';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { passes, type CiiFailure, type CiiValidation } from '../../platform/facturx/validate';
import { ruleMessageFr } from '../../platform/facturx/rules-fr';
import { paginate, type ListSpec } from '../../platform/pagination';
import { companySettings } from '../company/company.schema';
import { suppliers } from '../suppliers/suppliers.schema';
import { checkParties, type OwnCompany } from './buyer-check';
import { compactId, EinvoiceRefused, parseCii, sirenOfVat, type CiiInvoice } from './cii-parse';
import { receivedInvoices, type ReceivedInvoiceContent, type StoredFailure } from './received-invoices.schema';

export const RECEIVED_INVOICE_ENTITY = 'received_invoice' satisfies TActivityEntity;

/** What reads and checks the XML of an e-invoice (the Factur-X platform code; tests may stand in for it). */
export type EinvoiceTools = {
  validate(xml: Buffer): Promise<CiiValidation>;
  /** The CII XML embedded in a Factur-X PDF, or null when it has none. */
  extract(pdf: Buffer): Buffer | null | Promise<Buffer | null>;
};

export type ReceivedFile = { filename: string; data: Buffer };
/** `confirmBuyer`: keep it even though its buyer is another company than ours. */
export type ReceiveOptions = {
  confirmBuyer?: boolean;
  /** Runs in the transaction that keeps the invoice (the platform notes the flow it came in). */
  recorded?: (tx: Tx, tenantId: number, id: number) => Promise<void>;
};
/** Who receives: a tenant, and its user (none when the approved platform delivered the invoice). */
export type Actor = { tenantId: number; userId: number | null };

/** The XML a PDF embeds; a PDF the extractor cannot even read (cut short, damaged) holds none: a 400, never a 500. */
async function embeddedXml(tools: EinvoiceTools, pdf: Buffer): Promise<Buffer | null> {
  try {
    return await tools.extract(pdf);
  } catch {
    return null;
  }
}

const refused = (reason: EinvoiceRefused['reason'], message: string) =>
  badRequest('invalid_einvoice', message, [{ field: 'file', message, code: 'invalid' }], { reason });

/**
 * PDF or XML by the first bytes, whatever the name or declared type say: XML starts with `<` (after a byte order
 * mark and blanks); a PDF has its `%PDF-` header within its first 1024 bytes (the PDF standard tolerates a prefix).
 */
export function sniffEinvoice(data: Buffer): 'application/pdf' | 'application/xml' | null {
  const head = data.subarray(0, 1024);
  // UTF-16 with a byte order mark.
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0xff && head[1] === 0xfe)) return 'application/xml';
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[i]!)) i += 1;
  if (head[i] === 0x3c /* < */) return 'application/xml';
  return head.indexOf('%PDF-', 0, 'latin1') >= 0 ? 'application/pdf' : null;
}

/** The name a file is kept under: the browser's, without its folders or control characters, at most 255 long. */
export function storedFileName(name: string | undefined, type: 'application/pdf' | 'application/xml'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255);
  return clean || (type === 'application/pdf' ? 'invoice.pdf' : 'invoice.xml');
}

const summaryColumns = sql`r.id, r.number, r.type_code as "typeCode", to_char(r.issue_date, 'YYYY-MM-DD') as "issueDate",
  to_char(r.due_date, 'YYYY-MM-DD') as "dueDate", r.currency, r.seller_name as "sellerName",
  r.seller_vat_number as "sellerVatNumber", r.supplier_id as "supplierId", s.name as "supplierName",
  r.purchase_order_id as "purchaseOrderId", o.number as "purchaseOrderNumber",
  ${moneyText(sql`r.total_net`)} as "totalNet", ${moneyText(sql`r.total_gross`)} as "totalGross",
  ${moneyText(sql`r.due_payable`)} as "duePayable", r.valid, r.error_count as "errorCount",
  r.warning_count as "warningCount", (r.content->>'frErrorCount')::int as "frErrorCount",
  (r.content->>'frErrorCount')::int = 0 as "frCompliant", r.line_count as "lineCount", r.file_name as "fileName", r.file_type as "fileType",
  ${isoUtc(sql`r.created_at`)} as "receivedAt"`;
const summaryFrom = sql`from received_invoices r
  left join suppliers s on s.id = r.supplier_id and s.tenant_id = r.tenant_id
  left join purchase_orders o on o.id = r.purchase_order_id and o.tenant_id = r.tenant_id`;

const listSpec = (tenantId: number, q: TReceivedInvoiceListQuery): ListSpec => ({
  columns: summaryColumns,
  from: summaryFrom,
  where: [
    sql`r.tenant_id = ${tenantId}`,
    ...(q.supplierId ? [sql`r.supplier_id = ${q.supplierId}`] : []),
    ...(q.valid ? [sql`r.valid = ${q.valid === 'true'}`] : []),
  ],
  search: [sql`r.number`, sql`r.seller_name`, sql`r.seller_vat_number`, sql`s.name`, sql`o.number`, sql`r.file_name`],
  sort: {
    receivedAt: sql`r.created_at`,
    issueDate: sql`r.issue_date`,
    dueDate: sql`r.due_date`,
    number: sql`r.number`,
    sellerName: sql`r.seller_name`,
    supplierName: sql`s.name`,
    totalGross: sql`r.total_gross`,
    valid: sql`r.valid`,
  },
  defaultSort: 'receivedAt:desc',
  tieBreaker: sql`r.id`,
});

/** Suppliers compare on letters and digits of their VAT number, and on their SIREN (or their FR VAT number's). */
const supplierVat = sql`upper(regexp_replace(coalesce(s.vat_number, ''), '[^A-Za-z0-9]', '', 'g'))`;
const supplierSiren = sql`coalesce(nullif(regexp_replace(coalesce(s.siren, ''), '[^0-9]', '', 'g'), ''),
  substring(${supplierVat} from '^FR[0-9A-Z]{2}([0-9]{9})$'))`;

/** The tenant's supplier that is the seller: same VAT number first, else same SIREN; the oldest when several. */
export async function matchSupplier(tx: Tx, tenantId: number, seller: TEinvoiceParty): Promise<number | null> {
  const vat = compactId(seller.vatNumber);
  const siren = seller.siren ?? sirenOfVat(seller.vatNumber);
  if (!vat && !siren) return null;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select s.id from suppliers s
        where s.tenant_id = ${tenantId}
          and ((${vat}::text is not null and ${supplierVat} = ${vat}::text)
            or (${siren}::text is not null and ${supplierSiren} = ${siren}::text))
        order by (${vat}::text is not null and ${supplierVat} = ${vat}::text) desc, s.id
        limit 1`,
  );
  return row?.id ?? null;
}

/**
 * The purchase order an invoice is for: the one its BT-13 names (of its supplier when it has one), else the
 * supplier's order (not canceled) whose line references cover most of the invoice's seller item ids.
 */
export async function matchPurchaseOrder(
  tx: Tx,
  tenantId: number,
  supplierId: number | null,
  invoice: Pick<CiiInvoice, 'buyerOrderReference' | 'lines'>,
): Promise<number | null> {
  const reference = invoice.buyerOrderReference;
  if (reference) {
    const [byNumber] = await queryRows<{ id: number }>(
      tx,
      sql`select id from purchase_orders
          where tenant_id = ${tenantId} and upper(number) = upper(${reference})
            ${supplierId ? sql`and supplier_id = ${supplierId}` : sql``}
          order by id limit 1`,
    );
    if (byNumber) return byNumber.id;
  }
  const items = [...new Set(invoice.lines.map((l) => l.sellerItemId).filter((i): i is string => !!i))];
  if (!supplierId || !items.length) return null;
  const [byItems] = await queryRows<{ id: number }>(
    tx,
    sql`select o.id from purchase_orders o
        join purchase_order_lines l on l.order_id = o.id and l.tenant_id = o.tenant_id
        where o.tenant_id = ${tenantId} and o.supplier_id = ${supplierId} and o.status <> 'canceled'
          and l.reference in (select e.ref from ${jsonList(items)} e(ref))
        group by o.id, o.order_date
        order by count(distinct l.reference) desc, o.order_date desc, o.id desc
        limit 1`,
  );
  return byItems?.id ?? null;
}

/** Each invoice line beside the ordered and received quantities of the order's lines of the same reference. */
async function orderMatch(
  tx: Tx,
  tenantId: number,
  orderId: number | null,
  content: ReceivedInvoiceContent,
): Promise<TReceivedInvoiceOrderMatch[]> {
  if (!orderId) return [];
  const ordered = await queryRows<{ reference: string; designation: string; ordered: number; received: number }>(
    tx,
    sql`select reference, min(designation) as designation, sum(quantity)::int as ordered,
          sum(received_quantity)::int as received
        from purchase_order_lines where order_id = ${orderId} and tenant_id = ${tenantId} group by reference`,
  );
  const byReference = new Map(ordered.map((o) => [o.reference, o]));
  return content.lines.map((line) => {
    const po = line.sellerItemId ? byReference.get(line.sellerItemId) : undefined;
    return {
      lineId: line.id,
      reference: line.sellerItemId,
      designation: po?.designation ?? line.name,
      ordered: po?.ordered ?? null,
      received: po?.received ?? null,
      invoiced: line.quantity,
    };
  });
}

type DetailRow = TReceivedInvoiceSummary & {
  content: ReceivedInvoiceContent;
  failures: StoredFailure[];
  buyerOrderReference: string | null;
  fileSize: number;
  sha256: string;
  receivedByName: string | null;
};

async function findOne(tx: Tx, tenantId: number, id: number): Promise<TReceivedInvoice | undefined> {
  const [row] = await queryRows<DetailRow>(
    tx,
    sql`select ${summaryColumns}, r.content, r.failures, r.buyer_order_reference as "buyerOrderReference",
          r.file_size as "fileSize", r.sha256, u.name as "receivedByName"
        ${summaryFrom} left join users u on u.id = r.received_by and u.tenant_id = r.tenant_id
        where r.id = ${id} and r.tenant_id = ${tenantId}`,
  );
  if (!row) return undefined;
  const { content, failures, ...summary } = row;
  return {
    ...summary,
    buyerConfirmed: content.buyerConfirmed === true,
    seller: content.seller,
    buyer: content.buyer,
    specification: content.specification,
    totals: content.totals,
    vatBreakdown: content.vatBreakdown,
    lines: content.lines,
    validation: {
      valid: row.valid,
      failures: failures.map((f) => ({
        ruleId: f.ruleId,
        flag: f.flag,
        message: ruleMessageFr(f.ruleId, f.message),
        messageEn: f.message,
        location: f.location,
        // Invoices received before the checks were named had the schema's and EN 16931's only.
        source: f.source ?? (/^(XML|XSD)$/.test(f.ruleId) ? 'xsd' : 'en16931'),
      })),
      failureCount: row.errorCount + row.warningCount + (row.frErrorCount ?? 0),
    },
    orderMatch: await orderMatch(tx, tenantId, row.purchaseOrderId, content),
  };
}

const clipText = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/** The supplier a seller becomes: its contact fields within the supplier contract's bounds. */
export function supplierFromSeller(seller: TEinvoiceParty, language: 'fr' | 'en') {
  const countryName = (code: string | null) => {
    if (!code || !/^[A-Z]{2}$/.test(code)) return code;
    try {
      return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const email = seller.email ? (ZSupplierInput.shape.email.safeParse(seller.email).data ?? null) : null;
  return {
    name: clipText(seller.name, 200)!,
    contact: clipText(seller.contact, 200),
    address: clipText(seller.address, 300),
    postcode: clipText(seller.postcode, 20),
    city: clipText(seller.city, 120),
    country: clipText(countryName(seller.country), 120),
    vatNumber: clipText(seller.vatNumber, 40),
    siren: seller.siren,
    phone: clipText(seller.phone, 40),
    email,
    parentCompany: null,
  };
}

/** Our company as its settings name it, to tell whether an invoice is addressed to us; null without settings. */
async function ownCompany(tx: Tx, tenantId: number): Promise<OwnCompany | null> {
  const [row] = await tx
    .select({ name: companySettings.name, siren: companySettings.siren, vatNumber: companySettings.vatNumber })
    .from(companySettings)
    .where(eq(companySettings.tenantId, tenantId));
  return row ?? null;
}

const isFatal = (f: CiiFailure, sources: readonly TEinvoiceFailureSource[]) =>
  f.flag === 'fatal' && sources.includes(f.source);

/** What is kept of the failures, most serious first: EN 16931's errors, the French rules' errors, then warnings. */
function storedFailures(failures: CiiFailure[]): StoredFailure[] {
  return [
    ...failures.filter((f) => isFatal(f, EN16931_SOURCES)),
    ...failures.filter((f) => isFatal(f, FRENCH_SOURCES)),
    ...failures.filter((f) => f.flag !== 'fatal'),
  ]
    .slice(0, RECEIVED_INVOICE_FAILURES_MAX)
    .map((f) => ({
      ruleId: f.ruleId.slice(0, 60),
      flag: f.flag,
      message: f.message.slice(0, 2000),
      location: f.location?.slice(0, 1000) ?? null,
      source: f.source,
    }));
}

export function createReceivedInvoicesService(db: Db, tools: EinvoiceTools) {
  const scoped = tenantScope(db);

  const existing = (tx: Tx, tenantId: number, sha256: string) =>
    queryRows<{ id: number }>(
      tx,
      sql`select id from received_invoices where tenant_id = ${tenantId} and sha256 = ${sha256}`,
    ).then((rows) => rows[0]?.id);
  const alreadyReceived = (id: number) =>
    conflict('already_received', 'This file was already received', undefined, { id });

  /**
   * Receives a Factur-X PDF or a CII XML: refused when it is no e-invoice at all, or one our own company issued;
   * kept otherwise, valid or not, with what failed (EN 16931 and the French platform rules), linked to the
   * supplier and the purchase order it matches. The same file twice is a 409; so is an invoice whose buyer is
   * another company, until it is sent again with `confirmBuyer`. Nothing is kept of a refused file.
   */
  async function receiveAs(
    actor: Actor,
    upload: ReceivedFile,
    options: ReceiveOptions = {},
  ): Promise<TReceivedInvoice> {
    const inActor = <T>(fn: (tx: Tx, tenantId: number) => Promise<T>) =>
      withTenant(db, actor.tenantId, (tx) => fn(tx, actor.tenantId));

    const { data } = upload;
    if (data.length > RECEIVED_INVOICE_MAX_BYTES)
      throw new AppError(413, 'payload_too_large', 'An invoice file may not exceed 10 MB');
    const fileType = sniffEinvoice(data);
    if (!fileType) throw refused('not_pdf_or_xml', 'The file is neither a PDF nor an XML document');
    const sha256 = createHash('sha256').update(data).digest('hex');
    // Answered before the slow part: the same file again is common (a second click, a forwarded e-mail).
    const { before, company } = await inActor(async (tx, tenantId) => ({
      before: await existing(tx, tenantId, sha256),
      company: await ownCompany(tx, tenantId),
    }));
    if (before) throw alreadyReceived(before);

    const xml = fileType === 'application/pdf' ? await embeddedXml(tools, data) : data;
    if (!xml) throw refused('no_xml_in_pdf', 'This PDF holds no electronic invoice (factur-x.xml)');
    let invoice: CiiInvoice;
    try {
      invoice = parseCii(xml);
    } catch (err) {
      if (err instanceof EinvoiceRefused) throw refused(err.reason, err.message);
      throw err;
    }
    // Before the slow part too: whether it is addressed to us at all.
    const parties = checkParties(invoice, company);
    if (parties.outcome === 'notOurs')
      throw conflict(
        'received_invoice_not_ours',
        `Invoice ${invoice.number ?? ''} was issued by our own company: it is not a supplier invoice`,
        undefined,
        parties.params,
      );
    if (parties.outcome === 'otherBuyer' && !options.confirmBuyer)
      throw conflict(
        'buyer_mismatch',
        `The buyer of this invoice (${parties.params.buyerName ?? '?'}) is not our company (${
          parties.params.companyName ?? '?'
        }): send it again with confirmBuyer=true to keep it`,
        undefined,
        parties.params,
      );

    const { failures } = await tools.validate(xml);
    const kept = storedFailures(failures);
    const content: ReceivedInvoiceContent = {
      specification: invoice.specification,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines: invoice.lines,
      vatBreakdown: invoice.vatBreakdown,
      totals: invoice.totals,
      frErrorCount: failures.filter((f) => isFatal(f, FRENCH_SOURCES)).length,
      buyerConfirmed: parties.outcome === 'otherBuyer',
    };
    const errorCount = failures.filter((f) => isFatal(f, EN16931_SOURCES)).length;

    const save = inActor(async (tx, tenantId) => {
      const supplierId = await matchSupplier(tx, tenantId, invoice.seller);
      const purchaseOrderId = await matchPurchaseOrder(tx, tenantId, supplierId, invoice);
      const [row] = await tx
        .insert(receivedInvoices)
        .values({
          tenantId,
          sha256,
          fileName: storedFileName(upload.filename, fileType),
          fileType,
          fileSize: data.length,
          file: data,
          number: invoice.number,
          typeCode: invoice.typeCode,
          issueDate: invoice.issueDate,
          dueDate: invoice.dueDate,
          currency: invoice.currency,
          sellerName: invoice.seller.name,
          sellerVatNumber: invoice.seller.vatNumber,
          sellerSiren: invoice.seller.siren,
          buyerOrderReference: invoice.buyerOrderReference,
          totalNet: invoice.totals.net,
          totalGross: invoice.totals.gross,
          duePayable: invoice.totals.duePayable,
          lineCount: invoice.lines.length,
          content,
          valid: passes(failures, EN16931_SOURCES),
          errorCount,
          warningCount: failures.filter((f) => f.flag !== 'fatal').length,
          failures: kept,
          supplierId,
          purchaseOrderId,
          receivedBy: actor.userId,
        })
        .returning({ id: receivedInvoices.id });
      const id = row!.id;
      await logActivity(tx, {
        tenantId,
        userId: actor.userId,
        entity: RECEIVED_INVOICE_ENTITY,
        entityId: id,
        action: 'created',
        summary: [invoice.number, invoice.seller.name].filter(Boolean).join(' — ') || 'invoice',
      });
      await emitWebhookEvent(tx, tenantId, 'received_invoice.created', {
        id,
        number: invoice.number,
        sellerName: invoice.seller.name,
        sellerSiren: invoice.seller.siren,
        issueDate: invoice.issueDate,
        duePayable: invoice.totals.duePayable,
        valid: passes(failures, EN16931_SOURCES),
        source: actor.userId === null ? 'platform' : 'upload',
      });
      await options.recorded?.(tx, tenantId, id);
      return (await findOne(tx, tenantId, id))!;
    });
    try {
      return await save;
    } catch (err) {
      // The same file received at the same moment by another request.
      if (pgError(err)?.constraint !== 'received_invoices_tenant_sha256_uq') throw err;
      const other = await inActor((tx, tenantId) => existing(tx, tenantId, sha256));
      throw alreadyReceived(other ?? 0);
    }
  }

  return {
    list: (auth: AuthContext, q: TReceivedInvoiceListQuery): Promise<TList<TReceivedInvoiceSummary>> =>
      scoped(auth, (tx, tenantId) => paginate<TReceivedInvoiceSummary>(tx, listSpec(tenantId, q), q)),

    get: (auth: AuthContext, id: number): Promise<TReceivedInvoice> =>
      scoped(auth, async (tx, tenantId) => {
        const invoice = await findOne(tx, tenantId, id);
        if (!invoice) throw notFound('received invoice');
        return invoice;
      }),

    /** The original file, byte for byte, with its type and name. */
    file: (auth: AuthContext, id: number) =>
      scoped(auth, async (tx, tenantId) => {
        const [row] = await tx
          .select({ data: receivedInvoices.file, type: receivedInvoices.fileType, name: receivedInvoices.fileName })
          .from(receivedInvoices)
          .where(and(eq(receivedInvoices.id, id), eq(receivedInvoices.tenantId, tenantId)));
        if (!row) throw notFound('received invoice');
        return row;
      }),

    /** Receives a file a user uploads (`receiveAs`). */
    receive: (auth: AuthContext, upload: ReceivedFile, options: ReceiveOptions = {}) =>
      receiveAs({ tenantId: callerTenant(auth), userId: auth.userId }, upload, options),

    /** Receives for a tenant without a user at the keyboard (an invoice its approved platform delivered). */
    receiveAs: (actor: Actor, upload: ReceivedFile, options: ReceiveOptions = {}) => receiveAs(actor, upload, options),

    /**
     * Links an unlinked invoice to its supplier: the one that matches it now, else a new supplier made of the
     * seller's data (which needs suppliers.write); then looks for its purchase order again.
     */
    linkSupplier: (auth: AuthContext, id: number): Promise<TReceivedInvoice> =>
      scoped(auth, async (tx, tenantId) => {
        const [row] = await queryRows<{
          supplierId: number | null;
          purchaseOrderId: number | null;
          content: ReceivedInvoiceContent;
          buyerOrderReference: string | null;
          number: string | null;
        }>(
          tx,
          sql`select supplier_id as "supplierId", purchase_order_id as "purchaseOrderId", content,
                buyer_order_reference as "buyerOrderReference", number
              from received_invoices where id = ${id} and tenant_id = ${tenantId} for update`,
        );
        if (!row) throw notFound('received invoice');
        if (row.supplierId) return (await findOne(tx, tenantId, id))!;
        const { seller } = row.content;
        let supplierId = await matchSupplier(tx, tenantId, seller);
        if (!supplierId) {
          if (!auth.permissions.has('suppliers.write')) throw forbidden();
          if (!seller.name)
            throw badRequest('validation_failed', 'The seller has no name', [
              { field: 'seller.name', message: 'required', code: 'required' },
            ]);
          const values = supplierFromSeller(seller, auth.session.language ?? 'fr');
          const [created] = await tx
            .insert(suppliers)
            .values({ tenantId, ...values })
            .returning({ id: suppliers.id });
          supplierId = created!.id;
          await logActivity(tx, {
            tenantId,
            userId: auth.userId,
            entity: 'supplier',
            entityId: supplierId,
            action: 'created',
            summary: values.name,
          });
        }
        const purchaseOrderId =
          row.purchaseOrderId ??
          (await matchPurchaseOrder(tx, tenantId, supplierId, {
            buyerOrderReference: row.buyerOrderReference,
            lines: row.content.lines,
          }));
        await tx
          .update(receivedInvoices)
          .set({ supplierId, purchaseOrderId, updatedAt: new Date() })
          .where(and(eq(receivedInvoices.id, id), eq(receivedInvoices.tenantId, tenantId)));
        await logActivity(tx, {
          tenantId,
          userId: auth.userId,
          entity: RECEIVED_INVOICE_ENTITY,
          entityId: id,
          action: 'updated',
          summary: [row.number, seller.name].filter(Boolean).join(' — ') || 'invoice',
          changes: [
            { field: 'supplierId', from: null, to: supplierId },
            ...(purchaseOrderId !== row.purchaseOrderId
              ? [{ field: 'purchaseOrderId', from: row.purchaseOrderId, to: purchaseOrderId }]
              : []),
          ],
        });
        return (await findOne(tx, tenantId, id))!;
      }),
  };
}

export type ReceivedInvoicesService = ReturnType<typeof createReceivedInvoicesService>;

import { createHash, randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import {
  buyerTreatment,
  type TCustomerKind,
  type TEinvoiceDocumentKind,
  type TLifecycleCode,
  type TLifecycleReasonCode,
  type TVatBreakdown,
} from '@tagstock/contract';
import { queryRows, withTenant, type Db, type Tx } from '../../db/client';
import { readStoredPdf, type KeepsIssuedPdf } from '../../platform/documents/issued-pdfs';
import { cdarXml } from '../../platform/facturx/cdar';
import { emitWebhookEventsFrom } from '../../platform/webhooks/emit';
import { enqueue, PermanentFailure, type OutboxMessage, type Outbox } from '../../platform/outbox/outbox';
import { companyForDocuments } from '../company/company.service';
import { appendLifecycle, transactionNow } from './lifecycle';
import { PlatformError, type PlatformAdapter, type SubmitSyntax } from './platform/adapter';
import type { EinvoicingSettingsService } from './settings';

/*
 * Sending to the approved platform through the outbox: an issued invoice or credit note (Factur-X), and the
 * statuses our users give (CDAR). Each message is queued in the transaction of what it reports; the worker sends it
 * keyed by our tracking id, after asking the platform whether a flow with that id exists already — so a retry, a
 * process killed mid-send or a second process never submits it twice.
 */

export const DOCUMENT_TOPIC = 'einvoice.document';
export const STATUS_TOPIC = 'einvoice.status';

export type IssuedKind = Exclude<TEinvoiceDocumentKind, 'received_invoice'>;
export type DocumentPayload = { kind: IssuedKind; id: number };
export type StatusPayload = {
  kind: TEinvoiceDocumentKind;
  id: number;
  eventId: string;
  code: TLifecycleCode;
  reasonCode: string | null;
  note: string | null;
  at: string;
  amounts?: { amount: string; vatRate: string | null }[];
};

/**
 * An issued invoice or credit note as one row (a subquery): id, number, date, type code (380 / 381), customer (a
 * credit note's is its invoice's) and totals.
 */
const issuedDocument = (tenantId: number, kind: IssuedKind, id: number) =>
  kind === 'invoice'
    ? sql`(select d.id, d.number, d.invoice_date as date, '380' as type_code, d.customer_id, d.total_net, d.total_vat,
            d.total_gross
          from invoices d where d.tenant_id = ${tenantId} and d.id = ${id})`
    : sql`(select d.id, d.number, d.credit_date as date, '381' as type_code, i.customer_id, d.total_net, d.total_vat,
            d.total_gross
          from credit_notes d join invoices i on i.id = d.invoice_id and i.tenant_id = d.tenant_id
          where d.tenant_id = ${tenantId} and d.id = ${id})`;

/**
 * Queues an issued document for the platform, in the issuing transaction: when the tenant's platform is enabled
 * and the buyer is a French company (with its SIREN), whom the reform has invoiced through platforms since
 * 2026-09-01. Other buyers (people, foreign companies) fall under e-reporting, not e-invoicing.
 */
export async function queueIssuedDocument(tx: Tx, tenantId: number, kind: IssuedKind, id: number): Promise<void> {
  const [row] = await queryRows<{ kind: TCustomerKind; country: string | null; siren: string | null }>(
    tx,
    sql`select c.kind, c.country, c.siren from ${issuedDocument(tenantId, kind, id)} d
        join einvoicing_settings s on s.tenant_id = ${tenantId} and s.enabled
        join customers c on c.tenant_id = ${tenantId} and c.id = d.customer_id`,
  );
  if (!row || buyerTreatment(row) !== 'B2B' || !row.siren) return;
  await enqueue(tx, tenantId, { topic: DOCUMENT_TOPIC, key: `${kind}:${id}`, payload: { kind, id } });
}

/**
 * What issuing an invoice or a credit note sends, in the issuing transaction (the number given): the document to
 * the approved platform, and the `invoice.issued` webhook event.
 */
export async function documentIssued(tx: Tx, tenantId: number, kind: IssuedKind, id: number): Promise<void> {
  await queueIssuedDocument(tx, tenantId, kind, id);
  const source = sql`select jsonb_build_object('document', ${kind}::text, 'id', d.id, 'number', d.number,
      'customerId', d.customer_id, 'date', d.date, 'totalNet', d.total_net::text, 'totalVat', d.total_vat::text,
      'totalGross', d.total_gross::text)
    from ${issuedDocument(tenantId, kind, id)} d`;
  await emitWebhookEventsFrom(tx, tenantId, 'invoice.issued', source);
}

/** Queues a status message (CDAR) about a document; `eventId` names it for the platform and the outbox. */
export async function queueStatus(tx: Tx, tenantId: number, status: StatusPayload): Promise<void> {
  await enqueue(tx, tenantId, {
    topic: STATUS_TOPIC,
    key: `${status.kind}:${status.id}:${status.code}:${status.eventId}`,
    payload: status,
  });
}

export const newEventId = () => randomUUID();

/**
 * An issued invoice paid in full, by a company selling services that owes VAT on receipts (not on debits): it tells the
 * platform it has cashed it (212 "Encaissée", with the amount per VAT rate), as the reform asks for the VAT on
 * receipts to be reported. Only an invoice that went through the platform; in the paying transaction.
 */
export async function queueCashed(tx: Tx, tenantId: number, invoiceIds: readonly number[]): Promise<number[]> {
  if (!invoiceIds.length) return [];
  const paid = await queryRows<{ id: number; breakdown: TVatBreakdown[] | null }>(
    tx,
    sql`select i.id, i.vat_breakdown as breakdown from invoices i
        join company_settings cs on cs.tenant_id = i.tenant_id and not cs.vat_on_debits and cs.supply_kind <> 'goods'
        where i.tenant_id = ${tenantId} and i.status = 'issued' and i.amount_paid + i.amount_credited >= i.total_gross
          and i.id in (${sql.join(
            invoiceIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          and exists (select 1 from outbox o where o.tenant_id = i.tenant_id and o.topic = ${DOCUMENT_TOPIC}
                        and o.key = 'invoice:' || i.id)
          and not exists (select 1 from einvoice_lifecycle l where l.tenant_id = i.tenant_id
                            and l.document_kind = 'invoice' and l.document_id = i.id and l.code = '212')`,
  );
  const at = await transactionNow(tx);
  for (const invoice of paid) {
    const amounts = (invoice.breakdown ?? []).map((b) => ({
      amount: new Decimal(b.base).plus(b.vat).toFixed(2),
      vatRate: new Decimal(b.rate).toFixed(2),
    }));
    await appendLifecycle(tx, tenantId, 'invoice', invoice.id, { code: '212', source: 'user', at });
    await queueStatus(tx, tenantId, {
      kind: 'invoice',
      id: invoice.id,
      eventId: newEventId(),
      code: '212',
      reasonCode: null,
      note: null,
      at,
      amounts,
    });
  }
  return paid.map((p) => p.id);
}

/** What a message needs of its document; the other party is the buyer of an issued one, the seller of a received one. */
type DocumentFacts = {
  number: string | null;
  issueDate: string;
  typeCode: string;
  otherSiren: string | null;
  otherName: string | null;
};

const issuedFacts = (tx: Tx, tenantId: number, kind: IssuedKind, id: number) =>
  queryRows<DocumentFacts>(
    tx,
    sql`select d.number, to_char(d.date, 'YYYY-MM-DD') as "issueDate", d.type_code as "typeCode",
          c.siren as "otherSiren", c.name as "otherName"
        from ${issuedDocument(tenantId, kind, id)} d join customers c on c.id = d.customer_id and c.tenant_id = ${tenantId}`,
  ).then((rows) => rows[0]);

const receivedFacts = (tx: Tx, tenantId: number, id: number) =>
  queryRows<DocumentFacts>(
    tx,
    sql`select number, to_char(issue_date, 'YYYY-MM-DD') as "issueDate", coalesce(type_code, '380') as "typeCode",
          seller_siren as "otherSiren", seller_name as "otherName"
        from received_invoices where tenant_id = ${tenantId} and id = ${id}`,
  ).then((rows) => rows[0]);

/** A platform failure that sending again cannot mend is permanent; the others are retried with backoff. */
function classified(err: unknown): unknown {
  if (!(err instanceof PlatformError)) return err;
  const message = `${err.kind}: ${err.message}`;
  return err.kind === 'rejected' ? new PermanentFailure(message) : new Error(message);
}

/**
 * Submits a file unless a flow with its tracking id exists already (sent before a crash, or by another process):
 * answers the flow's id either way.
 */
async function submitOnce(
  adapter: PlatformAdapter,
  trackingId: string,
  file: { name: string; data: Buffer; syntax: SubmitSyntax },
): Promise<Record<string, unknown>> {
  const { flows } = await adapter.searchFlows({ trackingId, direction: 'Out' });
  const mine = flows.filter((f) => f.trackingId === trackingId);
  // A second submission under the same id is acknowledged in error (AlreadyExistingFlow): the first one counts.
  const found = mine.find((f) => f.status !== 'Error');
  if (found) return { flowId: found.flowId, trackingId, found: true };
  const refused = mine.find((f) => !f.reasons.some((r) => r.code === 'AlreadyExistingFlow'));
  if (refused)
    throw new PermanentFailure(
      `refused by the platform: ${refused.reasons.map((r) => `${r.code} ${r.message}`).join('; ') || 'error'}`,
    );
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const { flowId } = await adapter.submitFlow({
    trackingId,
    fileName: file.name,
    data: file.data,
    syntax: file.syntax,
    sha256,
  });
  return { flowId, trackingId };
}

export function registerSenders(
  db: Db,
  outbox: Outbox,
  settings: EinvoicingSettingsService,
  documents: readonly KeepsIssuedPdf[],
) {
  const connectionOf = async (tenantId: number) => {
    const conn = await withTenant(db, tenantId, (tx) => settings.connection(tx, tenantId));
    // Retried: the tenant may connect its platform again.
    if (!conn) throw new Error('The approved platform is not connected');
    return conn;
  };

  outbox.handle(DOCUMENT_TOPIC, {
    async send(message: OutboxMessage) {
      const { kind, id } = message.payload as DocumentPayload;
      const conn = await connectionOf(message.tenantId);
      const service = documents.find((d) => d.type.entity === kind);
      if (!service) throw new PermanentFailure(`No document type ${kind}`);
      const facts = await withTenant(db, message.tenantId, (tx) => issuedFacts(tx, message.tenantId, kind, id));
      if (!facts?.number) throw new PermanentFailure(`The ${kind} ${id} is not issued`);
      try {
        // The buyer must be reachable through the directory; one who is not yet may be later.
        const addressee = facts.otherSiren ? await conn.adapter.lookupAddressee(facts.otherSiren) : null;
        if (!addressee?.canReceive)
          throw new Error(`The buyer (SIREN ${facts.otherSiren ?? '—'}) cannot receive e-invoices in the directory`);
        await service.keepIssuedPdf(message.tenantId, id);
        const stored = await withTenant(db, message.tenantId, (tx) =>
          readStoredPdf(tx, message.tenantId, { entity: kind, documentId: id, language: 'fr' }),
        );
        if (!stored) throw new Error(`The PDF of ${facts.number} could not be made`);
        return await submitOnce(conn.adapter, message.key.replace(':', '-'), {
          name: `${facts.number}.pdf`,
          data: stored.pdf,
          syntax: 'Factur-X',
        });
      } catch (err) {
        throw classified(err);
      }
    },
  });

  outbox.handle(STATUS_TOPIC, {
    async send(message: OutboxMessage) {
      const status = message.payload as StatusPayload;
      const conn = await connectionOf(message.tenantId);
      const { company, facts } = await withTenant(db, message.tenantId, async (tx) => ({
        company: await companyForDocuments(tx, message.tenantId),
        facts:
          status.kind === 'received_invoice'
            ? await receivedFacts(tx, message.tenantId, status.id)
            : await issuedFacts(tx, message.tenantId, status.kind, status.id),
      }));
      if (!facts?.number || !company.siren)
        throw new PermanentFailure('The invoice or the company lacks its number or SIREN');
      const own = { siren: company.siren, name: company.name };
      const other = { siren: facts.otherSiren ?? '', name: facts.otherName };
      if (!/^\d{9}$/.test(other.siren)) throw new PermanentFailure('The other party has no SIREN');
      const received = status.kind === 'received_invoice';
      const xml = cdarXml({
        id: `TS-${message.tenantId}-${status.eventId}`,
        issuedAt: new Date(),
        statusAt: status.at,
        code: status.code,
        reasonCode: (status.reasonCode as TLifecycleReasonCode | null) ?? null,
        note: status.note,
        invoice: {
          number: facts.number,
          issueDate: facts.issueDate,
          typeCode: facts.typeCode,
          seller: received ? other : own,
          buyer: received ? own : other,
        },
        ...(status.amounts?.length ? { amounts: status.amounts } : {}),
      });
      try {
        return await submitOnce(conn.adapter, `status-${status.eventId}`, {
          name: `CDAR-${status.code}-${facts.number}.xml`,
          data: Buffer.from(xml, 'utf8'),
          syntax: 'CDAR',
        });
      } catch (err) {
        throw classified(err);
      }
    },
  });
}

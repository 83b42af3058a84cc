import { sql } from 'drizzle-orm';
import {
  PROFORMA_TRANSITIONS,
  ZProforma,
  ZProformaInput,
  ZProformaListQuery,
  ZProformaStatusChange,
  ZProformaSummary,
  type TProforma,
  type TProformaStatus,
  type TSalesLine,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import { documentList } from '../../platform/documents/document-list';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { storedTotals } from '../../platform/documents/priced-lines';
import { serverTransitions } from '../../platform/documents/status-machine';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { customerBlock, customerParty, discountText, readSalesLines, writeSalesDocument } from './sales-documents';
import { proformaLines } from './invoicing.schema';

const LINES = { table: proformaLines, parent: proformaLines.proformaId };

type Input = z.output<typeof ZProformaInput>;

const PDF_LABELS: Record<PdfLanguage, { title: string; validUntil: string; discount: string }> = {
  fr: { title: 'Facture proforma', validUntil: 'Valable jusqu’au', discount: 'Remise' },
  en: { title: 'Proforma invoice', validUntil: 'Valid until', discount: 'Discount' },
};

const summaryColumns = sql`o.id, o.number, o.customer_id as "customerId", c.name as "customerName",
  to_char(o.proforma_date, 'YYYY-MM-DD') as "proformaDate", to_char(o.valid_until, 'YYYY-MM-DD') as "validUntil",
  o.status, o.total_net::text as "totalNet", o.total_vat::text as "totalVat", o.total_gross::text as "totalGross",
  o.line_count as "lineCount", i.id as "invoiceId",
  ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
const summaryFrom = sql`from proformas o join customers c on c.id = o.customer_id
  left join invoices i on i.proforma_id = o.id and i.tenant_id = o.tenant_id`;

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TProforma | undefined> {
  const [header] = await queryRows<Omit<TProforma, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, o.discount, o.notes, i.number as "invoiceNumber", u.name as "createdByName",
          ${storedTotals('o', true)}
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  return { ...header, lines: await readSalesLines<TSalesLine>(tx, 'proforma_lines', 'proforma_id', id, tenantId) };
}

async function write(ctx: DocumentContext, input: Input) {
  const { natures: _natures, ...written } = await writeSalesDocument(ctx, input);
  return {
    ...written,
    header: {
      ...written.header,
      proforma_date: input.proformaDate,
      valid_until: input.validUntil,
      notes: input.notes,
    },
  };
}

/** Proformas (PF series, numbered at creation): open and editable until converted to an invoice or canceled. */
export const proformaType: DocumentType<TProformaStatus, TProforma, Input> = {
  entity: 'proforma',
  noun: 'proforma',
  table: 'proformas',
  lines: LINES,
  series: 'PF',
  numberAt: 'create',
  editable: ['open'],
  deletable: ['open'],
  permissions: { read: 'invoices.read', write: 'invoices.write' },
  actions: {
    convert: {
      statuses: ['open'],
      code: 'already_converted',
      message: 'Only an open proforma can be converted, and only once',
    },
  },
  transitions: serverTransitions(PROFORMA_TRANSITIONS, 'invoices.write', {}),
  input: ZProformaInput,
  schemas: {
    summary: ZProformaSummary,
    full: ZProforma,
    listQuery: ZProformaListQuery,
    statusChange: ZProformaStatusChange,
  },
  read: findOne,
  list: (tenantId, q) =>
    documentList(tenantId, q, {
      columns: summaryColumns,
      from: summaryFrom,
      equals: { status: sql`o.status`, customerId: sql`o.customer_id` },
      lines: LINES,
      search: [sql`o.number`, sql`c.name`],
      sort: {
        number: sql`o.number`,
        proformaDate: sql`o.proforma_date`,
        validUntil: sql`o.valid_until`,
        customerName: sql`c.name`,
        status: sql`o.status`,
        totalNet: sql`o.total_net`,
        totalGross: sql`o.total_gross`,
        createdAt: sql`o.created_at`,
      },
      defaultSort: 'proformaDate:desc',
    }),
  write,
  logged: (p) => ({
    customerId: p.customerId,
    proformaDate: p.proformaDate,
    validUntil: p.validUntil,
    discount: discountText(p.discount, 'en'),
    notes: p.notes,
    lines: p.lines.length,
    totalNet: p.totalNet,
  }),
  created: (p) => [
    { field: 'lines', from: null, to: p.lines.length },
    { field: 'totalNet', from: null, to: p.totalNet },
  ],
  async printable(tx, proforma, language, tenantId) {
    const labels = PDF_LABELS[language];
    const discount = discountText(proforma.discount, language);
    return {
      title: labels.title,
      number: proforma.number,
      date: proforma.proformaDate,
      partyRole: 'customer',
      party: customerBlock(await customerParty(tx, tenantId, proforma.customerId), language),
      fields: [
        ...(proforma.validUntil
          ? [{ label: labels.validUntil, value: formatDate(proforma.validUntil, language) }]
          : []),
        ...(discount ? [{ label: labels.discount, value: discount }] : []),
      ],
      lines: proforma.lines,
      totals: proforma.totals,
      notes: proforma.notes,
    };
  },
  company: companyForDocuments,
};

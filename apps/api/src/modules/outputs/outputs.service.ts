import { sql } from 'drizzle-orm';
import {
  OUTPUT_EXIT_HOURS,
  OUTPUT_TRANSITIONS,
  ZOutput,
  ZOutputInput,
  ZOutputListQuery,
  ZOutputStatusChange,
  ZOutputSummary,
  type TActivityEntity,
  type TOutput,
  type TOutputStatus,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc } from '../../db/sql-fragments';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { serverTransitions } from '../../platform/documents/status-machine';
import { readUnpricedLines, writeUnpriced } from '../../platform/documents/unpriced-lines';
import { documentList } from '../../platform/documents/document-list';
import {
  headerFields,
  unpricedCountsSelect,
  unpricedCreated,
  unpricedPdfItems,
} from '../../platform/documents/header-fields';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { outputLines, outputs } from './outputs.schema';

const LINES = { table: outputLines, parent: outputLines.outputId };

export const OUTPUT_ENTITY = 'output' satisfies TActivityEntity;

type Input = z.output<typeof ZOutputInput>;
type LockedOutput = {
  id: number;
  tenantId: number;
  number: string | null;
  status: TOutputStatus;
  lineCount: number;
  reasonId: number;
};

const PDF_LABELS: Record<
  PdfLanguage,
  { title: string; draft: string; reason: string; status: string; statuses: Record<TOutputStatus, string> }
> = {
  fr: {
    title: 'Bon de sortie',
    draft: 'Brouillon',
    reason: 'Motif',
    status: 'Statut',
    statuses: { draft: 'Brouillon', validated: 'Validée', canceled: 'Annulée (retour)' },
  },
  en: {
    title: 'Exit slip',
    draft: 'Draft',
    reason: 'Reason',
    status: 'Status',
    statuses: { draft: 'Draft', validated: 'Validated', canceled: 'Canceled (returned)' },
  },
};

const FIELDS = headerFields(outputs, ['reasonId', 'outputDate', 'consumerId', 'customerId', 'notes']);
const summaryColumns = sql`o.id, o.number, o.status, ${FIELDS.select}, r.label as "reasonLabel",
  co.name as "consumerName", cu.name as "customerName", ${unpricedCountsSelect},
  ${headerFields(outputs, ['validatedAt', 'createdAt', 'updatedAt']).select}`;
const summaryFrom = sql`from outputs o join reasons r on r.id = o.reason_id
  left join consumers co on co.id = o.consumer_id left join customers cu on cu.id = o.customer_id`;

const listSpec = (tenantId: number | null, q: Record<string, unknown>) =>
  documentList(tenantId, q, {
    columns: summaryColumns,
    from: summaryFrom,
    equals: {
      status: sql`o.status`,
      reasonId: sql`o.reason_id`,
      consumerId: sql`o.consumer_id`,
      customerId: sql`o.customer_id`,
    },
    lines: LINES,
    search: [sql`o.number`, sql`r.label`, sql`co.name`, sql`cu.name`],
    sort: {
      number: sql`o.number`,
      outputDate: sql`o.output_date`,
      reasonLabel: sql`r.label`,
      status: sql`o.status`,
      units: sql`o.units`,
      createdAt: sql`o.created_at`,
    },
    defaultSort: 'outputDate:desc',
  });

async function findOne(tx: Tx, tenantId: number | null, id: number): Promise<TOutput | undefined> {
  const [header] = await queryRows<Omit<TOutput, 'lines'>>(
    tx,
    sql`select ${summaryColumns}, u.name as "createdByName",
          case when o.status = 'validated' and o.epc_count > 0
               then ${isoUtc(sql`(o.validated_at + make_interval(hours => ${OUTPUT_EXIT_HOURS}::int))`)} end
            as "exitAuthorizedUntil"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  return { ...header, lines: await readUnpricedLines(tx, LINES, tenantId, id) };
}

/**
 * The header's references (a reason that applies to a decrease, a consumer or a customer) and the lines'
 * articles and EPCs, each checked in the caller's tenant: an EPC must be a tag of the line's article, listed once.
 */
async function write(ctx: DocumentContext, input: Input) {
  const references = {
    reasonId: {
      table: 'reasons',
      id: input.reasonId,
      where: sql`kind <> 'increment'`,
      message: 'not a reason for an output',
    },
    consumerId: { table: 'consumers', id: input.consumerId },
    customerId: { table: 'customers', id: input.customerId },
  };
  return writeUnpriced(ctx, input, FIELDS, references, 'Unknown reason, recipient, article or tag');
}

/**
 * Validation (after the kit took the stock and the listed tags out): the tags may pass an exit gate for
 * OUTPUT_EXIT_HOURS from now. A constant number of statements whatever the number of lines and tags.
 */
async function validate({ tx, tenantId }: DocumentContext, output: LockedOutput) {
  await tx.execute(
    sql`insert into output_tags (tenant_id, output_id, tag_id)
        select ${tenantId}, ${output.id}, t.id from output_lines l cross join unnest(l.epcs) e(epc)
          join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
        where l.output_id = ${output.id} and l.tenant_id = ${tenantId}`,
  );
}

/** A return (after the kit put the stock and the tags back): the exit window ends. */
async function cancel({ tx, tenantId }: DocumentContext, output: LockedOutput) {
  await tx.execute(sql`delete from output_tags where output_id = ${output.id} and tenant_id = ${tenantId}`);
}

/** Stock outputs (BS series): drafts, numbered when validated; a validated one is canceled by a return. */
export const outputType: DocumentType<TOutputStatus, TOutput, Input, LockedOutput> = {
  entity: OUTPUT_ENTITY,
  noun: 'output',
  table: 'outputs',
  lines: LINES,
  series: 'BS',
  numberAt: 'validated',
  editable: ['draft'],
  deletable: ['draft'],
  permissions: { read: 'outputs.read', write: 'outputs.write' },
  transitions: serverTransitions(
    OUTPUT_TRANSITIONS,
    'outputs.write',
    { no_lines: 'An output without lines cannot be validated' },
    { 'draft>validated': validate, 'validated>canceled': cancel },
  ),
  stock: { out: 'validated', back: 'canceled', reason: 'output', reasonId: (o) => o.reasonId },
  stamps: { validated: 'validated_at' },
  lockColumns: sql`line_count as "lineCount", reason_id as "reasonId"`,
  input: ZOutputInput,
  schemas: { summary: ZOutputSummary, full: ZOutput, listQuery: ZOutputListQuery, statusChange: ZOutputStatusChange },
  read: findOne,
  list: listSpec,
  write,
  logged: (o) => ({ ...FIELDS.logged(o), lines: o.lineCount, units: o.units }),
  created: unpricedCreated,
  async printable(_tx, output, language) {
    const labels = PDF_LABELS[language];
    const recipient = output.consumerName ?? output.customerName;
    return {
      title: labels.title,
      number: output.number ?? labels.draft,
      date: output.outputDate,
      partyRole: output.customerName ? 'customer' : 'recipient',
      party: { name: recipient ?? '—', lines: [] },
      fields: [
        { label: labels.reason, value: output.reasonLabel },
        { label: labels.status, value: labels.statuses[output.status] },
        ...(output.validatedAt
          ? [{ label: labels.statuses.validated, value: formatDate(output.validatedAt.slice(0, 10), language) }]
          : []),
      ],
      items: unpricedPdfItems(output.lines),
      signatures: true,
      notes: output.notes,
    };
  },
  company: companyForDocuments,
};

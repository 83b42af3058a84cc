import { sql } from 'drizzle-orm';
import {
  OUTPUT_EXIT_HOURS,
  OUTPUT_TRANSITIONS,
  ZOutputInput,
  type TActivityEntity,
  type TOutput,
  type TOutputLine,
  type TOutputStatus,
} from '@tagstock/contract';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client';
import { isoUtc, jsonList } from '../../db/sql-fragments';
import type { DocumentContext, DocumentType } from '../../platform/documents/document-type';
import { serverTransitions } from '../../platform/documents/status-machine';
import { badRequest } from '../../platform/errors';
import { lineArticles, missingReferences } from '../../platform/documents/references';
import { documentList } from '../../platform/documents/document-list';
import { formatDate, type PdfLanguage } from '../../platform/pdf/pdf-format';
import { companyForDocuments } from '../company/company.service';
import { epcConflict } from '../rfid/tags-received';
import { moveStock } from '../stock/stock.service';

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

const summaryColumns = sql`o.id, o.number, o.reason_id as "reasonId", r.label as "reasonLabel",
  to_char(o.output_date, 'YYYY-MM-DD') as "outputDate", o.consumer_id as "consumerId", co.name as "consumerName",
  o.customer_id as "customerId", cu.name as "customerName", o.status, o.line_count as "lineCount", o.units,
  o.epc_count as "epcCount", ${isoUtc(sql`o.validated_at`)} as "validatedAt",
  ${isoUtc(sql`o.created_at`)} as "createdAt", ${isoUtc(sql`o.updated_at`)} as "updatedAt"`;
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
    lines: { table: 'output_lines', parent: 'output_id' },
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
    sql`select ${summaryColumns}, o.notes, u.name as "createdByName",
          case when o.status = 'validated' and o.epc_count > 0
               then ${isoUtc(sql`(o.validated_at + make_interval(hours => ${OUTPUT_EXIT_HOURS}::int))`)} end
            as "exitAuthorizedUntil"
        ${summaryFrom} left join users u on u.id = o.created_by
        where o.id = ${id} and o.tenant_id = ${tenantId}`,
  );
  if (!header) return undefined;
  const lines = await queryRows<TOutputLine>(
    tx,
    sql`select id, position, article_id as "articleId", reference, designation, quantity, epcs
        from output_lines where output_id = ${id} and tenant_id = ${tenantId} order by position`,
  );
  return { ...header, lines };
}

/**
 * The header's references (a reason that applies to a decrease, a consumer or a customer) and the lines'
 * articles and EPCs, each checked in the caller's tenant: an EPC must be a tag of the line's article, listed once.
 */
async function write({ tx, tenantId }: DocumentContext, input: Input) {
  const { byId, errors } = await lineArticles(tx, tenantId, input.lines);
  errors.unshift(
    ...(await missingReferences(tx, tenantId, {
      reasonId: {
        table: 'reasons',
        id: input.reasonId,
        where: sql`kind <> 'increment'`,
        message: 'not a reason for an output',
      },
      consumerId: { table: 'consumers', id: input.consumerId },
      customerId: { table: 'customers', id: input.customerId },
    })),
  );
  const epcs = input.lines.flatMap((l, i) => l.epcs.map((epc) => ({ epc, line: i, article: l.articleId })));
  const tags = epcs.length
    ? await queryRows<{ epc: string; articleId: number | null }>(
        tx,
        sql`select t.epc, t.article_id as "articleId" from ${jsonList(epcs.map((e) => e.epc))} e(epc)
            join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc`,
      )
    : [];
  const tagArticle = new Map(tags.map((t) => [t.epc, t.articleId]));
  const seen = new Set<string>();
  for (const e of epcs) {
    const field = `lines.${e.line}.epcs`;
    if (seen.has(e.epc)) errors.push({ field, message: `${e.epc} given twice`, code: 'invalid' });
    else if (!tagArticle.has(e.epc)) errors.push({ field, message: `${e.epc} is not a known tag`, code: 'not_found' });
    else if (tagArticle.get(e.epc) !== e.article)
      errors.push({ field, message: `${e.epc} is not a tag of this article`, code: 'invalid' });
    seen.add(e.epc);
  }
  if (errors.length) throw badRequest('unknown_reference', 'Unknown reason, recipient, article or tag', errors);
  return {
    header: {
      reason_id: input.reasonId,
      output_date: input.outputDate,
      consumer_id: input.consumerId,
      customer_id: input.customerId,
      notes: input.notes,
      line_count: input.lines.length,
      units: input.lines.reduce((sum, l) => sum + l.quantity, 0),
      epc_count: epcs.length,
    },
    lines: input.lines.map((l, i) => {
      const article = byId.get(l.articleId)!;
      return {
        position: i + 1,
        article_id: l.articleId,
        reference: article.reference,
        designation: article.designation,
        quantity: l.quantity,
        epcs: l.epcs,
      };
    }),
  };
}

const storedLines = (ctx: DocumentContext, id: number) =>
  queryRows<{ articleId: number; quantity: number }>(
    ctx.tx,
    sql`select article_id as "articleId", quantity from output_lines
        where output_id = ${id} and tenant_id = ${ctx.tenantId} and article_id is not null order by position`,
  );

/** The stock of the lines moves out (validation) or back (a return), with the number and the tenant's reason. */
async function moveLines(ctx: DocumentContext, output: LockedOutput, direction: 1 | -1) {
  const lines = await storedLines(ctx, output.id);
  await moveStock(
    ctx.tx,
    { tenantId: ctx.tenantId, userId: ctx.userId },
    lines.map((l) => ({
      articleId: l.articleId,
      delta: direction * l.quantity,
      reason: 'output' as const,
      reasonId: output.reasonId,
      note: output.number,
      source: { type: OUTPUT_ENTITY, id: output.id },
    })),
  );
}

/**
 * Validation: the stock goes out; the listed tags, which must be in stock, leave it and may pass an exit gate
 * for OUTPUT_EXIT_HOURS from now. A constant number of statements whatever the number of lines and tags.
 */
async function validate(ctx: DocumentContext, output: LockedOutput) {
  const { tx, tenantId } = ctx;
  const outside = await queryRows<{ epc: string }>(
    tx,
    sql`select e.epc from output_lines l cross join unnest(l.epcs) e(epc)
          left join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
        where l.output_id = ${output.id} and l.tenant_id = ${tenantId}
          and (t.id is null or not t.in_stock or t.article_id is distinct from l.article_id)
        order by e.epc limit 100`,
  );
  if (outside.length)
    throw epcConflict(
      'epc_not_in_stock',
      'are not in stock as items of their line',
      outside.map((r) => r.epc),
    );
  await moveLines(ctx, output, -1);
  await tx.execute(
    sql`with listed as (
          select t.id from output_lines l cross join unnest(l.epcs) e(epc)
            join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc
          where l.output_id = ${output.id} and l.tenant_id = ${tenantId}),
        gone as (update tags t set in_stock = false, updated_at = now() from listed
                 where t.id = listed.id and t.tenant_id = ${tenantId} returning t.id)
        insert into output_tags (tenant_id, output_id, tag_id) select ${tenantId}, ${output.id}, id from gone`,
  );
  await tx.execute(sql`update outputs set validated_at = now() where id = ${output.id} and tenant_id = ${tenantId}`);
}

/** A return: the stock comes back, the tags that have not come back since are in stock again, the exit window ends. */
async function cancel(ctx: DocumentContext, output: LockedOutput) {
  const { tx, tenantId } = ctx;
  await moveLines(ctx, output, 1);
  await tx.execute(
    sql`with back as (delete from output_tags where output_id = ${output.id} and tenant_id = ${tenantId} returning tag_id)
        update tags t set in_stock = true, updated_at = now() from back
        where t.id = back.tag_id and t.tenant_id = ${tenantId}`,
  );
}

/** Stock outputs (BS series): drafts, numbered when validated; a validated one is canceled by a return. */
export const outputType: DocumentType<TOutputStatus, TOutput, Input, LockedOutput> = {
  entity: OUTPUT_ENTITY,
  noun: 'output',
  table: 'outputs',
  lines: {
    table: 'output_lines',
    parent: 'output_id',
    columns: {
      position: 'int',
      article_id: 'int',
      reference: 'text',
      designation: 'text',
      quantity: 'int',
      epcs: 'text[]',
    },
  },
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
  lockColumns: sql`line_count as "lineCount", reason_id as "reasonId"`,
  input: ZOutputInput,
  read: findOne,
  list: listSpec,
  write,
  logged: (o) => ({
    reasonId: o.reasonId,
    outputDate: o.outputDate,
    consumerId: o.consumerId,
    customerId: o.customerId,
    notes: o.notes,
    lines: o.lineCount,
    units: o.units,
  }),
  created: (o) => [
    { field: 'lines', from: null, to: o.lineCount },
    { field: 'units', from: null, to: o.units },
  ],
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
      items: output.lines.map((l) => ({
        reference: l.reference,
        designation: l.designation,
        quantity: l.quantity,
        detail: l.epcs.join(' '),
      })),
      signatures: true,
      notes: output.notes,
    };
  },
  company: companyForDocuments,
};

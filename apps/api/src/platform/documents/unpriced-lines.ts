import { sql } from 'drizzle-orm';
import type { TUnpricedLine } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { jsonList } from '../../db/sql-fragments';
import { badRequest } from '../errors';
import type { DocumentContext, DocumentLines, WrittenDocument } from './document-type';
import { lineArticles, missingReferences, type Reference } from './references';

/**
 * The unpriced layer of the document kit, beside the priced one: lines of stock documents (stock outputs, delivery
 * notes) naming an article, a quantity and optionally the EPCs of the items picked. Their table is made with
 * `unpricedLineColumns` (db/columns.ts), their body is the contract's `ZUnpricedLinesInput`, their answer
 * `ZUnpricedLine`.
 */

/** A line of the body as the contract's `ZUnpricedLineInput` parses it. */
type Line = { articleId: number; quantity: number; epcs: readonly string[] };

/**
 * The rows of the lines (the article's reference and designation as they are now) and a field error for each line
 * naming an article of no such row in the tenant, or an EPC that is not a tag of its line's article or is listed
 * twice; with the units and EPCs the lines count. Two queries whatever the number of lines.
 */
export async function unpricedLines(tx: Tx, tenantId: number, lines: readonly Line[]) {
  const { byId, errors } = await lineArticles(tx, tenantId, lines);
  const epcs = lines.flatMap((l, i) => l.epcs.map((epc) => ({ epc, line: i, article: l.articleId })));
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
  const rows = lines.map((l, i) => {
    const article = byId.get(l.articleId);
    return {
      position: i + 1,
      article_id: l.articleId,
      reference: article?.reference ?? '',
      designation: article?.designation ?? '',
      quantity: l.quantity,
      epcs: l.epcs,
    };
  });
  // The header's counts of its lines.
  const counts = {
    line_count: lines.length,
    units: lines.reduce((sum, l) => sum + l.quantity, 0),
    epc_count: epcs.length,
  };
  return { rows, errors, counts };
}

/** The columns of an unpriced line as the contract names them (`ZUnpricedLine`). */
export const unpricedLineSelect = sql`id, position, article_id as "articleId", reference, designation, quantity, epcs`;

/** The stored lines of a document (`tenantId` null: the platform's work), in their order, as `ZUnpricedLine`. */
export const readUnpricedLines = (tx: Tx, lines: DocumentLines, tenantId: number | null, id: number) =>
  queryRows<TUnpricedLine>(
    tx,
    sql`select ${unpricedLineSelect} from ${lines.table}
        where ${sql.identifier(lines.parent.name)} = ${id}${tenantId === null ? sql`` : sql` and tenant_id = ${tenantId}`}
        order by position`,
  );

/**
 * What an unpriced document's `write` answers: its header `fields` from the input with the counts of its lines, and
 * the rows of its lines; the header's `references` and the lines' articles and EPCs checked in the caller's tenant,
 * a 400 `unknown_reference` (`message`) with every field error otherwise.
 */
export async function writeUnpriced<I extends { lines: readonly Line[] }>(
  { tx, tenantId }: DocumentContext,
  input: I,
  fields: { write(input: NoInfer<I>): Record<string, unknown> },
  references: Record<string, Reference>,
  message: string,
): Promise<WrittenDocument> {
  const lines = await unpricedLines(tx, tenantId, input.lines);
  const errors = [...(await missingReferences(tx, tenantId, references)), ...lines.errors];
  if (errors.length) throw badRequest('unknown_reference', message, errors);
  return { header: { ...fields.write(input), ...lines.counts }, lines: lines.rows };
}

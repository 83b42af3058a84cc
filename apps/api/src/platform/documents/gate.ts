import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { TGateLine, TPickRefusal } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { jsonList, jsonRows } from '../../db/sql-fragments';
import type { DocumentContext, DocumentGate, DocumentLines } from './document-type';
import { unpricedLineSelect } from './unpriced-lines';

/**
 * The exit gate of the document kit (a type's `gate`): what its documents read of the exits they covered, and the
 * picking of EPCs onto their lines. The authorizer that covers the exits is built in the ingestion
 * (`documentGateAuthorizer`).
 */

const exitsOf = (gate: DocumentGate<string>) => ({
  table: sql.identifier(getTableName(gate.exits.table)),
  parent: sql.identifier(gate.exits.parent.name),
});

/** The number of items that left under the document aliased `o` (a summary column). */
export function gateExitCount(gate: DocumentGate<string>): SQL {
  const { table, parent } = exitsOf(gate);
  return sql`(select count(*)::int from ${table} x where x.${parent} = o.id and x.tenant_id = o.tenant_id)`;
}

/** The items that left under a document, as its stock effect's `alreadyMoved` takes them. */
export function gateAlreadyMoved(gate: DocumentGate<string>, tenantId: number, id: number): SQL {
  const { table, parent } = exitsOf(gate);
  return sql`select article_id, tag_id from ${table} where ${parent} = ${id} and tenant_id = ${tenantId}`;
}

/** The document's lines, each ticked by the items of its article that left under it, taken in the lines' order. */
export function readGateLines(
  tx: Tx,
  lines: DocumentLines,
  gate: DocumentGate<string>,
  tenantId: number | null,
  id: number,
) {
  const { table, parent } = exitsOf(gate);
  const lineParent = sql.identifier(lines.parent.name);
  return queryRows<TGateLine>(
    tx,
    sql`with l as (select ${unpricedLineSelect},
              sum(quantity) over (partition by article_id order by position) - quantity as before
            from ${lines.table} where ${lineParent} = ${id} and tenant_id = ${tenantId}),
          x as (select article_id, count(*)::int as units from ${table}
            where ${parent} = ${id} and tenant_id = ${tenantId} group by article_id)
        select l.id, l.position, l."articleId", l.reference, l.designation, l.quantity, l.epcs,
          least(l.quantity, greatest(0, coalesce(x.units, 0) - l.before))::int as exited
        from l left join x on x.article_id = l."articleId" order by l.position`,
  );
}

/**
 * Lists picked EPCs on the lines of a document (locked by the caller) of `table` (whose `epc_count` follows): each
 * to the first line of its tag's article with room, in the lines' order; answers those left out and why. Four
 * statements whatever the number of EPCs.
 */
export async function pickEpcs(
  { tx, tenantId }: DocumentContext,
  doc: { table: string; lines: DocumentLines },
  id: number,
  epcs: readonly string[],
) {
  const lineParent = sql.identifier(doc.lines.parent.name);
  const tags = await queryRows<{ epc: string; articleId: number | null }>(
    tx,
    sql`select t.epc, t.article_id as "articleId" from ${jsonList([...new Set(epcs)])} e(epc)
        join tags t on t.tenant_id = ${tenantId} and t.epc = e.epc`,
  );
  const lines = await queryRows<{ id: number; articleId: number | null; quantity: number; epcs: string[] }>(
    tx,
    sql`select id, article_id as "articleId", quantity, epcs from ${doc.lines.table}
        where ${lineParent} = ${id} and tenant_id = ${tenantId} order by position`,
  );
  const articleOf = new Map(tags.map((t) => [t.epc, t.articleId]));
  const listed = new Set(lines.flatMap((l) => l.epcs));
  const unmatched: { epc: string; reason: TPickRefusal }[] = [];
  for (const epc of new Set(epcs)) {
    if (listed.has(epc)) continue;
    listed.add(epc);
    if (!articleOf.has(epc)) {
      unmatched.push({ epc, reason: 'unknown_tag' });
      continue;
    }
    const ofArticle = lines.filter((l) => l.articleId !== null && l.articleId === articleOf.get(epc));
    const line = ofArticle.find((l) => l.epcs.length < l.quantity);
    if (line) line.epcs.push(epc);
    else unmatched.push({ epc, reason: ofArticle.length ? 'no_room' : 'not_on_note' });
  }
  await tx.execute(
    sql`update ${doc.lines.table} l set epcs = v.epcs
        from ${jsonRows(lines.map((l) => ({ id: l.id, epcs: l.epcs })))} as v(id int, epcs text[])
        where l.id = v.id and l.tenant_id = ${tenantId}`,
  );
  await tx.execute(
    sql`update ${sql.identifier(doc.table)} set epc_count = ${lines.reduce((n, l) => n + l.epcs.length, 0)},
          updated_at = now() where id = ${id} and tenant_id = ${tenantId}`,
  );
  return unmatched;
}

import { sql, type SQL } from 'drizzle-orm';
import type { ListSpec } from '../pagination';
import type { DocumentLines } from './document-type';

/**
 * The list of a document type, its table aliased `o`: of one tenant (or, `tenantId` null, of every tenant for the
 * platform's team), newest first by default. `equals` maps query fields to the column each must equal; `flags`
 * maps query fields to a condition kept when the field is `true`, left out when `false`; `articleId`, when the type
 * has `lines`, keeps the documents with a line of that article.
 */
export function documentList(
  tenantId: number | null,
  q: Record<string, unknown>,
  spec: Omit<ListSpec, 'where' | 'tieBreaker'> & {
    equals: Record<string, SQL>;
    flags?: Record<string, SQL>;
    lines?: DocumentLines;
  },
): ListSpec {
  const { equals, flags = {}, lines, ...list } = spec;
  return {
    ...list,
    where: [
      ...(tenantId === null ? [] : [sql`o.tenant_id = ${tenantId}`]),
      ...Object.entries(equals)
        .filter(([field]) => q[field] !== undefined && q[field] !== null && q[field] !== '')
        .map(([field, column]) => sql`${column} = ${q[field]}`),
      ...Object.entries(flags)
        .filter(([field]) => q[field] === 'true' || q[field] === 'false')
        .map(([field, condition]) => (q[field] === 'true' ? condition : sql`not ${condition}`)),
      ...(lines && q.articleId
        ? [
            sql`exists (select 1 from ${lines.table} l where l.${sql.identifier(lines.parent.name)} = o.id
                  and l.tenant_id = o.tenant_id and l.article_id = ${q.articleId})`,
          ]
        : []),
    ],
    tieBreaker: sql`o.id desc`,
  };
}

/** Columns of the list's table `o` by their public names (`{ plannedDate: 'planned_date' }`), for `equals` and `sort`. */
export const columnsOf = (columns: Record<string, string>): Record<string, SQL> =>
  Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, sql`o.${sql.identifier(column)}`]));

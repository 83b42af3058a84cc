import { sql, type SQL } from 'drizzle-orm';
import type { TArticleNature, TVatExemptionCode } from '@tagstock/contract';
import { queryRows, type Tx } from '../../db/client';
import { jsonList } from '../../db/sql-fragments';
import type { FieldError } from '../errors';

/** A header's reference to check in the tenant: the table, the id (null: none given), an extra condition. */
export type Reference = { table: string; id: number | null; where?: SQL; message?: string };

/**
 * A field error for each reference of a document's header that the tenant has no such row of (a row of another
 * tenant is no row), in one query. References left empty (null) are not checked.
 */
export async function missingReferences(tx: Tx, tenantId: number, refs: Record<string, Reference>) {
  const given = Object.entries(refs).filter(([, r]) => r.id !== null);
  if (!given.length) return [];
  const [row] = await queryRows<Record<string, boolean>>(
    tx,
    sql`select ${sql.join(
      given.map(
        ([field, r]) =>
          sql`exists (select 1 from ${sql.identifier(r.table)} where id = ${r.id} and tenant_id = ${tenantId}
                ${r.where ? sql`and ${r.where}` : sql``}) as ${sql.identifier(field)}`,
      ),
      sql`, `,
    )}`,
  );
  return given
    .filter(([field]) => !row?.[field])
    .map(([field, r]): FieldError => ({ field, message: r.message ?? 'not found', code: 'not_found' }));
}

export type LineArticle = {
  id: number;
  reference: string;
  designation: string;
  /** Goods or a service: the article's, else its category's (null: neither says). */
  nature: TArticleNature | null;
  /** The exemption its 0 % sales lines take by default. */
  vatExemption: TVatExemptionCode | null;
};

/** The tenant's articles named by the lines, and a field error for each line naming another, in one query. */
export async function lineArticles(tx: Tx, tenantId: number, lines: readonly { articleId: number }[]) {
  const ids = [...new Set(lines.map((l) => l.articleId))];
  const articles = ids.length
    ? await queryRows<LineArticle>(
        tx,
        sql`select a.id, a.reference, a.designation, coalesce(a.nature, c.nature) as nature,
              a.vat_exemption as "vatExemption"
            from ${jsonList(ids)} e(id)
            join articles a on a.id = e.id::int and a.tenant_id = ${tenantId}
            left join categories c on c.id = a.category_id and c.tenant_id = a.tenant_id`,
      )
    : [];
  const byId = new Map(articles.map((a) => [a.id, a]));
  const errors = lines.flatMap((l, i): FieldError[] =>
    byId.has(l.articleId) ? [] : [{ field: `lines.${i}.articleId`, message: 'not found', code: 'not_found' }],
  );
  return { byId, errors };
}

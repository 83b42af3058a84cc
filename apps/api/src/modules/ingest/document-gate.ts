import { getTableName, sql, type SQL } from 'drizzle-orm';
import { jsonRows } from '../../db/sql-fragments';
import type { AnyDocumentType, DocumentGate } from '../../platform/documents/document-type';
import { coversBySql, type ExitAuthorizer } from './authorization';

/**
 * The exit authorizer of a document type with a `gate` (delivery notes): an OUT is covered by a document in the
 * gate's status that lists the tag among its picked EPCs, or that has a line of the tag's article with units left to
 * pick (its quantity less its listed EPCs and the items of the article already out under the document). One query
 * per batch, which reads the lines of the batch's articles once (not once per exit): a picked EPC is a tag of its
 * line's article (checked when the line is written), so the lines are found through the (tenant, article) index,
 * which row-level security lets the planner use (a GIN search on `epcs @>` it would not: the operator is not
 * leakproof). The batch's other exits of an article then take the units left of its documents one each, the oldest
 * (`gate.first`) first. The exits it covers are kept (`record`): they tick the document's lines.
 */
export function documentGateAuthorizer(type: AnyDocumentType): ExitAuthorizer {
  const gate: DocumentGate<string> | undefined = type.gate;
  if (!gate) throw new Error(`${type.entity} declares no gate`);
  const docs = sql.identifier(type.table);
  const lines = sql.identifier(getTableName(type.lines.table));
  const lineParent = sql.identifier(type.lines.parent.name);
  const exits = sql.identifier(getTableName(gate.exits.table));
  const exitParent = sql.identifier(gate.exits.parent.name);
  const first = sql.identifier(gate.first);
  const coversSql = (batch: SQL) =>
    sql`with v as (select x.i, x.tenant, x.tag, x.article from (${batch}) x),
        tagged as materialized (
          select v.i, v.tenant, v.article, t.epc from v join tags t on t.id = v.tag and t.tenant_id = v.tenant
          where v.article is not null
        ),
        lines as materialized (
          select l.tenant_id as tenant, l.article_id as article, l.${lineParent} as id, l.epcs,
            l.quantity - cardinality(l.epcs) as unpicked, l.epcs && a.epcs as listing
          from (select tenant, article, array_agg(epc) as epcs from tagged group by tenant, article) a
          join ${lines} l on l.tenant_id = a.tenant and l.article_id = a.article
            and (l.epcs && a.epcs or l.quantity > cardinality(l.epcs))
        ),
        docs as materialized (
          select n.id, d.number, d.ord from (select distinct id, tenant from lines) n
          cross join lateral (
            select d.number, d.${first} as ord from ${docs} d
            where d.id = n.id and d.tenant_id = n.tenant and d.status = ${gate.status} limit 1
          ) d
        ),
        picked as (
          select distinct on (g.i) g.i, d.number from tagged g
          join lines x on x.listing and x.tenant = g.tenant and x.epcs @> array[g.epc]
          join docs d on d.id = x.id
          order by g.i, d.ord, d.id
        ),
        rest as (
          select g.i, g.tenant, g.article, row_number() over (partition by g.tenant, g.article order by g.i) - 1 as r
          from tagged g where g.i not in (select i from picked)
        ),
        wanted as (select tenant, article, count(*) as k from rest group by tenant, article),
        -- Per article, its documents in order with the units they have left, counted one document at a time and
        -- only until k of them have some (each then takes at least one of the k exits): the documents filled
        -- earlier are passed over, the later ones never counted (the order is kept by the fenced subquery).
        open as (
          select w.tenant, w.article, o.id, o.number, o.ord, o.units_left
          from wanted w
          cross join lateral (
            select s.id, s.number, s.ord, s.units - gone.n as units_left
            from (
              select u.id, d.number, d.ord, u.units
              from (
                select id, sum(unpicked) as units from lines
                where unpicked > 0 and tenant = w.tenant and article = w.article group by id
              ) u
              join docs d on d.id = u.id
              order by d.ord, d.id offset 0
            ) s
            cross join lateral (
              select count(*) as n from ${exits} x join tags xt on xt.id = x.tag_id and xt.tenant_id = w.tenant
              where x.${exitParent} = s.id and x.tenant_id = w.tenant and x.article_id = w.article
                and not exists (select 1 from ${lines} pl where pl.${lineParent} = s.id
                  and pl.tenant_id = w.tenant and pl.epcs @> array[xt.epc])
            ) gone
            where s.units - gone.n > 0
            order by s.ord, s.id
            limit w.k
          ) o
        ),
        slots as materialized (
          select tenant, article, number, units_left,
            sum(units_left) over (partition by tenant, article order by ord, id) as upto
          from open where units_left > 0
        )
        select i, number from picked
        union all
        select rest.i, s.number from rest join slots s on s.tenant = rest.tenant and s.article = rest.article
          and rest.r >= s.upto - s.units_left and rest.r < s.upto`;
  return {
    name: type.entity,
    rank: gate.rank,
    missing: `no ${gate.status} ${type.noun} listing this tag or its article`,
    covers(tx, batch) {
      return coversBySql(tx, coversSql, batch);
    },
    coversSql,
    describe: (number) => `${type.noun} ${number}`,
    message: (number) => `Authorized by ${number}`,
    async record(tx, covered) {
      const rows = covered
        .filter((c) => c.articleId !== null)
        .map((c) => ({
          tenant: c.tenantId,
          tag: c.tagId,
          article: c.articleId,
          movement: c.movementId,
          number: c.cover,
        }));
      await tx.execute(
        sql`insert into ${exits} (tenant_id, ${exitParent}, tag_id, article_id, movement_id)
            select d.tenant_id, d.id, v.tag, v.article, v.movement
            from ${jsonRows(rows)} as v(tenant int, tag int, article int, movement bigint, number text)
            join ${docs} d on d.tenant_id = v.tenant and d.number = v.number
            on conflict (${exitParent}, tag_id) do nothing`,
      );
    },
  };
}

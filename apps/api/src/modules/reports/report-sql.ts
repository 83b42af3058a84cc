import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_DIMENSIONS,
  REPORT_LIMIT_DEFAULT,
  REPORT_MEASURES,
  REPORT_TIME_DIMENSIONS,
  REPORT_TIME_ZONE,
  REPORT_VALUE_LABELS,
  type TReportColumn,
  type TReportDimensionId,
  type TReportMeasureId,
  type TReportQuery,
} from '@tagstock/contract';
import { badRequest } from '../../platform/errors';
import {
  sourceDimensions,
  type ReportDimensionSource,
  type ReportJoin,
  type ReportMeasureDeclaration,
  type ReportSource,
} from './registry';

const TIME_FORMATS: Record<(typeof REPORT_TIME_DIMENSIONS)[number], string> = {
  day: 'YYYY-MM-DD',
  week: 'IYYY-"W"IW',
  month: 'YYYY-MM',
  quarter: 'YYYY-"Q"Q',
  year: 'YYYY',
};
const isTime = (d: TReportDimensionId): d is (typeof REPORT_TIME_DIMENSIONS)[number] =>
  (REPORT_TIME_DIMENSIONS as readonly string[]).includes(d);

/** The calendar day of a source's date in the tenants' zone. */
const dayOf = (date: NonNullable<ReportSource['date']>): SQL =>
  date.kind === 'date' ? date.column : sql`(${date.column} at time zone ${REPORT_TIME_ZONE})::date`;

/** The period as a condition on the date column (a plain range on the column itself, so its indexes serve). */
function inPeriod(date: NonNullable<ReportSource['date']>, from: string, to: string): SQL {
  if (date.kind === 'date') return sql`${date.column} between ${from}::date and ${to}::date`;
  return sql`${date.column} >= (${from}::date)::timestamp at time zone ${REPORT_TIME_ZONE}
    and ${date.column} < (${to}::date + 1)::timestamp at time zone ${REPORT_TIME_ZONE}`;
}

function dimensionOf(source: ReportSource, d: TReportDimensionId): ReportDimensionSource {
  if (isTime(d)) {
    const key = sql`to_char(${dayOf(source.date!)}, ${TIME_FORMATS[d]})`;
    return { key, label: key };
  }
  return source.dimensions[d]!;
}

/** The first source of a measure that supports every dimension the query groups or filters by. */
export function pickSource(measure: ReportMeasureDeclaration, needed: readonly TReportDimensionId[]): ReportSource {
  const source = measure.sources.find((s) => {
    const supported = sourceDimensions(s);
    return needed.every((d) => supported.includes(d));
  });
  if (!source)
    throw badRequest('validation_failed', `The measure ${measure.id} cannot combine ${needed.join(', ')}`, [
      { field: 'dimensions', message: `the measure ${measure.id} cannot combine ${needed.join(', ')}` },
    ]);
  return source;
}

const col = (prefix: string, i: number) => sql.identifier(`${prefix}${i}`);

/** The FROM clause: the fact table and each join once, every table filtered by the tenant. */
function fromClause(source: ReportSource, joins: ReportJoin[], tenantId: number): SQL {
  const seen = new Set<string>(['f']);
  const parts: SQL[] = [sql`from ${sql.identifier(source.table)} f`];
  for (const j of [...(source.joins ?? []), ...joins]) {
    if (seen.has(j.alias)) continue;
    seen.add(j.alias);
    const kind = j.inner ? sql`join` : sql`left join`;
    const alias = sql.identifier(j.alias);
    parts.push(sql`${kind} ${sql.identifier(j.table)} ${alias} on (${j.on}) and ${alias}.tenant_id = ${tenantId}`);
  }
  return sql.join(parts, sql` `);
}

/** The codes a value names by their label, in either language ("Payée" → paid), so that a filter may say either. */
const codesLabelled = (dimension: TReportDimensionId, value: string): string[] => {
  const wanted = value.toLowerCase();
  return Object.entries(REPORT_VALUE_LABELS[dimension] ?? {})
    .filter(([, label]) => label.fr.toLowerCase() === wanted || label.en.toLowerCase() === wanted)
    .map(([code]) => code);
};

/** One measure aggregated on its own, grouped by the query's dimensions (keys k0…, labels l0…, value v). */
function measureCte(
  measure: ReportMeasureDeclaration,
  query: TReportQuery,
  tenantId: number,
  period: { from: string; to: string },
): SQL {
  const needed = [...new Set([...query.dimensions, ...query.filters.map((f) => f.dimension)])];
  const source = pickSource(measure, needed);
  const dims = query.dimensions.map((d) => dimensionOf(source, d));
  const filters = query.filters.map((f) => ({
    dim: dimensionOf(source, f.dimension),
    values: f.values.flatMap((v) => [v, ...codesLabelled(f.dimension, v)]),
  }));
  const joins = [...dims, ...filters.map((f) => f.dim)].flatMap((d) => d.joins ?? []);
  const where: SQL[] = [sql`f.tenant_id = ${tenantId}`];
  if (source.where) where.push(sql`(${source.where})`);
  if (source.date) where.push(inPeriod(source.date, period.from, period.to));
  for (const { dim, values } of filters) {
    // A value names the key (an id) or, case-insensitively, the label or another matching expression.
    const lowered = values.map((v) => v.toLowerCase());
    const exprs = [dim.key, dim.label ?? dim.key, ...(dim.match ?? [])];
    where.push(
      sql`(${sql.join(
        exprs.map((e) => sql`lower(${e}) in ${lowered}`),
        sql` or `,
      )})`,
    );
  }
  // Grouped by the keys alone, an entity's label taken once per group (a key has one label): fewer grouping columns.
  // A time key is its own label: not computed twice per row (the outer query shows the key).
  const select = [
    ...dims.map((d, i) => sql`${d.key} as ${col('k', i)}`),
    ...dims.map((d, i) =>
      isTime(query.dimensions[i]!)
        ? sql`null::text as ${col('l', i)}`
        : sql`min(${d.label ?? d.key}) as ${col('l', i)}`,
    ),
    sql`${source.value} as v`,
  ];
  const groupBy = dims.length
    ? sql` group by ${sql.join(
        dims.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  return sql`select ${sql.join(select, sql`, `)} ${fromClause(source, joins, tenantId)}
    where ${sql.join(where, sql` and `)}${groupBy}`;
}

export type ReportPlan = { sql: SQL; columns: TReportColumn[]; limit: number };

/** A slice of a query's sorted rows (the XLSX reads a long report page by page). */
export type ReportPage = { offset: number; size: number };

/**
 * The SQL of a query: a CTE per measure grouped by the dimensions, the union of their keys, each measure joined
 * back on the keys (measures of different tables combine, a missing group is 0), totals over every row, sorted and
 * cut at the limit (one more row is read to know whether it was cut). Every identifier comes from the registry and
 * every value is a parameter. With `page`, the rows of that slice instead (totals and the count `n` still of every row).
 */
export function reportPlan(
  registry: ReadonlyMap<TReportMeasureId, ReportMeasureDeclaration>,
  query: TReportQuery,
  tenantId: number,
  period: { from: string; to: string },
  lang: 'fr' | 'en' = 'fr',
  page?: ReportPage,
): ReportPlan {
  const limit = query.limit ?? REPORT_LIMIT_DEFAULT;
  const nd = query.dimensions.length;
  const ctes = query.measures.map(
    (m, i) => sql`${col('m', i)} as (${measureCte(registry.get(m)!, query, tenantId, period)})`,
  );
  const ks = (t: SQL | SQL.Aliased | ReturnType<typeof sql.identifier>) =>
    query.dimensions.map((_, i) => sql`${t}.${col('k', i)}`);
  const ls = (t: SQL | SQL.Aliased | ReturnType<typeof sql.identifier>) =>
    query.dimensions.map((_, i) => sql`${t}.${col('l', i)}`);
  let body: SQL;
  if (nd === 0) {
    const values = query.measures.map((m, i) => {
      const v = sql`coalesce(${col('m', i)}.v, 0)`;
      return REPORT_MEASURES[m].unit === 'money' ? sql`round(${v}, 2)` : sql`${v}::bigint`;
    });
    body = sql`select ${sql.join(
      values.map((v, i) => sql`${v} as ${col('v', i)}`),
      sql`, `,
    )} from ${sql.join(
      query.measures.map((_, i) => col('m', i)),
      sql` cross join `,
    )}`;
  } else {
    // Each measure's rows with the others' values null, grouped by the keys: a hash aggregate whatever the number of
    // groups (joining the measures back on `is not distinct from` keys made a nested loop, rows × rows).
    const union = sql.join(
      query.measures.map(
        (_, i) =>
          sql`select ${sql.join(
            [
              ...ks(col('m', i)),
              ...ls(col('m', i)),
              ...query.measures.map((__, j) => (i === j ? sql`${col('m', i)}.v::numeric` : sql`null::numeric`)),
            ],
            sql`, `,
          )} from ${col('m', i)}`,
      ),
      sql` union all `,
    );
    const sums = query.measures.map((m, i) => {
      const v = sql`coalesce(sum(u.${col('x', i)}), 0)`;
      return REPORT_MEASURES[m].unit === 'money' ? sql`round(${v}, 2)` : sql`${v}::bigint`;
    });
    const names = sql.join(
      [
        ...query.dimensions.map((_, i) => col('k', i)),
        ...query.dimensions.map((_, i) => col('l', i)),
        ...query.measures.map((_, i) => col('x', i)),
      ],
      sql`, `,
    );
    body = sql`select ${sql.join(
      [
        ...ks(sql.raw('u')).map((k, i) => sql`${k} as ${col('k', i)}`),
        ...ls(sql.raw('u')).map((l, i) =>
          isTime(query.dimensions[i]!) ? sql`u.${col('k', i)} as ${col('l', i)}` : sql`min(${l}) as ${col('l', i)}`,
        ),
        ...sums.map((v, i) => sql`${v} as ${col('v', i)}`),
      ],
      sql`, `,
    )} from (${union}) u (${names}) group by ${sql.join(ks(sql.raw('u')), sql`, `)}`;
  }
  // Sorted by the chosen column, else by time (ascending) or by the first measure (largest first); keys break ties.
  const order: SQL[] = [];
  const dirOf = (d: 'asc' | 'desc') => (d === 'asc' ? sql`asc nulls last` : sql`desc nulls last`);
  const sortBy = (by: string, dir: 'asc' | 'desc') => {
    const m = (query.measures as string[]).indexOf(by);
    if (m >= 0) order.push(sql`${col('v', m)} ${dirOf(dir)}`);
    const d = (query.dimensions as string[]).indexOf(by);
    if (d >= 0) order.push(sql`${isTime(query.dimensions[d]!) ? col('k', d) : col('l', d)} ${dirOf(dir)}`);
  };
  if (query.sort) sortBy(query.sort.by, query.sort.dir);
  else if (query.dimensions.some(isTime)) query.dimensions.filter(isTime).forEach((d) => sortBy(d, 'asc'));
  else if (nd > 0) sortBy(query.measures[0]!, 'desc');
  query.dimensions.forEach((_, i) =>
    order.push(sql`${col('l', i)} asc nulls last`, sql`${col('k', i)} asc nulls last`),
  );
  const totals = query.measures.map((_, i) => sql`(sum(${col('v', i)}) over ())::text as ${col('t', i)}`);
  const statement = sql`with ${sql.join(ctes, sql`, `)}, r as (${body})
    select r.*, count(*) over ()::int as n, ${sql.join(totals, sql`, `)} from r
    ${order.length ? sql`order by ${sql.join(order, sql`, `)}` : sql``}
    ${page ? sql`limit ${page.size} offset ${page.offset}` : sql`limit ${limit + 1}`}`;
  const columns: TReportColumn[] = [
    ...query.dimensions.map((d) => ({
      id: d,
      label: REPORT_DIMENSIONS[d].label[lang],
      kind: 'dimension' as const,
      unit: d === 'day' ? ('date' as const) : ('text' as const),
    })),
    ...query.measures.map((m) => ({
      id: m,
      label: REPORT_MEASURES[m].label[lang],
      kind: 'measure' as const,
      unit: REPORT_MEASURES[m].unit,
    })),
  ];
  return { sql: statement, columns, limit };
}

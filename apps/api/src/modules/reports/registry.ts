import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_MEASURE_IDS,
  REPORT_MEASURES,
  REPORT_TIME_DIMENSIONS,
  type TReportDimensionId,
  type TReportMeasureId,
} from '@tagstock/contract';

type TimeDimension = (typeof REPORT_TIME_DIMENSIONS)[number];
export type ReportEntityDimension = Exclude<TReportDimensionId, TimeDimension>;

/**
 * A table a measure reads, joined on `on`. The generator adds `<alias>.tenant_id = $tenant` to every join, so no
 * declaration can forget it. Joins of the same alias within one source must be the same join (they are kept once).
 */
export type ReportJoin = { table: string; alias: string; on: SQL; inner?: boolean };

/** How a source groups by a dimension: the joins it needs, a key (grouped, compared) and a label (shown). */
export type ReportDimensionSource = {
  joins?: ReportJoin[];
  key: SQL;
  label?: SQL;
  /** More expressions a filter value may equal (case-insensitive), e.g. an article's reference. */
  match?: SQL[];
};

/**
 * Where a measure's rows come from: a fact table (aliased `f`, filtered by tenant), joins always made, a condition,
 * a date (a `date` column, or a `timestamp` read in the tenants' zone; none: a snapshot such as the stock, which the
 * period does not apply to), the aggregate, and the dimensions it can be grouped by besides time.
 */
export type ReportSource = {
  table: string;
  joins?: ReportJoin[];
  where?: SQL;
  date?: { column: SQL; kind: 'date' | 'timestamp' };
  value: SQL;
  dimensions: Partial<Record<ReportEntityDimension, ReportDimensionSource>>;
};

/**
 * A measure as a module declares it: its id (labels, unit and synonyms are the contract's) and one or more sources;
 * a query uses the first source that supports all its dimensions and filters (e.g. sales from the invoices' totals,
 * or from their lines when grouped by article).
 */
export type ReportMeasureDeclaration = { id: TReportMeasureId; sources: ReportSource[] };

const join = (table: string, alias: string, on: SQL, inner = false): ReportJoin => ({ table, alias, on, inner });

/** Article, category and supplier of rows naming an article by `articleId` (an expression over `f` or a join). */
export function itemDimensions(articleId: SQL): Pick<ReportSource['dimensions'], 'article' | 'category' | 'supplier'> {
  const article = join('articles', 'a', sql`a.id = ${articleId}`);
  return {
    article: {
      joins: [article],
      key: sql`a.id::text`,
      label: sql`a.reference || ' — ' || a.designation`,
      match: [sql`a.reference`, sql`a.designation`],
    },
    category: {
      joins: [article, join('categories', 'cat', sql`cat.id = a.category_id`)],
      key: sql`cat.id::text`,
      label: sql`cat.name`,
    },
    supplier: {
      joins: [article, join('suppliers', 'sup', sql`sup.id = a.supplier_id`)],
      key: sql`sup.id::text`,
      label: sql`sup.name`,
    },
  };
}

/** Customer and customer group of rows naming a customer by `customerId`. */
export function buyerDimensions(customerId: SQL): Pick<ReportSource['dimensions'], 'customer' | 'customer_group'> {
  const customer = join('customers', 'cus', sql`cus.id = ${customerId}`);
  return {
    customer: { joins: [customer], key: sql`cus.id::text`, label: sql`cus.name` },
    customer_group: {
      joins: [customer, join('customer_groups', 'cgr', sql`cgr.id = cus.group_id`)],
      key: sql`cgr.id::text`,
      label: sql`cgr.name`,
    },
  };
}

export { join as reportJoin };

/** The dimensions a source supports, time included when it has a date. */
export const sourceDimensions = (source: ReportSource): TReportDimensionId[] => [
  ...(source.date ? REPORT_TIME_DIMENSIONS : []),
  ...(Object.keys(source.dimensions) as ReportEntityDimension[]),
];

/**
 * The registry of every declared measure. It refuses, at start-up, a measure the contract does not list, one
 * declared twice, or one whose sources together support other dimensions than the contract says.
 */
export function buildRegistry(
  declarations: readonly ReportMeasureDeclaration[],
): ReadonlyMap<TReportMeasureId, ReportMeasureDeclaration> {
  const registry = new Map<TReportMeasureId, ReportMeasureDeclaration>();
  for (const d of declarations) {
    if (registry.has(d.id)) throw new Error(`report measure ${d.id} declared twice`);
    if (!d.sources.length) throw new Error(`report measure ${d.id} has no source`);
    const supported = new Set(d.sources.flatMap(sourceDimensions));
    const expected = new Set(REPORT_MEASURES[d.id].dimensions);
    const differ = [...supported]
      .filter((x) => !expected.has(x))
      .concat([...expected].filter((x) => !supported.has(x)));
    if (differ.length)
      throw new Error(`report measure ${d.id}: dimensions differ from the contract (${differ.join(', ')})`);
    registry.set(d.id, d);
  }
  const missing = REPORT_MEASURE_IDS.filter((id) => !registry.has(id));
  if (missing.length) throw new Error(`report measures without a declaration: ${missing.join(', ')}`);
  return registry;
}

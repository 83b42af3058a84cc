import {
  REPORT_DIMENSION_IDS,
  REPORT_DIMENSIONS,
  REPORT_DIMENSIONS_MAX,
  REPORT_FILTERS_MAX,
  REPORT_MEASURE_IDS,
  REPORT_MEASURES,
  REPORT_MEASURES_MAX,
  REPORT_TIME_DIMENSIONS,
  type TReportDimensionId,
  type TReportFilter,
  type TReportMeasureId,
  type TReportPeriod,
  type TReportQuery,
  type TReportCell,
  type TReportColumn,
  type TReportResult,
} from '@tagstock/contract';
import { formatDate, formatMoney, formatMonth } from '../../components/format';

/** What the builder edits: a query that may have no measure yet (it runs once it has one). */
export type Draft = {
  measures: TReportMeasureId[];
  dimensions: TReportDimensionId[];
  filters: TReportFilter[];
  period: TReportPeriod;
  sort?: TReportQuery['sort'];
  limit?: number;
};

export const EMPTY_DRAFT: Draft = { measures: [], dimensions: [], filters: [], period: { preset: 'this_year' } };

export type Language = 'fr' | 'en';
export const languageOf = (resolved: string | undefined): Language => (resolved?.startsWith('fr') ? 'fr' : 'en');

export const measureLabel = (id: TReportMeasureId, language: Language) => REPORT_MEASURES[id].label[language];
export const dimensionLabel = (id: TReportDimensionId, language: Language) => REPORT_DIMENSIONS[id].label[language];

const supportsAll = (measure: TReportMeasureId, dimensions: readonly TReportDimensionId[]) =>
  dimensions.every((d) => REPORT_MEASURES[measure].dimensions.includes(d));

/** The dimensions a draft groups or filters by: a measure added must support each of them. */
const usedDimensions = (draft: Draft) => [...draft.dimensions, ...draft.filters.map((f) => f.dimension)];

/** Measures that can be added: not chosen yet, supporting every grouping and filter already chosen. */
export const addableMeasures = (draft: Draft): TReportMeasureId[] =>
  draft.measures.length >= REPORT_MEASURES_MAX
    ? []
    : REPORT_MEASURE_IDS.filter((m) => !draft.measures.includes(m) && supportsAll(m, usedDimensions(draft)));

/** Dimensions every chosen measure supports (all of them, no measure being chosen, that some measure supports). */
export const supportedDimensions = (measures: readonly TReportMeasureId[]): TReportDimensionId[] =>
  REPORT_DIMENSION_IDS.filter((d) =>
    measures.length
      ? measures.every((m) => REPORT_MEASURES[m].dimensions.includes(d))
      : REPORT_MEASURE_IDS.some((m) => REPORT_MEASURES[m].dimensions.includes(d)),
  );

/** Groupings that can be added: supported by every chosen measure, not chosen yet, within the limit. */
export const addableDimensions = (draft: Draft): TReportDimensionId[] =>
  draft.dimensions.length >= REPORT_DIMENSIONS_MAX
    ? []
    : supportedDimensions(draft.measures).filter((d) => !draft.dimensions.includes(d));

/** Dimensions a filter can be on (every chosen measure supports them), while there is room for one more. */
export const filterableDimensions = (draft: Draft): TReportDimensionId[] =>
  draft.filters.length >= REPORT_FILTERS_MAX ? [] : supportedDimensions(draft.measures);

/** The sort stays only while what it sorts by is still in the query. */
const keptSort = (draft: Draft): Draft => {
  const { sort, ...rest } = draft;
  if (!sort) return draft;
  const by = sort.by as string;
  return (rest.measures as string[]).includes(by) || (rest.dimensions as string[]).includes(by) ? draft : rest;
};

export const withoutMeasure = (draft: Draft, id: TReportMeasureId): Draft =>
  keptSort({ ...draft, measures: draft.measures.filter((m) => m !== id) });
export const withoutDimension = (draft: Draft, id: TReportDimensionId): Draft =>
  keptSort({ ...draft, dimensions: draft.dimensions.filter((d) => d !== id) });
export const withoutFilter = (draft: Draft, index: number): Draft => ({
  ...draft,
  filters: draft.filters.filter((_, i) => i !== index),
});
/** Without its "top N": no limit, and no sort (the server's order by time or largest first comes back). */
export const withoutTop = (draft: Draft): Draft => {
  const { limit: _limit, sort: _sort, ...rest } = draft;
  return rest;
};

/** A filter typed as text: values separated by commas or semicolons (one value: `eq`, more: `in`). */
export const filterOf = (dimension: TReportDimensionId, text: string): TReportFilter | null => {
  const values = [...new Set(text.split(/[;,]/).map((v) => v.trim()))].filter((v) => v !== '');
  if (!values.length) return null;
  return { dimension, op: values.length === 1 ? 'eq' : 'in', values };
};

/** The draft as the query sent, or null while it cannot run (no measure, or a period missing a date). */
export const runnable = (draft: Draft): TReportQuery | null => {
  if (!draft.measures.length) return null;
  if (
    'from' in draft.period &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(draft.period.from) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.period.to))
  )
    return null;
  if ('from' in draft.period && draft.period.from > draft.period.to) return null;
  return { ...draft };
};

const isTime = (id: string) => (REPORT_TIME_DIMENSIONS as readonly string[]).includes(id);

export type ChartData = {
  kind: 'bar' | 'line';
  /** The first grouping's name (the axis). */
  axis: string;
  labels: string[];
  series: { id: string; label: string; unit: string; data: number[] }[];
  /** More values than CHART_POINTS_MAX: the first ones only. */
  cut: boolean;
};

/** Points a chart shows at most (a long report is read in its table). */
export const CHART_POINTS_MAX = 60;

/**
 * A result's chart: its measures by its first grouping (summed over the other groupings), a line over time, bars
 * otherwise (and for a single point); none without a grouping.
 */
export const chartOf = (result: TReportResult, noneLabel: string): ChartData | null => {
  const axisAt = result.columns.findIndex((c) => c.kind === 'dimension');
  if (axisAt < 0 || !result.rows.length) return null;
  const measures = result.columns.flatMap((c, i) => (c.kind === 'measure' ? [{ column: c, at: i }] : []));
  const labels: string[] = [];
  const sums = new Map<string, number[]>();
  let cut = false;
  for (const row of result.rows) {
    const cell = row[axisAt];
    const label = cell === null || cell === undefined || cell === '' ? noneLabel : String(cell);
    let values = sums.get(label);
    if (!values) {
      if (labels.length >= CHART_POINTS_MAX) {
        cut = true;
        continue;
      }
      values = measures.map(() => 0);
      sums.set(label, values);
      labels.push(label);
    }
    measures.forEach(({ at }, i) => {
      const value = Number(row[at] ?? 0);
      values[i] = (values[i] ?? 0) + (Number.isFinite(value) ? value : 0);
    });
  }
  const axis = result.columns[axisAt]!;
  return {
    // A line needs two points at least.
    kind: isTime(axis.id) && labels.length > 1 ? 'line' : 'bar',
    axis: axis.label,
    labels,
    series: measures.map(({ column }, i) => ({
      id: column.id,
      label: column.label,
      unit: column.unit,
      data: labels.map((l) => Math.round(sums.get(l)![i]! * 100) / 100),
    })),
    cut,
  };
};

/** What a query measures by what, for a report without a name or a question: "Sales (excl. tax) by Month". */
export const querySummary = (
  query: Pick<TReportQuery, 'measures' | 'dimensions'>,
  language: Language,
  by: (measures: string, dimensions: string) => string,
): string => {
  const measures = query.measures.map((m) => measureLabel(m, language)).join(', ');
  if (!query.dimensions.length) return measures;
  return by(measures, query.dimensions.map((d) => dimensionLabel(d, language)).join(', '));
};

/** A cell as shown: amounts in euros, quantities and counts as numbers, days as dates, months by name, in the user's language. */
export const formatCell = (cell: TReportCell | undefined, column: TReportColumn, language: string): string => {
  if (cell === null || cell === undefined || cell === '') return column.kind === 'measure' ? '—' : '';
  if (column.unit === 'money') return formatMoney(String(cell), language);
  if (column.unit === 'quantity' || column.unit === 'count')
    return new Intl.NumberFormat(language).format(String(cell) as `${number}`);
  if (column.unit === 'date') return formatDate(String(cell), language);
  if (column.id === 'month') return formatMonth(String(cell), language);
  return String(cell);
};

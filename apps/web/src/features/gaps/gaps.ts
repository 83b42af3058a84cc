import { GAP_GROUPINGS, type TGapGrouping, type TGapRow } from '@tagstock/contract';

/** The grouping the URL names (`?by=category`), by article otherwise. */
export const groupingOf = (value: string | null): TGapGrouping => GAP_GROUPINGS.find((by) => by === value) ?? 'article';

/** A gap in units with its sign ("+3", "−2", "0"): short or over at a glance. */
export const formatGap = (gap: number | null | undefined, language: string): string =>
  gap === null || gap === undefined ? '—' : new Intl.NumberFormat(language, { signDisplay: 'exceptZero' }).format(gap);

/** A gap's value (a decimal string, never a float) in euros with its sign. */
export const formatGapValue = (value: string | null | undefined, language: string): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', signDisplay: 'exceptZero' }).format(
        value as `${number}`,
      );

/** Short in red, over in green, none in the text's colour. */
export const gapColor = (gap: number) => (gap < 0 ? 'error.main' : gap > 0 ? 'success.main' : undefined);

/**
 * The groups a chart of gap values shows: the first `max` (the server orders them by the largest gap in value),
 * each value as a number for the chart's scale only — the labels show the decimal string.
 */
export const gapChart = (rows: readonly TGapRow[], max = 10) => {
  const shown = rows.slice(0, max);
  return { rows: shown, labels: shown.map((row) => row.label), values: shown.map((row) => Number(row.gapValue)) };
};

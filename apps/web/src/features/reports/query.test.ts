import { describe, expect, it } from 'vitest';
import { REPORT_MEASURES, type TReportResult } from '@tagstock/contract';
import {
  EMPTY_DRAFT,
  addableDimensions,
  addableMeasures,
  chartOf,
  formatCell,
  filterOf,
  querySummary,
  runnable,
  withoutDimension,
  withoutMeasure,
  withoutTop,
  type Draft,
} from './query';

const draft = (patch: Partial<Draft>): Draft => ({ ...EMPTY_DRAFT, ...patch });

describe('report builder', () => {
  it('offers only the measures that support the chosen groupings and filters', () => {
    const byCustomer = addableMeasures(
      draft({ dimensions: ['customer'], filters: [{ dimension: 'month', op: 'eq', values: ['2026-01'] }] }),
    );
    expect(byCustomer).toContain('sales_excl_tax');
    expect(byCustomer).not.toContain('stock_value');
    expect(byCustomer.every((m) => REPORT_MEASURES[m].dimensions.includes('customer'))).toBe(true);
    expect(addableMeasures(draft({ measures: ['sales_excl_tax'] }))).not.toContain('sales_excl_tax');
  });

  it('offers only the groupings every chosen measure supports, not those already chosen', () => {
    const dims = addableDimensions(draft({ measures: ['sales_excl_tax', 'stock_value'], dimensions: ['article'] }));
    expect(dims).toEqual(['category', 'supplier']);
    expect(addableDimensions(draft({ dimensions: ['month', 'article', 'customer'] }))).toEqual([]);
  });

  it('drops the sort with what it sorts by, and the top N with its sort', () => {
    const top = draft({ measures: ['sales_excl_tax'], dimensions: ['article'], sort: { by: 'article', dir: 'asc' } });
    expect(withoutDimension(top, 'article').sort).toBeUndefined();
    expect(withoutMeasure({ ...top, sort: { by: 'sales_excl_tax', dir: 'desc' } }, 'sales_excl_tax').sort).toBe(
      undefined,
    );
    expect(withoutTop({ ...top, limit: 10 })).toEqual({
      measures: ['sales_excl_tax'],
      dimensions: ['article'],
      filters: [],
      period: { preset: 'this_year' },
    });
  });

  it('reads typed filter values: one is eq, several are in', () => {
    expect(filterOf('customer', ' Dupont ')).toEqual({ dimension: 'customer', op: 'eq', values: ['Dupont'] });
    expect(filterOf('customer', 'A, B; A')).toEqual({ dimension: 'customer', op: 'in', values: ['A', 'B'] });
    expect(filterOf('customer', ' , ')).toBeNull();
  });

  it('runs once it has a measure and a valid period', () => {
    expect(runnable(EMPTY_DRAFT)).toBeNull();
    expect(runnable(draft({ measures: ['payments'] }))).not.toBeNull();
    expect(runnable(draft({ measures: ['payments'], period: { from: '2026-02-01', to: '2026-01-01' } }))).toBeNull();
    expect(runnable(draft({ measures: ['payments'], period: { from: '2026-01-01', to: '' } }))).toBeNull();
  });

  it('summarises a query without name or question', () => {
    const by = (m: string, d: string) => `${m} par ${d}`;
    expect(querySummary({ measures: ['sales_excl_tax'], dimensions: ['month'] }, 'fr', by)).toBe('Ventes HT par Mois');
    expect(querySummary({ measures: ['payments'], dimensions: [] }, 'en', by)).toBe('Payments received');
  });
});

describe('report chart', () => {
  const result = (columns: TReportResult['columns'], rows: TReportResult['rows']): TReportResult => ({
    columns,
    rows,
    totals: {},
    rowCount: rows.length,
    truncated: false,
    period: { from: '2026-01-01', to: '2026-12-31' },
  });

  it('sums the measures by the first grouping; a line over time, bars otherwise; none without grouping', () => {
    const chart = chartOf(
      result(
        [
          { id: 'month', label: 'Mois', kind: 'dimension', unit: 'text' },
          { id: 'customer', label: 'Client', kind: 'dimension', unit: 'text' },
          { id: 'sales_excl_tax', label: 'Ventes HT', kind: 'measure', unit: 'money' },
        ],
        [
          ['2026-01', 'A', '10.10'],
          ['2026-01', 'B', '5.20'],
          ['2026-02', null, '1.00'],
        ],
      ),
      '—',
    );
    expect(chart).toMatchObject({ kind: 'line', axis: 'Mois', labels: ['2026-01', '2026-02'], cut: false });
    expect(chart?.series[0]?.data).toEqual([15.3, 1]);

    const byCustomer = chartOf(
      result(
        [
          { id: 'customer', label: 'Client', kind: 'dimension', unit: 'text' },
          { id: 'deliveries', label: 'Livraisons', kind: 'measure', unit: 'quantity' },
        ],
        [[null, 3]],
      ),
      '(aucun)',
    );
    expect(byCustomer).toMatchObject({ kind: 'bar', labels: ['(aucun)'] });

    expect(
      chartOf(result([{ id: 'payments', label: 'Encaissements', kind: 'measure', unit: 'money' }], [['3.00']]), '—'),
    ).toBeNull();
  });

  it('shows months by name, days as dates and amounts in euros, in the user’s language', () => {
    const month = { id: 'month', label: 'Mois', kind: 'dimension', unit: 'text' } as const;
    const day = { id: 'day', label: 'Jour', kind: 'dimension', unit: 'date' } as const;
    const money = { id: 'sales_excl_tax', label: 'Ventes HT', kind: 'measure', unit: 'money' } as const;
    expect(formatCell('2026-03', month, 'fr')).toBe('mars 2026');
    expect(formatCell('2026-03-05', day, 'fr')).toBe('5 mars 2026');
    expect(formatCell('1234.50', money, 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatCell(null, money, 'fr')).toBe('—');
  });
});

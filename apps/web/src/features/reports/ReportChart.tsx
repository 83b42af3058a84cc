import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { TReportResult } from '@tagstock/contract';
import { formatMoney, formatNumber } from '../../components/format';
import { CHART_POINTS_MAX, chartOf, formatCell } from './query';

/**
 * The result's chart, titled: its measures by its first grouping, a line over time and bars otherwise; nothing
 * without a grouping (one total per measure is the table's single row).
 */
export const ReportChart = ({ result }: { result: TReportResult }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const none = t('reports.result.none');
  const chart = chartOf(result, none);
  if (!chart) return null;
  // The axis reads its values as the table does (months by name, days as dates).
  const axisColumn = result.columns.find((c) => c.kind === 'dimension')!;
  const labels = chart.labels.map((l) => (l === none ? l : formatCell(l, axisColumn, language)));
  const title = t('reports.result.chart', {
    measures: chart.series.map((s) => s.label).join(', '),
    axis: chart.axis,
  });
  const format = (unit: string) => (value: number | null) =>
    value === null ? '' : unit === 'money' ? formatMoney(String(value), language) : formatNumber(value, language);
  const series = chart.series.map((s) => ({ id: s.id, label: s.label, data: s.data, valueFormatter: format(s.unit) }));
  const xAxis = [{ scaleType: 'band' as const, data: labels }];
  const yAxis = [{ valueFormatter: (v: number) => formatNumber(v, language), width: 70 }];
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }} data-testid="report-chart">
      <Typography id={titleId} component="figcaption" variant="subtitle2">
        {title}
      </Typography>
      {chart.kind === 'line' ? (
        <LineChart
          height={300}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={yAxis}
          series={series.map((s) => ({ ...s, showMark: true }))}
          hideLegend={series.length < 2}
        />
      ) : (
        <BarChart height={300} xAxis={xAxis} yAxis={yAxis} series={series} hideLegend={series.length < 2} />
      )}
      {chart.cut && (
        <Typography variant="caption" color="text.secondary">
          {t('reports.result.chartCut', { count: CHART_POINTS_MAX })}
        </Typography>
      )}
    </Box>
  );
};

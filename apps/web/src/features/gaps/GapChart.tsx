import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { TGapRow } from '@tagstock/contract';
import { formatNumber } from '../../components/format';
import { formatGapValue, gapChart } from './gaps';

/** The gaps' chart: their value by group, the largest first (the caption says how many). */
export const GapChart = ({ rows, height = 300 }: { rows: readonly TGapRow[]; height?: number }) => {
  const { t, i18n } = useTranslation();
  const chart = gapChart(rows);
  if (!chart.rows.length) return null;
  return (
    <BarChart
      height={Math.max(height, chart.rows.length * 28)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: chart.labels, width: 140 }]}
      xAxis={[{ valueFormatter: (value: number) => formatNumber(value, i18n.language) }]}
      series={[
        {
          data: chart.values,
          label: t('gaps.gapValue'),
          valueFormatter: (_v, { dataIndex }) => formatGapValue(chart.rows[dataIndex]!.gapValue, i18n.language),
        },
      ]}
      hideLegend
    />
  );
};

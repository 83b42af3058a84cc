import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GAP_GROUPINGS, type TGapRow, type TGaps, type TInventorySummary } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { formatDate, formatNumber } from '../../components/format';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { referenceOf } from '../../components/reference-source';
import { Section } from '../../components/Section';
import { useUrlFilters } from '../../components/use-list-params';
import { inventoryApi } from '../inventories/api';
import { useEcartInventoryQuery, useEcartQuery, useInventoryByAttributionQuery } from './api';
import { GapChart } from './GapChart';
import { formatGap, formatGapValue, gapColor, groupingOf } from './gaps';

/** The finished inventories in the list's own order (no sort sent), newest first; a full one has the summary's fields. */
const finishedRef = referenceOf<TInventorySummary>(
  inventoryApi as never,
  (i) => i.number ?? `#${i.id}`,
  '',
  undefined,
  {
    status: 'finished',
  },
);

/** Which inventory and which previous one the gaps compare. */
const Compared = ({ gaps }: { gaps: TGaps }) => {
  const { t, i18n } = useTranslation();
  const of = (ref: NonNullable<TGaps['inventory']>) => ({
    number: ref.number,
    date: formatDate(ref.finishedAt, i18n.language),
  });
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="gaps-compared">
      {gaps.inventory ? t('gaps.of', of(gaps.inventory)) : t('gaps.noInventory')}{' '}
      {gaps.inventory && (gaps.previous ? t('gaps.comparedWith', of(gaps.previous)) : t('gaps.noPrevious'))}
    </Typography>
  );
};

/** `/admin/gaps` (SPEC inventory gaps): by article, attribution or category, against the previous inventory. */
export const GapsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { searchParams, setFilter } = useUrlFilters();
  const by = groupingOf(searchParams.get('by'));
  const inventoryId = searchParams.get('inventoryId') ?? '';
  const args = { inventoryId: Number(inventoryId) || undefined };
  const queries = {
    article: useEcartQuery(args, { skip: by !== 'article' }),
    attribution: useInventoryByAttributionQuery(args, { skip: by !== 'attribution' }),
    category: useEcartInventoryQuery(args, { skip: by !== 'category' }),
  };
  const { data: gaps, isLoading: loadingEcart } = queries[by];
  const n = (value: number) => formatNumber(value, language);
  const gap = (value: number | null) => (
    <Box component="span" sx={{ color: value === null ? undefined : gapColor(value) }}>
      {formatGap(value, language)}
    </Box>
  );
  const columns: DetailColumn<TGapRow>[] = [
    { key: 'label', header: t(`gaps.groups.${by}`), cell: (r) => r.label, primary: true },
    { key: 'theoretical', header: t('gaps.theoretical'), cell: (r) => n(r.theoretical), align: 'right' },
    { key: 'counted', header: t('gaps.counted'), cell: (r) => n(r.counted), align: 'right' },
    { key: 'gap', header: t('gaps.gap'), cell: (r) => gap(r.gap), align: 'right' },
    { key: 'gapValue', header: t('gaps.gapValue'), cell: (r) => formatGapValue(r.gapValue, language), align: 'right' },
    { key: 'previousGap', header: t('gaps.previousGap'), cell: (r) => gap(r.previousGap), align: 'right' },
    {
      key: 'previousGapValue',
      header: t('gaps.previousGapValue'),
      cell: (r) => formatGapValue(r.previousGapValue, language),
      align: 'right',
    },
  ];

  return (
    <Box>
      <PageHeader title={t('gaps.title')} subtitle={t('gaps.subtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={by}
          onChange={(_e, value: string | null) => value && setFilter('by', value === 'article' ? '' : value)}
          aria-label={t('gaps.by')}
        >
          {GAP_GROUPINGS.map((grouping) => (
            <ToggleButton key={grouping} value={grouping}>
              {t(`gaps.byGroups.${grouping}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <ReferenceSelect
          source={finishedRef}
          size="small"
          width={260}
          label={t('gaps.inventory')}
          emptyLabel={t('gaps.lastFinished')}
          value={inventoryId}
          onChange={(value) => setFilter('inventoryId', value)}
        />
      </Stack>
      {loadingEcart && <Loading />}
      {gaps && (
        <Stack spacing={3}>
          <Section title={t(`gaps.chart.${by}`)} testId="gaps-chart">
            <Compared gaps={gaps} />
            <GapChart rows={gaps.rows} />
          </Section>
          <Section title={t('gaps.table')} testId="gaps-table">
            <DetailTable
              label={t('gaps.table')}
              columns={columns}
              rows={gaps.rows}
              rowKey={(r) => r.key ?? `none-${r.label}`}
              empty={t('gaps.empty')}
            />
          </Section>
        </Stack>
      )}
    </Box>
  );
};

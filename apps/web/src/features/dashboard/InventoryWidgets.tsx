import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../components/format';
import {
  useEcartAttributionQuery,
  useEcartInventoryQuery,
  useGetInventoryQuery,
  useLastInventoryQuery,
  useSumEcartQuery,
  useSumEcartValueQuery,
} from '../gaps/api';
import { GapChart } from '../gaps/GapChart';
import { formatGap, formatGapValue, gapColor } from '../gaps/gaps';
import { allOf, Nothing, Panel, Rows } from './Panel';

const useFormats = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return { t, language, n: (value: number) => formatNumber(value, language) };
};

/** The caption of the inventory widgets: which inventory they are of. */
const useLatestCaption = (idClient: string) => {
  const { t, language } = useFormats();
  const { data: latest } = useLastInventoryQuery(idClient);
  return latest
    ? t('dashboard.inventory.latest', { number: latest.number, date: formatDate(latest.finishedAt, language) })
    : undefined;
};

/** Theoretical against counted of the last finished inventories, and the latest one's gaps in units and value. */
export const TheoreticalVsActualPanel = ({ idClient }: { idClient: string }) => {
  const { t, language, n } = useFormats();
  const latest = useLastInventoryQuery(idClient);
  const units = useSumEcartQuery(idClient);
  const values = useSumEcartValueQuery(idClient);
  const history = useGetInventoryQuery(idClient);
  const caption = useLatestCaption(idClient);
  return (
    <Panel
      title={t('dashboard.inventory.theoreticalVsActual')}
      caption={caption}
      testId="inventory-counts"
      state={allOf(latest, units, values, history)}
      skeletonHeight={220}
      link={{ to: '/admin/inventories', label: t('dashboard.seeAll') }}
    >
      {() =>
        latest.data === null ? (
          <Nothing text={t('dashboard.inventory.none')} testId="inventory-dashboard-empty" />
        ) : (
          <>
            <Typography variant="body2" data-testid="inventory-latest-count">
              {t('dashboard.inventory.counts', {
                theoretical: n(latest.data!.theoretical),
                counted: n(latest.data!.counted),
              })}
            </Typography>
            <Typography variant="body2" data-testid="inventory-sum-ecart">
              {t('dashboard.inventory.gaps', {
                missing: n(units.data!.missing),
                missingValue: formatGapValue(values.data!.missingValue, language),
                surplus: n(units.data!.surplus),
                surplusValue: formatGapValue(values.data!.surplusValue, language),
              })}{' '}
              <Box component="strong" sx={{ color: gapColor(units.data!.gap) }}>
                {t('dashboard.inventory.gap', {
                  gap: formatGap(units.data!.gap, language),
                  value: formatGapValue(values.data!.gapValue, language),
                })}
              </Box>
            </Typography>
            {history.data!.length > 0 && (
              <BarChart
                height={200}
                xAxis={[{ scaleType: 'band', data: history.data!.map((i) => i.number ?? `#${i.inventoryId}`) }]}
                yAxis={[{ valueFormatter: (value: number) => n(value) }]}
                series={[
                  { data: history.data!.map((i) => i.theoretical), label: t('gaps.theoretical') },
                  { data: history.data!.map((i) => i.counted), label: t('gaps.counted') },
                ]}
              />
            )}
          </>
        )
      }
    </Panel>
  );
};

/** The five attributions of the largest gaps of the latest inventory. */
export const TopAttributionGapsPanel = ({ idClient }: { idClient: string }) => {
  const { t, language } = useFormats();
  const rows = useEcartAttributionQuery(idClient);
  const caption = useLatestCaption(idClient);
  return (
    <Panel
      title={t('dashboard.inventory.topAttributions')}
      caption={caption}
      testId="inventory-top-attributions"
      state={rows}
      link={{ to: '/admin/gaps?by=attribution', label: t('dashboard.seeList') }}
    >
      {() => (
        <Rows
          rows={rows.data!.map((row) => ({
            key: row.key ?? `none-${row.label}`,
            primary: row.label,
            secondary: (
              <Box component="span" sx={{ color: gapColor(row.gap) }}>
                {`${formatGap(row.gap, language)} — ${formatGapValue(row.gapValue, language)}`}
              </Box>
            ),
          }))}
          empty={{ text: t('gaps.empty'), testId: 'inventory-top-attributions-empty' }}
        />
      )}
    </Panel>
  );
};

/** The latest inventory's gaps per article category. */
export const CategoryGapsPanel = ({ idClient }: { idClient: string }) => {
  const { t } = useFormats();
  const byCategory = useEcartInventoryQuery({});
  const caption = useLatestCaption(idClient);
  return (
    <Panel
      title={t('dashboard.inventory.byCategory')}
      caption={caption}
      testId="inventory-gaps-by-category"
      state={byCategory}
      skeletonHeight={220}
      link={{ to: '/admin/gaps?by=category', label: t('dashboard.seeList') }}
    >
      {() =>
        byCategory.data!.inventory === null ? (
          <Nothing text={t('dashboard.inventory.none')} testId="inventory-gaps-by-category-none" />
        ) : byCategory.data!.rows.length === 0 ? (
          <Nothing text={t('gaps.empty')} testId="inventory-gaps-by-category-empty" />
        ) : (
          <GapChart rows={byCategory.data!.rows} height={220} />
        )
      }
    </Panel>
  );
};

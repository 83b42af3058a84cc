import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink } from 'react-router';
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
import { Empty, Widget, WidgetCard } from './widgets';

const THIRD = { xs: 12, md: 4 };

/**
 * Inventories at a glance (users with `inventories.read`, SPEC §7): theoretical vs actual of the last finished
 * inventories and the latest count's gaps, the top 5 gaps by attribution, the gaps by category.
 */
export const InventoryDashboardCard = ({ idClient }: { idClient: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, language);
  const { data: latest } = useLastInventoryQuery(idClient);
  const { data: units } = useSumEcartQuery(idClient);
  const { data: values } = useSumEcartValueQuery(idClient);
  const { data: history } = useGetInventoryQuery(idClient);
  const { data: byAttribution } = useEcartAttributionQuery(idClient);
  const { data: byCategory } = useEcartInventoryQuery({});
  const none = <Empty text={t('dashboard.inventory.none')} testId="inventory-dashboard-empty" />;
  const caption = latest
    ? t('dashboard.inventory.latest', { number: latest.number, date: formatDate(latest.finishedAt, language) })
    : undefined;

  return (
    <WidgetCard title={t('dashboard.inventory.title')} testId="inventory-dashboard">
      <Widget
        title={t('dashboard.inventory.theoreticalVsActual')}
        caption={caption}
        testId="inventory-counts"
        size={THIRD}
      >
        {latest === null && none}
        {latest && (
          <Typography variant="body2" data-testid="inventory-latest-count">
            {t('dashboard.inventory.counts', { theoretical: n(latest.theoretical), counted: n(latest.counted) })}
          </Typography>
        )}
        {units && values && (
          <Typography variant="body2" data-testid="inventory-sum-ecart">
            {t('dashboard.inventory.gaps', {
              missing: n(units.missing),
              missingValue: formatGapValue(values.missingValue, language),
              surplus: n(units.surplus),
              surplusValue: formatGapValue(values.surplusValue, language),
            })}{' '}
            <Box component="strong" sx={{ color: gapColor(units.gap) }}>
              {t('dashboard.inventory.gap', {
                gap: formatGap(units.gap, language),
                value: formatGapValue(values.gapValue, language),
              })}
            </Box>
          </Typography>
        )}
        {history && history.length > 0 && (
          <BarChart
            height={220}
            xAxis={[{ scaleType: 'band', data: history.map((i) => i.number ?? `#${i.inventoryId}`) }]}
            yAxis={[{ valueFormatter: (value: number) => n(value) }]}
            series={[
              { data: history.map((i) => i.theoretical), label: t('gaps.theoretical') },
              { data: history.map((i) => i.counted), label: t('gaps.counted') },
            ]}
          />
        )}
      </Widget>
      <Widget
        title={t('dashboard.inventory.topAttributions')}
        caption={caption}
        testId="inventory-top-attributions"
        size={THIRD}
      >
        {latest === null && none}
        {byAttribution?.length === 0 && latest && (
          <Empty text={t('gaps.empty')} testId="inventory-top-attributions-empty" />
        )}
        <List dense disablePadding>
          {byAttribution?.map((row) => (
            <ListItem key={row.key ?? `none-${row.label}`} disableGutters>
              <ListItemText
                primary={row.label}
                secondary={
                  <Box component="span" sx={{ color: gapColor(row.gap) }}>
                    {`${formatGap(row.gap, language)} — ${formatGapValue(row.gapValue, language)}`}
                  </Box>
                }
              />
            </ListItem>
          ))}
        </List>
      </Widget>
      <Widget
        title={t('dashboard.inventory.byCategory')}
        caption={caption}
        testId="inventory-gaps-by-category"
        size={THIRD}
      >
        {byCategory?.inventory === null && none}
        {byCategory?.inventory && byCategory.rows.length === 0 && (
          <Empty text={t('gaps.empty')} testId="inventory-gaps-by-category-empty" />
        )}
        {byCategory && <GapChart rows={byCategory.rows} height={220} />}
        {byCategory?.inventory && (
          <Link component={RouterLink} to="/admin/gaps?by=category" variant="body2">
            {t('dashboard.inventory.seeGaps')}
          </Link>
        )}
      </Widget>
    </WidgetCard>
  );
};

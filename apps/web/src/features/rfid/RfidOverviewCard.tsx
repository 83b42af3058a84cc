import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../components/format';
import { useHasPermission } from '../../components/use-permission';
import { useTagsOverviewQuery } from './api';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 10);

/** The last 7 days, today included. */
export const lastWeek = (now = new Date()) => ({
  startDate: isoDay(new Date(now.getTime() - 6 * DAY_MS)),
  endDate: isoDay(now),
});

const Figure = ({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) => (
  <Grid size={{ xs: 6, sm: 4, md: 'grow' }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" data-testid={testId} sx={{ fontWeight: 600, color }}>
      {value}
    </Typography>
  </Grid>
);

/** Tags, passages and readers of the last 7 days (refetched when a socket event invalidates them). */
export const RfidOverviewCard = ({ idClient }: { idClient: string }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canReadTags = useHasPermission('tags.read');
  const canReadReaders = useHasPermission('readers.read');
  const { data } = useTagsOverviewQuery({ idClient, ...lastWeek() });
  if (!data) return null;
  const n = (value: number) => formatNumber(value, language);
  return (
    <Card sx={{ mt: 3 }} data-testid="rfid-overview">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('dashboard.rfid')}
        </Typography>
        <Grid container spacing={2}>
          <Figure label={t('dashboard.tagsTotal')} value={n(data.tags.total)} testId="rfid-tags-total" />
          <Figure label={t('dashboard.tagsInStock')} value={n(data.tags.inStock)} testId="rfid-tags-in-stock" />
          <Figure label={t('dashboard.tagsNonActive')} value={n(data.tags.nonActive)} testId="rfid-tags-non-active" />
          <Figure label={t('dashboard.movementsIn')} value={n(data.movements.in)} testId="rfid-in" />
          <Figure label={t('dashboard.movementsOut')} value={n(data.movements.out)} testId="rfid-out" />
          <Figure
            label={t('dashboard.unauthorized')}
            value={n(data.movements.unauthorized)}
            testId="rfid-unauthorized"
            color={data.movements.unauthorized > 0 ? 'error.main' : undefined}
          />
          <Figure
            label={t('dashboard.readersOnline')}
            value={`${n(data.readers.online)} / ${n(data.readers.total)}`}
            testId="rfid-readers"
          />
        </Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 1, ml: -1, flexWrap: 'wrap' }}>
          {canReadTags && (
            <>
              <Button component={RouterLink} to="/admin/tagLogs?unauthorized=true" size="small">
                {t('actions.seeTagLogs')}
              </Button>
              <Button component={RouterLink} to="/admin/tags?status=inactive" size="small">
                {t('actions.seeNonActiveTags')}
              </Button>
            </>
          )}
          {canReadReaders && (
            <Button component={RouterLink} to="/admin/readers" size="small">
              {t('actions.seeReaders')}
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
        </Stack>
      </CardContent>
    </Card>
  );
};

import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
/** The last `days` days, today included. */
export const lastDays = (days: number, now = new Date()) => ({
  startDate: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)),
  endDate: isoDay(now),
});
export const PERIODS = [30, 90, 365] as const;
export type PeriodDays = (typeof PERIODS)[number];

/** The period selector of a card: the last 30, 90 or 365 days. */
export const PeriodToggle = ({ days, onChange }: { days: PeriodDays; onChange: (days: PeriodDays) => void }) => {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={days}
      onChange={(_e, value: PeriodDays | null) => value && onChange(value)}
      aria-label={t('dashboard.period')}
    >
      {PERIODS.map((d) => (
        <ToggleButton key={d} value={d}>
          {t('dashboard.lastDays', { count: d })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
};

/** One widget; its caption names the time it covers, so it is clear which follow the period selector. */
export const Widget = ({
  title,
  caption,
  children,
  testId,
}: {
  title: string;
  caption?: string;
  children: ReactNode;
  testId: string;
}) => (
  <Grid size={{ xs: 12, md: 6 }} data-testid={testId}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: caption ? 0 : 1 }}>
      {title}
    </Typography>
    {caption && (
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mb: 1 }}
        data-testid={`${testId}-caption`}
      >
        {caption}
      </Typography>
    )}
    {children}
  </Grid>
);

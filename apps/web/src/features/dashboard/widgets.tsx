import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

// The period cards of a feature's own page (the outputs' reasons); the dashboard has one period for all (PeriodBar).
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
  size = { xs: 12, md: 6 },
}: {
  title: string;
  caption?: string;
  children: ReactNode;
  testId: string;
  /** Its width in the card's grid (half of it from md by default). */
  size?: { xs?: number; sm?: number; md?: number; lg?: number };
}) => (
  <Grid size={size} data-testid={testId}>
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

/** A card of widgets under a title, with what stands beside it (a period selector). */
export const WidgetCard = ({
  title,
  action,
  testId,
  children,
}: {
  title: string;
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) => (
  <Card sx={{ mt: 3 }} data-testid={testId}>
    <CardContent sx={{ p: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      <Grid container spacing={3}>
        {children}
      </Grid>
    </CardContent>
  </Card>
);

/** A card of widgets under a title, with the period selector the widgets that say so follow. */
export const PeriodCard = ({
  days,
  onDays,
  ...card
}: {
  title: string;
  days: PeriodDays;
  onDays: (days: PeriodDays) => void;
  testId: string;
  children: ReactNode;
}) => <WidgetCard {...card} action={<PeriodToggle days={days} onChange={onDays} />} />;

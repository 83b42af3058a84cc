import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField';
import { lastDays, periodProblem, PRESETS, presetOf, type Period, type Preset } from './period';

/**
 * The dashboard's period (startDate / endDate of SPEC §7): presets for the last 7, 30, 90 or 365 days, or two dates
 * typed by hand, applied once they make a period the API accepts (else the field says why).
 */
export const PeriodBar = ({ period, onChange }: { period: Period; onChange: (period: Period) => void }) => {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(period);
  useEffect(() => setDraft(period), [period]);
  const problem = periodProblem(draft);
  const change = (next: Period) => {
    setDraft(next);
    if (!periodProblem(next)) onChange(next);
  };
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('dashboard.period')}
      sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
      data-testid="dashboard-period"
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={presetOf(period)}
        onChange={(_e, days: Preset | null) => days && onChange(lastDays(days))}
        aria-label={t('dashboard.presets')}
      >
        {PRESETS.map((days) => (
          <ToggleButton key={days} value={days}>
            {t('dashboard.daysShort', { count: days })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <DateField
        size="small"
        label={t('dashboard.startDate')}
        value={draft.startDate}
        onChange={(startDate) => change({ ...draft, startDate })}
        error={problem !== null}
        helperText={problem ? t(`dashboard.periodProblems.${problem}`) : undefined}
        sx={{ width: 170 }}
      />
      <DateField
        size="small"
        label={t('dashboard.endDate')}
        value={draft.endDate}
        onChange={(endDate) => change({ ...draft, endDate })}
        error={problem !== null}
        sx={{ width: 170 }}
      />
    </Stack>
  );
};

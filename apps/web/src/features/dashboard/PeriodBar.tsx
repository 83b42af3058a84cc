import { useEffect, useState } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
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
      <TextField
        type="date"
        size="small"
        label={t('dashboard.startDate')}
        value={draft.startDate}
        onChange={(e) => change({ ...draft, startDate: e.target.value })}
        error={problem !== null}
        helperText={problem ? t(`dashboard.periodProblems.${problem}`) : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.endDate || undefined } }}
        sx={{ width: 165 }}
      />
      <TextField
        type="date"
        size="small"
        label={t('dashboard.endDate')}
        value={draft.endDate}
        onChange={(e) => change({ ...draft, endDate: e.target.value })}
        error={problem !== null}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.startDate || undefined } }}
        sx={{ width: 165 }}
      />
    </Stack>
  );
};

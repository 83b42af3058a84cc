import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { lifecycleLabel, type TLifecycleEvent } from '@tagstock/contract';
import { formatDateTime } from '../../components/format';
import { currentStatus, lifecycleLanguage, reasonName, statusColor } from './lifecycle';

/** The status an invoice is in, as a chip (the contract's name in the user's language). */
export const LifecycleStatusChip = ({ event }: { event: TLifecycleEvent }) => {
  const { i18n } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColor(event.code)}
      label={lifecycleLabel(event.code, lifecycleLanguage(i18n.resolvedLanguage))}
      data-testid="lifecycle-current"
    />
  );
};

/**
 * An e-invoice's lifecycle (CDAR statuses), oldest first: each status with its date, who gave it (the platform or
 * this company's user), its reason and note. A 213 about a duplicate submission is shown greyed: it is not the
 * invoice's status. The current status heads the list.
 */
export const LifecycleTimeline = ({ events }: { events: readonly TLifecycleEvent[] }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const names = lifecycleLanguage(language);
  const current = currentStatus(events);
  if (!events.length)
    return (
      <Typography color="text.secondary" data-testid="lifecycle-empty">
        {t('einvoicing.lifecycle.empty')}
      </Typography>
    );
  return (
    <Box>
      {current && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('einvoicing.lifecycle.current')}
          </Typography>
          <LifecycleStatusChip event={current} />
        </Stack>
      )}
      <Box
        component="ol"
        aria-label={t('einvoicing.lifecycle.title')}
        data-testid="lifecycle"
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {events.map((event, i) => (
          <Box
            component="li"
            key={i}
            data-testid="lifecycle-event"
            data-code={event.code}
            sx={{
              position: 'relative',
              pl: 3,
              pb: i < events.length - 1 ? 2 : 0,
              color: event.duplicate ? 'text.disabled' : undefined,
              // The line between the dots.
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 5,
                top: 8,
                bottom: 0,
                borderLeft: i < events.length - 1 ? '2px solid' : 'none',
                borderColor: 'divider',
              },
              '&::after': {
                content: '""',
                position: 'absolute',
                left: 0,
                top: 4,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: event.duplicate ? 'action.disabled' : `${statusColor(event.code)}.main`,
              },
            }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {`${event.code} — ${lifecycleLabel(event.code, names)}`}
              </Typography>
              <Typography component="span" variant="body2" color={event.duplicate ? 'inherit' : 'text.secondary'}>
                {`${formatDateTime(event.at, language)} · ${t(`einvoicing.lifecycle.sources.${event.source}`)}`}
              </Typography>
              {event.duplicate && (
                <Typography component="span" variant="body2" sx={{ fontStyle: 'italic' }}>
                  {t('einvoicing.lifecycle.duplicate')}
                </Typography>
              )}
            </Stack>
            {event.reasonCode && (
              <Typography variant="body2" data-testid="lifecycle-reason">
                {`${t('einvoicing.lifecycle.reason')}${t('logs.labelSeparator')}${reasonName(event.reasonCode, names)}`}
              </Typography>
            )}
            {event.note && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="lifecycle-note">
                {event.note}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
};

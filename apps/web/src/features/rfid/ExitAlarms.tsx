import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { allExitsClosed, exitClosed, tagLogsPathFor, type ExitAlarm } from '../../app/alarm-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatDateTime } from '../../components/format';
import { exitReasonText } from './exit-reason';

/** The reason shown in an exit alarm, in the user's language; the server's English text for an older server. */
export const exitAlarmReason = (t: TFunction, alarm: ExitAlarm): string => {
  const { authorizationReason, authorizationMessage } = alarm.notification;
  if (authorizationReason) return exitReasonText(t, authorizationReason);
  return authorizationMessage ?? t('realtime.noReason');
};

const ExitAlarmItem = ({ alarm }: { alarm: ExitAlarm }) => {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { updatedArticle, newTagMouvement } = alarm.notification;
  const designation = updatedArticle?.Designation ?? t('realtime.unknownArticle');
  const messageId = `exit-alarm-${alarm.movementId}`;
  return (
    <Alert
      severity="error"
      variant="filled"
      data-testid="exit-alarm"
      sx={{
        // The link's area covers the whole notice (below); the close button stays above it.
        position: 'relative',
        cursor: 'pointer',
        boxShadow: 6,
        '& .MuiAlert-message': { flex: 1, minWidth: 0 },
        '& .MuiAlert-action': { position: 'relative', zIndex: 1 },
      }}
      action={
        <IconButton
          color="inherit"
          size="small"
          aria-label={t('alarm.close')}
          onClick={() => dispatch(exitClosed(alarm.movementId))}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{designation}</AlertTitle>
      {/* SPEC §8's wording. */}
      <Typography variant="body2" id={messageId}>
        {t('realtime.unauthorizedExit', {
          designation,
          location: newTagMouvement?.Reader.emplacement ?? t('realtime.unknownLocation'),
          message: exitAlarmReason(t, alarm),
        })}
      </Typography>
      <Stack
        direction="row"
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="body2" component="time" dateTime={alarm.receivedAt} sx={{ fontWeight: 500 }}>
          {t('alarm.at', { time: formatDateTime(alarm.receivedAt, i18n.resolvedLanguage ?? 'en') })}
        </Typography>
        <Button
          component={RouterLink}
          to={tagLogsPathFor(alarm.movementId)}
          size="small"
          variant="outlined"
          color="inherit"
          aria-describedby={messageId}
          disableRipple
          sx={{
            // Darker than the alarm, not lighter: white text keeps a contrast over 4.5:1.
            bgcolor: 'rgba(0,0,0,0.2)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.3)' },
            // SPEC §8: a click anywhere on the notice opens its movement (a link stretched over the whole alert,
            // so the keyboard still reaches one link with a name, and the close button keeps its own click).
            position: 'static',
            '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
          }}
        >
          {t('alarm.seeInTagLogs')}
        </Button>
      </Stack>
    </Alert>
  );
};

/**
 * Unauthorized exits (SPEC §8): red, at the top right of the page, each until closed. They sit in the page's
 * flow (sticky under the app bar) rather than over it, so they never hide the page's own buttons.
 */
export const ExitAlarms = () => {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const exits: ExitAlarm[] = useAppSelector((s) => s.alarm.exits);
  if (exits.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('alarm.region')}
      data-testid="exit-alarms"
      sx={{
        position: 'sticky',
        top: { xs: 64, sm: 72 },
        zIndex: (th) => th.zIndex.appBar - 1,
        ml: 'auto',
        mb: 2,
        width: { xs: '100%', sm: 440 },
      }}
    >
      {exits.length > 1 && (
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            bgcolor: 'error.dark',
            color: 'error.contrastText',
            borderRadius: 1,
            px: 2,
            py: 0.5,
            mb: 1,
          }}
        >
          <Typography variant="subtitle2" component="h2" data-testid="exit-alarm-count">
            {t('alarm.count', { count: exits.length })}
          </Typography>
          <Button size="small" color="inherit" onClick={() => dispatch(allExitsClosed())}>
            {t('alarm.closeAll')}
          </Button>
        </Stack>
      )}
      <Stack spacing={1} sx={{ maxHeight: '45vh', overflowY: 'auto' }}>
        {exits.map((alarm) => (
          <ExitAlarmItem key={alarm.movementId} alarm={alarm} />
        ))}
      </Stack>
    </Box>
  );
};

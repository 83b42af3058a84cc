import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackupIcon from '@mui/icons-material/BackupOutlined';
import { useTranslation } from 'react-i18next';
import type { TBackupArchive, TBackupStatus } from '@tagstock/contract';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { Fact, Facts } from '../../components/Facts';
import { formatDateTime, formatNumber } from '../../components/format';
import { Loading } from '../../components/Loading';
import { notifyError, notifySuccess, problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { useBackupsQuery, useStartBackupMutation } from './api';
import { formatBytes } from './format-bytes';

const POLL_MS = 2000;
const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * `/superAdmin/backups`: the platform's backups — the last one, the last failure, when the next one runs, what
 * retention keeps and where — and a backup started now. Read from the server's backup folder.
 */
export const BackupsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const { data, isLoading, isError, error } = useBackupsQuery();
  const running = !!data?.running;
  // While a backup runs, the page reads the status again until it ends.
  useBackupsQuery(undefined, { pollingInterval: running ? POLL_MS : 0, skip: !running });
  const [start, { isLoading: starting }] = useStartBackupMutation();
  useAnnounceEnd(data);

  const onStart = async () => {
    try {
      await start().unwrap();
    } catch (err) {
      notifyError(err, t);
    }
  };

  const date = (iso: string | null | undefined) => formatDateTime(iso, lang);
  const columns: DetailColumn<TBackupArchive>[] = [
    { key: 'file', header: t('backups.fileName'), cell: (a) => <Box sx={mono}>{a.fileName}</Box>, primary: true },
    { key: 'date', header: t('backups.takenAt'), cell: (a) => date(a.createdAt), sx: { whiteSpace: 'nowrap' } },
    {
      key: 'size',
      header: t('backups.size'),
      cell: (a) => formatBytes(a.sizeBytes, lang),
      align: 'right',
      sx: { whiteSpace: 'nowrap' },
    },
  ];

  return (
    <Box>
      <PageHeader
        title={t('backups.title')}
        subtitle={t('backups.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<BackupIcon />}
            onClick={onStart}
            disabled={!data || running || starting}
          >
            {t('backups.backUpNow')}
          </Button>
        }
      />
      {isError && <Alert severity="error">{problemMessage(error, t)}</Alert>}
      {isLoading && <Loading />}
      {data && (
        <Stack spacing={3}>
          {data.running && (
            <Alert severity="info" icon={<CircularProgress size={20} />} role="status" data-testid="backup-running">
              {t('backups.running', {
                since: date(data.running.startedAt),
                trigger: t(`backups.triggers.${data.running.trigger}`),
              })}
            </Alert>
          )}
          <FailureAlert status={data} />
          <Section title={t('backups.last')} testId="last-backup">
            {data.lastBackup ? (
              <Facts>
                <Fact label={t('backups.takenAt')} value={date(data.lastBackup.createdAt)} testId="last-backup-date" />
                <Fact label={t('backups.size')} value={formatBytes(data.lastBackup.sizeBytes, lang)} />
                <Fact label={t('backups.fileName')} value={<Box sx={mono}>{data.lastBackup.fileName}</Box>} />
                {data.lastBackup.trigger && (
                  <Fact label={t('backups.trigger')} value={t(`backups.triggers.${data.lastBackup.trigger}`)} />
                )}
                {data.lastBackup.durationMs !== null && (
                  <Fact
                    label={t('backups.duration')}
                    value={t('backups.seconds', {
                      value: formatNumber(Math.round(data.lastBackup.durationMs / 100) / 10, lang),
                    })}
                  />
                )}
                {data.lastBackup.quietMs !== null && (
                  <Fact
                    label={t('backups.quiet')}
                    value={t('backups.milliseconds', { value: formatNumber(data.lastBackup.quietMs, lang) })}
                  />
                )}
                {data.lastBackup.appVersion && (
                  <Fact
                    label={t('backups.madeBy')}
                    value={t('backups.version', {
                      version: data.lastBackup.appVersion,
                      migration: data.lastBackup.migration,
                    })}
                  />
                )}
              </Facts>
            ) : (
              <Typography color="text.secondary">{t('backups.none')}</Typography>
            )}
          </Section>
          <Section title={t('backups.settings')} testId="backup-settings">
            <Facts>
              <Fact
                label={t('backups.schedule')}
                value={
                  data.schedule.times.length
                    ? t('backups.daily', { times: data.schedule.times.join(', '), zone: data.schedule.timeZone })
                    : t('backups.off')
                }
                testId="backup-schedule"
              />
              <Fact
                label={t('backups.next')}
                value={zonedDateTime(data.schedule.nextRunAt, data.schedule.timeZone, lang)}
                testId="backup-next"
              />
              <Fact
                label={t('backups.retention')}
                value={t('backups.keeps', {
                  daily: data.retention.daily,
                  weekly: data.retention.weekly,
                  monthly: data.retention.monthly,
                })}
              />
              <Fact label={t('backups.database')} value={t(`backups.kinds.${data.databaseKind}`)} />
              <Fact label={t('backups.folder')} value={<Box sx={mono}>{data.directory}</Box>} />
            </Facts>
          </Section>
          <Section
            title={t('backups.archives', { count: data.archives.length, size: formatBytes(data.totalBytes, lang) })}
            testId="backup-archives"
          >
            <DetailTable
              label={t('backups.archivesLabel')}
              columns={columns}
              rows={data.archives}
              rowKey={(a) => a.fileName}
              empty={t('backups.none')}
            />
          </Section>
        </Stack>
      )}
    </Box>
  );
};

/** An instant as the schedule's clock shows it (the schedule's times are in its zone, not the browser's). */
const zonedDateTime = (iso: string | null, timeZone: string, lang: string) =>
  iso
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))
    : '—';

/** The last failure: an error while no backup succeeded since, a reminder once one did. */
const FailureAlert = ({ status }: { status: TBackupStatus }) => {
  const { t, i18n } = useTranslation();
  const failure = status.lastFailure;
  if (!failure) return null;
  const lang = i18n.resolvedLanguage ?? 'en';
  const current = !status.lastBackup || failure.at > status.lastBackup.createdAt;
  return (
    <Alert severity={current ? 'error' : 'warning'} data-testid="backup-failure">
      <AlertTitle>{t(current ? 'backups.failed' : 'backups.failedBefore')}</AlertTitle>
      {t('backups.failure', {
        date: formatDateTime(failure.at, lang),
        trigger: t(`backups.triggers.${failure.trigger}`),
        message: failure.message,
      })}
    </Alert>
  );
};

/** Says when a backup this page saw running has ended: the archive written, or that it failed. */
function useAnnounceEnd(data: TBackupStatus | undefined) {
  const { t } = useTranslation();
  const wasRunning = useRef<string | null>(null);
  useEffect(() => {
    if (!data) return;
    const since = wasRunning.current;
    wasRunning.current = data.running?.startedAt ?? null;
    if (!since || data.running) return;
    if (data.lastFailure && data.lastFailure.at >= since) notifyError(null, t, 'backups.failedToast');
    else if (data.lastBackup) notifySuccess(t('backups.done', { file: data.lastBackup.fileName }));
  }, [data, t]);
}

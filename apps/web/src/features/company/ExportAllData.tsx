import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { TENANT_EXPORT_PERMISSION } from '@tagstock/contract';
import { ApiError, apiCall, type DownloadedFile } from '../../app/api-client';
import { problemMessage } from '../../components/notify';
import { saveFile } from '../../components/TransferActions';
import { useHasPermission } from '../../components/use-permission';

/** A size in the user's language and the unit that suits it: 0,9 ko, 850 ko, 12,4 Mo, 1,2 Go. */
export const formatBytes = (bytes: number, language: string): string => {
  const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 && value >= 10 ? 0 : 1,
  }).format(value);
};

// The bytes shown are refreshed at most this often: a large download has many thousands of chunks.
const REFRESH_MS = 200;

type ExportState =
  | { status: 'idle' }
  | { status: 'running'; bytes: number }
  | { status: 'done'; bytes: number }
  | { status: 'failed'; message: string };

/**
 * "Export all data": the tenant's whole data as a ZIP (GET /tenant/export), for its administrators only. The
 * archive is streamed as the server writes it, so its size is unknown until the end: the bytes received are shown
 * with a busy indicator, and the download can be stopped.
 */
export const ExportAllData = () => {
  const { t, i18n } = useTranslation();
  const allowed = useHasPermission(TENANT_EXPORT_PERMISSION);
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  if (!allowed) return null;
  const language = i18n.resolvedLanguage ?? 'en';

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'running', bytes: 0 });
    let shownAt = 0;
    let received = 0;
    try {
      const file = await apiCall<DownloadedFile>({
        url: '/tenant/export',
        responseType: 'blob',
        silent: true,
        signal: controller.signal,
        onProgress: (bytes) => {
          received = bytes;
          if (Date.now() - shownAt < REFRESH_MS) return;
          shownAt = Date.now();
          setState({ status: 'running', bytes });
        },
      });
      saveFile(file, 'tagstock-export.zip');
      setState({ status: 'done', bytes: file.blob.size || received });
    } catch (error) {
      if (controller.signal.aborted) setState({ status: 'idle' });
      else
        setState({
          status: 'failed',
          message: error instanceof ApiError ? problemMessage(error, t) : t('company.export.interrupted'),
        });
    } finally {
      abort.current = null;
    }
  };

  return (
    <Card component="section" aria-labelledby="export-all-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="export-all-title" sx={{ mb: 1 }}>
          {t('company.export.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('company.export.help')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={state.status === 'running' ? <CircularProgress size={18} /> : <DownloadIcon />}
            disabled={state.status === 'running'}
            onClick={() => void start()}
          >
            {t('company.export.button')}
          </Button>
          {state.status === 'running' && <Button onClick={() => abort.current?.abort()}>{t('actions.cancel')}</Button>}
        </Stack>
        {state.status === 'running' && (
          <Stack spacing={1} sx={{ mt: 2 }} aria-busy="true">
            <LinearProgress aria-label={t('company.export.title')} />
            <Typography variant="body2" role="status" data-testid="export-progress">
              {t('company.export.received', { size: formatBytes(state.bytes, language) })}
            </Typography>
          </Stack>
        )}
        {state.status === 'done' && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {t('company.export.done', { size: formatBytes(state.bytes, language) })}
          </Alert>
        )}
        {state.status === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('company.export.failed', { reason: state.message })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};

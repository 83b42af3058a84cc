import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ReplayIcon from '@mui/icons-material/ReplayOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { lifecycleLabel, type TLifecycleCode, type TOutboxItem } from '@tagstock/contract';
import { formatDateTime } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { useRetryEinvoicingMessageMutation } from './api';
import { lifecycleLanguage } from './lifecycle';

/** "Renvoyer": a message that failed goes out again at once. */
export const RetryButton = ({ id, size }: { id: number; size?: 'small' | 'medium' }) => {
  const { t } = useTranslation();
  const [retry, { isLoading }] = useRetryEinvoicingMessageMutation();
  const run = async () => {
    try {
      await retry(id).unwrap();
      toast.success(t('einvoicing.sending.retried'));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Button
      size={size ?? 'small'}
      color="inherit"
      startIcon={<ReplayIcon />}
      disabled={isLoading}
      onClick={() => void run()}
    >
      {t('einvoicing.sending.retry')}
    </Button>
  );
};

/**
 * Where a message to the platform stands: waiting, failed (why, and when it is tried again; "Renvoyer" for a user
 * who may), or handed to the platform. A status message names its status.
 */
export const SendingState = ({ item, canRetry }: { item: TOutboxItem; canRetry: boolean }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  // A document is "transmise"; a status message names its status.
  const of = item.message === 'status' ? 'status' : 'document';
  const status = item.code ? lifecycleLabel(item.code as TLifecycleCode, lifecycleLanguage(language)) : '';
  const text = (() => {
    switch (item.status) {
      case 'waiting':
        return t(`einvoicing.sending.${of}.waiting`, { status });
      case 'sent':
        return t(`einvoicing.sending.${of}.sent`, {
          status,
          date: item.sentAt ? formatDateTime(item.sentAt, language) : '—',
        });
      case 'failed':
        return item.nextAttemptAt
          ? t(`einvoicing.sending.${of}.failed`, {
              status,
              error: item.lastError ?? '—',
              date: formatDateTime(item.nextAttemptAt, language),
            })
          : t(`einvoicing.sending.${of}.gaveUp`, { status, error: item.lastError ?? '—' });
    }
  })();
  const severity = item.status === 'failed' ? 'error' : item.status === 'sent' ? 'success' : 'info';
  return (
    <Alert
      severity={severity}
      data-testid="einvoice-sending"
      data-status={item.status}
      action={item.status === 'failed' && canRetry ? <RetryButton id={item.id} /> : undefined}
    >
      {text}
    </Alert>
  );
};

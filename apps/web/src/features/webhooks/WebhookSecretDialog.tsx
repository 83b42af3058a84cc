import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { TWebhookEndpointCreated } from '@tagstock/contract';
import { notifyError } from '../../components/notify';

/**
 * Shows a new endpoint's signing secret once: the server keeps it sealed and never answers it again. Only its
 * button closes it (no outside click, no Escape), so the secret is not lost by a slip.
 */
export const WebhookSecretDialog = ({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpointCreated | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const copy = async () => {
    if (!endpoint) return;
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      toast.success(t('webhooks.secret.copied'));
    } catch (error) {
      notifyError(error, t);
    }
  };
  return (
    <Dialog open={endpoint !== null} maxWidth="sm" fullWidth aria-labelledby="webhook-secret-title">
      <DialogTitle id="webhook-secret-title">{t('webhooks.secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="webhook-secret-warning">
          {t('webhooks.secret.warning')}
        </Alert>
        <TextField
          fullWidth
          label={t('webhooks.secret.label')}
          value={endpoint?.secret ?? ''}
          helperText={t('webhooks.secret.help')}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', style: { fontFamily: 'monospace' } },
          }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
          {t('actions.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

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
import type { TReaderWithSecret } from '@tagstock/contract';
import { notifyError } from '../../components/notify';

/**
 * Shows a reader's secret once, right after the create or rotate answer: the server keeps only a hash. It
 * has no onClose: only its button closes it (no outside click, no Escape), so the secret is not lost by a slip.
 */
export const SecretDialog = ({ reader, onClose }: { reader: TReaderWithSecret | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const copy = async () => {
    if (!reader) return;
    try {
      await navigator.clipboard.writeText(reader.secret);
      toast.success(t('readers.secretCopied'));
    } catch (error) {
      notifyError(error, t);
    }
  };
  return (
    <Dialog open={reader !== null} maxWidth="sm" fullWidth aria-labelledby="secret-title">
      <DialogTitle id="secret-title">
        {t('readers.secretTitle')} — {reader?.name}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('readers.secretWarning')}
        </Alert>
        <TextField
          fullWidth
          label={t('readers.secretTitle')}
          value={reader?.secret ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'reader-secret', style: { fontFamily: 'monospace' } },
          }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
          {t('actions.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('safeActions.secretCopied')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

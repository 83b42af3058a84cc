import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { notifyError } from './notify';

export type OneTimeSecretTexts = {
  title: string;
  warning: string;
  label: string;
  help?: string;
  copied: string;
  done: string;
};

/**
 * Shows a secret once, right after the answer that holds it (a reader's, a webhook endpoint's): the server never
 * answers it again. Only its button closes it (no outside click, no Escape), so the secret is not lost by a slip.
 */
export function OneTimeSecretDialog({
  secret,
  texts,
  testId,
  onClose,
}: {
  secret: string | null;
  texts: OneTimeSecretTexts;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(texts.copied);
    } catch (error) {
      notifyError(error, t);
    }
  };
  return (
    <Dialog open={secret !== null} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid={`${testId}-warning`}>
          {texts.warning}
        </Alert>
        <TextField
          fullWidth
          label={texts.label}
          value={secret ?? ''}
          helperText={texts.help}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
          {t('actions.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

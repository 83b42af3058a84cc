import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive actions get a red button. */
  danger?: boolean;
  busy?: boolean;
  /** Still finding out whether the action is possible (e.g. what uses the record): the action waits. */
  checking?: ReactNode;
  /** Why the action cannot be done now; the action button is disabled. */
  blocked?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** More to fill in before confirming (e.g. a note), under the message. */
  children?: ReactNode;
};

/**
 * Asks before an action. The focus starts on Cancel, so Enter (or a double press) never confirms a
 * destructive action by accident.
 */
export const ConfirmDialog = ({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = true,
  busy,
  checking,
  blocked,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{message}</DialogContentText>
        {children}
        {checking && (
          <Box role="status" sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {checking}
            </Typography>
            <LinearProgress sx={{ mt: 1 }} />
          </Box>
        )}
        {blocked && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="confirm-blocked">
            {blocked}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={onConfirm}
          disabled={Boolean(busy || checking || blocked)}
        >
          {confirmLabel ?? t('actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

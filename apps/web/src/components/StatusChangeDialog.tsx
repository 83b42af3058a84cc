import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { STATUS_NOTE_MAX } from '@tagstock/contract';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/**
 * Confirms a change of a document's status, with an optional note (why it was canceled, how it was sent) that
 * the document's history keeps. Its way out reads "Close": beside "Cancel the order", a "Cancel" button would
 * read as the same action.
 */
export const StatusChangeDialog = ({
  onConfirm,
  onClose,
  open,
  cancelLabel,
  ...props
}: Omit<ConfirmDialogProps, 'onConfirm' | 'children'> & { onConfirm: (note: string | null) => void }) => {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  // Each opening starts with an empty note.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setNote('');
  }
  return (
    <ConfirmDialog
      {...props}
      open={open}
      cancelLabel={cancelLabel ?? t('actions.close')}
      onConfirm={() => onConfirm(note.trim() || null)}
      onClose={onClose}
    >
      <TextField
        label={t('documents.statusNote')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        fullWidth
        multiline
        maxRows={4}
        size="small"
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { maxLength: STATUS_NOTE_MAX } }}
      />
    </ConfirmDialog>
  );
};

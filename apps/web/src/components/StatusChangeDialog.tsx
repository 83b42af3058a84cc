import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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
  options,
  ...props
}: Omit<ConfirmDialogProps, 'onConfirm' | 'children'> & {
  /** Checkboxes of the change (off at each opening), their values sent with it. */
  options?: { name: string; label: string }[];
  onConfirm: (note: string | null, options: Record<string, boolean>) => void;
}) => {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  // Each opening starts with an empty note and its options off.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setNote('');
      setChecked({});
    }
  }
  return (
    <ConfirmDialog
      {...props}
      open={open}
      cancelLabel={cancelLabel ?? t('actions.close')}
      onConfirm={() => onConfirm(note.trim() || null, checked)}
      onClose={onClose}
    >
      {options?.map((option) => (
        <FormControlLabel
          key={option.name}
          sx={{ display: 'flex', mt: 1 }}
          control={
            <Checkbox
              checked={checked[option.name] ?? false}
              onChange={(e) => setChecked({ ...checked, [option.name]: e.target.checked })}
            />
          }
          label={option.label}
        />
      ))}
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

import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { notifySuccess, problemMessage } from '../../components/notify';

/**
 * A dialog that edits one value of a record: its field, an error under it (the check's, else the server's problem in
 * the user's language), a success toast and closing once saved.
 */
export const OneFieldDialog = ({
  title,
  help,
  label,
  initial,
  type = 'text',
  inputProps,
  check,
  save,
  onClose,
}: {
  title: string;
  help?: string;
  label: string;
  initial: string;
  type?: 'text' | 'number';
  inputProps?: Record<string, number | string>;
  /** The error text of a value that may not be sent, else null. */
  check: (value: string) => string | null;
  /** Sends the value; answers the success message. */
  save: (value: string) => Promise<string>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const refused = check(value);
    if (refused) return setError(refused);
    setSaving(true);
    try {
      notifySuccess(await save(value));
      onClose();
    } catch (err) {
      setError(problemMessage(err, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} component="form" onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {help && <DialogContentText sx={{ mb: 2 }}>{help}</DialogContentText>}
        <TextField
          autoFocus
          fullWidth
          required
          sx={{ mt: help ? 0 : 1 }}
          type={type}
          label={label}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: inputProps }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

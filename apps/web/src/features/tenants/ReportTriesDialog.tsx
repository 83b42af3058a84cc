import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REPORT_TRIES_MAX, type TTenant } from '@tagstock/contract';
import { notifySuccess, problemMessage } from '../../components/notify';
import { useSetTenantReportTriesMutation } from './api';

/** The super admin sets how many natural-language report questions a tenant has a month. */
export const ReportTriesDialog = ({ tenant, onClose }: { tenant: TTenant; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(String(tenant.reportTriesLimit));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetTenantReportTriesMutation();
  const limit = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(limit) && limit >= 0 && limit <= REPORT_TRIES_MAX;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid)
      return setError(t('tenants.reportTriesInvalid', { max: REPORT_TRIES_MAX.toLocaleString(i18n.resolvedLanguage) }));
    try {
      const saved = await save({ id: tenant.id, limit }).unwrap();
      notifySuccess(t('tenants.reportTriesSaved', { name: saved.name, limit: saved.reportTriesLimit }));
      onClose();
    } catch (err) {
      setError(problemMessage(err, t));
    }
  };

  return (
    <Dialog open onClose={onClose} component="form" onSubmit={submit} aria-labelledby="report-tries-title">
      <DialogTitle id="report-tries-title">{t('tenants.reportTriesTitle', { name: tenant.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('tenants.reportTriesHelp')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          type="number"
          label={t('tenants.reportTriesLimit')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { min: 0, max: REPORT_TRIES_MAX, step: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

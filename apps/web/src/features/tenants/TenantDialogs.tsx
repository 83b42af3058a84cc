import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, type TTenant } from '@tagstock/contract';
import { notifySuccess, problemMessage } from '../../components/notify';
import { useCreateTenantMutation, useRenameTenantMutation } from './api';
import { OneFieldDialog } from './OneFieldDialog';

const EMPTY = {
  name: '',
  companyName: '',
  siren: '',
  address: '',
  postcode: '',
  city: '',
  country: 'France',
  adminName: '',
  adminEmail: '',
  adminPassword: '',
};
type Form = typeof EMPTY;
const REQUIRED: (keyof Form)[] = ['name', 'companyName', 'adminName', 'adminEmail', 'adminPassword'];

/** A new tenant: its name, its company identity and its first administrator (who signs in with this password). */
export const TenantCreateDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [missing, setMissing] = useState<Set<keyof Form>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateTenantMutation();

  const field = (key: keyof Form, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      key={key}
      fullWidth
      size="small"
      label={label}
      required={REQUIRED.includes(key)}
      value={form[key]}
      type={extra.type}
      autoComplete={extra.autoComplete}
      error={missing.has(key)}
      helperText={
        missing.has(key)
          ? t('validation.required')
          : key === 'adminPassword'
            ? t('tenants.passwordHelp', { min: PASSWORD_MIN })
            : undefined
      }
      onChange={(e) => {
        setForm({ ...form, [key]: e.target.value });
        setError(null);
      }}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = new Set(REQUIRED.filter((key) => form[key].trim() === ''));
    setMissing(empty);
    if (empty.size > 0) return;
    try {
      const created = await create({
        name: form.name,
        company: {
          name: form.companyName,
          siren: form.siren || null,
          address: form.address || null,
          postcode: form.postcode || null,
          city: form.city || null,
          country: form.country || null,
        },
        admin: { name: form.adminName, email: form.adminEmail, password: form.adminPassword },
      }).unwrap();
      notifySuccess(t('tenants.created', { name: created.name }));
      onClose();
    } catch (err) {
      setError(problemMessage(err, t));
    }
  };

  return (
    <Dialog open onClose={onClose} component="form" onSubmit={submit} aria-labelledby="tenant-new-title">
      <DialogTitle id="tenant-new-title">{t('tenants.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {field('name', t('tenants.name'))}
          <Typography variant="subtitle2" component="h2">
            {t('tenants.company')}
          </Typography>
          {field('companyName', t('tenants.companyName'))}
          {field('siren', t('tenants.siren'))}
          {field('address', t('tenants.address'))}
          <Stack direction="row" spacing={2}>
            {field('postcode', t('tenants.postcode'))}
            {field('city', t('tenants.city'))}
          </Stack>
          {field('country', t('tenants.country'))}
          <Typography variant="subtitle2" component="h2">
            {t('tenants.admin')}
          </Typography>
          {field('adminName', t('tenants.adminName'))}
          {field('adminEmail', t('tenants.adminEmail'), { type: 'email', autoComplete: 'off' })}
          {field('adminPassword', t('tenants.adminPassword'), { type: 'password', autoComplete: 'new-password' })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('tenants.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const TenantRenameDialog = ({ tenant, onClose }: { tenant: TTenant; onClose: () => void }) => {
  const { t } = useTranslation();
  const [rename] = useRenameTenantMutation();
  return (
    <OneFieldDialog
      title={t('tenants.editTitle', { name: tenant.name })}
      label={t('tenants.name')}
      initial={tenant.name}
      check={(name) => (name.trim() === '' ? t('validation.required') : null)}
      save={async (name) => {
        const saved = await rename({ id: tenant.id, name }).unwrap();
        return t('tenants.renamed', { name: saved.name });
      }}
      onClose={onClose}
    />
  );
};

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { EPC_REGISTRATION_MAX, type TPlatformOrderAdmin } from '@tagstock/contract';
import { formatNumber } from '../../components/format';
import { notifyError, notifySuccess, problemMessage } from '../../components/notify';
import { EPC_HEX, epcsOf, invalidEpcs } from '../rfid/epc-list';
import { useRegisterPlatformOrderEpcsMutation, useTenantTagFamiliesQuery } from './api';

/** The delivered tags: a family of the order's tenant, then a first EPC and a count, or a pasted list. */
export const RegisterEpcsDialog = ({ order, onClose }: { order: TPlatformOrderAdmin; onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const { data: families, isLoading: loadingFamilies } = useTenantTagFamiliesQuery(order.tenantId);
  const [register, { isLoading, error }] = useRegisterPlatformOrderEpcsMutation();
  const [familyId, setFamilyId] = useState('');
  const [mode, setMode] = useState<'range' | 'list'>('range');
  const [first, setFirst] = useState('');
  const [count, setCount] = useState('');
  const [pasted, setPasted] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const list = epcsOf(pasted);
  const badInList = invalidEpcs(list);
  const countValid = /^\d+$/.test(count) && Number(count) >= 1 && Number(count) <= EPC_REGISTRATION_MAX;
  const errors = {
    family: !familyId,
    first: mode === 'range' && !EPC_HEX.test(first.trim()),
    count: mode === 'range' && !countValid,
    list: mode === 'list' && (list.length === 0 || list.length > EPC_REGISTRATION_MAX || badInList.length > 0),
  };
  const valid = !Object.values(errors).some(Boolean);

  const submit = async () => {
    setSubmitted(true);
    if (!valid) return;
    try {
      const body =
        mode === 'range'
          ? { familyId: Number(familyId), range: { first: first.trim(), count: Number(count) } }
          : { familyId: Number(familyId), epcs: list };
      const after = await register({ id: order.id, body }).unwrap();
      const added = after.registeredTags - order.registeredTags;
      notifySuccess(t('platformOrders.registeredToast', { count: added, formatted: formatNumber(added, lang) }));
      onClose();
    } catch (err) {
      notifyError(err, t);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="register-epcs">
      <DialogTitle id="register-epcs">{t('platformOrders.registerEpcs')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Alert severity="info">{t('platformOrders.registerHelp', { tenant: order.tenantName })}</Alert>
          {error && <Alert severity="error">{problemMessage(error, t)}</Alert>}
          <TextField
            select
            label={t('platformOrders.family')}
            value={familyId}
            onChange={(e) => setFamilyId(e.target.value)}
            error={submitted && errors.family}
            helperText={
              !loadingFamilies && families?.length === 0
                ? t('platformOrders.noFamily')
                : submitted && errors.family
                  ? t('platformOrders.selectFamily')
                  : undefined
            }
          >
            {(families ?? []).map((f) => (
              <MenuItem key={f.id} value={String(f.id)}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'range' | 'list')}>
            <FormControlLabel value="range" control={<Radio />} label={t('platformOrders.byRange')} />
            <FormControlLabel value="list" control={<Radio />} label={t('platformOrders.byList')} />
          </RadioGroup>
          {mode === 'range' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('platformOrders.firstEpc')}
                value={first}
                onChange={(e) => setFirst(e.target.value)}
                error={submitted && errors.first}
                helperText={submitted && errors.first ? t('platformOrders.invalidEpc') : undefined}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 64, style: { fontFamily: 'monospace' } } }}
              />
              <TextField
                label={t('platformOrders.count')}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                error={submitted && errors.count}
                helperText={
                  submitted && errors.count
                    ? t('platformOrders.countRange', { max: formatNumber(EPC_REGISTRATION_MAX, lang) })
                    : undefined
                }
                sx={{ width: 160 }}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Stack>
          ) : (
            <TextField
              label={t('platformOrders.epcList')}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              multiline
              minRows={5}
              error={submitted && errors.list}
              helperText={
                submitted && badInList.length > 0
                  ? t('platformOrders.invalidEpcs', { epcs: badInList.slice(0, 5).join(', ') })
                  : t('platformOrders.epcListHelp', {
                      count: list.length,
                      max: formatNumber(EPC_REGISTRATION_MAX, lang),
                    })
              }
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('platformOrders.register')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

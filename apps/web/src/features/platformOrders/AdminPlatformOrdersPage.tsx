import { useMemo, useState } from 'react';
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
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/BackLink';
import {
  EPC_REGISTRATION_MAX,
  type TPlatformOrderAdmin,
  type TPlatformOrderAdminSummary,
  type TPlatformOrderStatus,
} from '@tagstock/contract';
import { StatusChangeDialog } from '../../components/StatusChangeDialog';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PdfButton } from '../../components/PdfButton';
import { ResourceTable } from '../../components/ResourceTable';
import { formatNumber } from '../../components/format';
import { notifyError, notifySuccess, problemMessage } from '../../components/notify';
import type { ResourceColumn } from '../../components/resource-columns';
import { useUrlFilters } from '../../components/use-list-params';
import { TenantFilter } from '../tenants/TenantFilter';
import {
  adminPlatformOrdersApi,
  useAdminPlatformOrderQuery,
  useAdminSetPlatformOrderStatusMutation,
  useRegisterPlatformOrderEpcsMutation,
  useTenantTagFamiliesQuery,
} from './api';
import { StatusFilter, usePlatformOrderColumns } from './PlatformOrdersPage';
import { PlatformOrderBody } from './shared';
import { EPC_HEX, epcsOf, invalidEpcs } from '../rfid/epc-list';

/** `/superAdmin/bdcRb` (SPEC `allBondeCommandeRb`): every tenant's orders, with the tenant column and filter. */
export const AdminPlatformOrdersPage = () => {
  const { t } = useTranslation();
  const base = usePlatformOrderColumns<TPlatformOrderAdminSummary>();
  const columns = useMemo<ResourceColumn<TPlatformOrderAdminSummary>[]>(
    () => [{ field: 'tenantName', headerName: t('fields.tenant'), width: 170 }, ...base],
    [t, base],
  );
  const { searchParams } = useUrlFilters();
  const tenantId = searchParams.get('tenantId') ?? '';
  const status = searchParams.get('status') ?? '';
  const filters = useMemo(() => ({ tenantId: tenantId || undefined, status: status || undefined }), [tenantId, status]);
  return (
    <>
      <PageHeader title={t('platformOrders.adminTitle')} subtitle={t('platformOrders.adminSubtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TenantFilter />
        <StatusFilter />
      </Stack>
      <ResourceTable
        label={t('platformOrders.adminTitle')}
        columns={columns}
        useList={adminPlatformOrdersApi.useList as never}
        filters={filters}
        defaultSort="orderDate:desc"
        emptyText={t('platformOrders.empty')}
        countKey="platformOrders.count"
        detailPath={(row) => `/superAdmin/bdcRb/${row.id}`}
      />
    </>
  );
};

/** `/superAdmin/bdcRb/:id`: sends or cancels an order in progress; registers the delivered tags of a sent one. */
export const AdminPlatformOrderPage = () => {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: order, error, isLoading } = useAdminPlatformOrderQuery(id, { skip: !valid });
  const [setStatus, { isLoading: busy }] = useAdminSetPlatformOrderStatusMutation();
  const [confirming, setConfirming] = useState<TPlatformOrderStatus | null>(null);
  const [registering, setRegistering] = useState(false);
  const back = { to: '/superAdmin/bdcRb', label: t('platformOrders.backToList') };
  if (!valid) return <LoadError error={null} missing {...back} />;
  if (isLoading) return <Loading />;
  if (error || !order) return <LoadError error={error} {...back} />;
  const change = async (to: TPlatformOrderStatus, note: string | null) => {
    try {
      await setStatus({ id, status: to, note }).unwrap();
      notifySuccess(
        t(to === 'done' ? 'platformOrders.doneToast' : 'platformOrders.canceledToast', { number: order.number }),
      );
      setConfirming(null);
    } catch (err) {
      notifyError(err, t);
    }
  };
  return (
    <>
      <PageHeader
        title={`${t('platformOrders.order')} ${order.number}`}
        subtitle={`${t('fields.tenant')}: ${order.tenantName}`}
        actions={
          <>
            <Button component={RouterLink} to="/superAdmin/bdcRb">
              {t('platformOrders.backToList')}
            </Button>
            <PdfButton path={`/platform/platform-orders/${order.id}/pdf`} number={order.number} />
            {order.status === 'in_progress' && (
              <>
                <Button color="error" variant="outlined" onClick={() => setConfirming('canceled')}>
                  {t('platformOrders.cancelOrder')}
                </Button>
                <Button variant="contained" onClick={() => setConfirming('done')}>
                  {t('platformOrders.markDone')}
                </Button>
              </>
            )}
            {order.status === 'done' && (
              <Button variant="contained" onClick={() => setRegistering(true)}>
                {t('platformOrders.registerEpcs')}
              </Button>
            )}
          </>
        }
      />
      <PlatformOrderBody order={order} />
      <StatusChangeDialog
        open={confirming !== null}
        title={t(confirming === 'done' ? 'platformOrders.markDone' : 'platformOrders.cancelOrder')}
        message={t(confirming === 'done' ? 'platformOrders.doneConfirm' : 'platformOrders.cancelConfirm', {
          number: order.number,
        })}
        confirmLabel={t(confirming === 'done' ? 'platformOrders.markDone' : 'platformOrders.cancelOrder')}
        danger={confirming === 'canceled'}
        busy={busy}
        onConfirm={(note) => confirming && void change(confirming, note)}
        onClose={() => setConfirming(null)}
      />
      {registering && <RegisterEpcsDialog order={order} onClose={() => setRegistering(false)} />}
    </>
  );
};

/** The delivered tags: a family of the order's tenant, then a first EPC and a count, or a pasted list. */
const RegisterEpcsDialog = ({ order, onClose }: { order: TPlatformOrderAdmin; onClose: () => void }) => {
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

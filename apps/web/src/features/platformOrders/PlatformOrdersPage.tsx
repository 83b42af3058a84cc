import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_LINE_QUANTITY_MAX,
  PLATFORM_ORDER_LINES_MAX,
  PLATFORM_ORDER_STATUSES,
  type TPlatformOrderSummary,
} from '@tagstock/contract';
import { documentTotals } from '@tagstock/contract/money';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { ResourceTable } from '../../components/ResourceTable';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { notifyError, notifySuccess, problemMessage } from '../../components/notify';
import type { ResourceColumn } from '../../components/resource-columns';
import { useUrlFilters } from '../../components/use-list-params';
import { useCanWrite } from '../../components/use-permission';
import { orderableProductsApi, platformOrdersApi } from './api';
import { PlatformOrderStatusChip } from './shared';

/** Columns shared by the tenant's list and the super admin's. */
export const usePlatformOrderColumns = <T extends TPlatformOrderSummary>(): ResourceColumn<T>[] => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return useMemo<ResourceColumn<T>[]>(
    () => [
      { field: 'number', card: 'primary', headerName: t('platformOrders.number'), width: 170 },
      {
        field: 'orderDate',
        card: 'secondary',
        headerName: t('platformOrders.orderDate'),
        width: 130,
        valueFormatter: (v: string) => formatDate(v, lang),
      },
      {
        field: 'status',
        card: 'status',
        headerName: t('fields.status'),
        width: 150,
        renderCell: ({ row }) => <PlatformOrderStatusChip status={row.status} />,
      },
      {
        field: 'lineCount',
        hideBelow: 'xl',
        headerName: t('platformOrders.lineCount'),
        width: 90,
        type: 'number',
        sortable: false,
      },
      {
        field: 'totalNet',
        hideBelow: 'lg',
        headerName: t('platformOrders.totalNet'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatMoney(v, lang),
      },
      {
        field: 'totalGross',
        headerName: t('platformOrders.totalGross'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: string) => formatMoney(v, lang),
      },
      {
        field: 'registeredTags',
        hideBelow: 'md',
        headerName: t('platformOrders.registeredTags'),
        width: 130,
        type: 'number',
        valueFormatter: (v: number) => formatNumber(v, lang),
      },
    ],
    [t, lang],
  );
};

export const StatusFilter = () => {
  const { t } = useTranslation();
  const { searchParams, setFilter } = useUrlFilters();
  return (
    <FilterSelect
      label={t('fields.status')}
      allLabel={t('platformOrders.allStatuses')}
      value={searchParams.get('status') ?? ''}
      options={PLATFORM_ORDER_STATUSES.map((s) => ({ value: s, label: t(`platformOrders.statuses.${s}`) }))}
      width={200}
      onChange={(v) => setFilter('status', v)}
    />
  );
};

/** `/admin/bdcRb` (SPEC `bonDeCommandeRb`): the tenant's orders to the platform operator. */
export const PlatformOrdersPage = () => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('platformOrders');
  const columns = usePlatformOrderColumns<TPlatformOrderSummary>();
  const { searchParams } = useUrlFilters();
  const status = searchParams.get('status') ?? '';
  const filters = useMemo(() => ({ status: status || undefined }), [status]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('platformOrders.title')}
        subtitle={t('platformOrders.subtitle')}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('platformOrders.new')}
            </Button>
          )
        }
      />
      <Box sx={{ mb: 2 }}>
        <StatusFilter />
      </Box>
      <ResourceTable
        label={t('platformOrders.title')}
        columns={columns}
        useList={platformOrdersApi.useList as never}
        filters={filters}
        defaultSort="orderDate:desc"
        emptyText={t('platformOrders.empty')}
        countKey="platformOrders.count"
        detailPath={(row) => `/admin/bdcRb/${row.id}`}
      />
      {creating && <NewPlatformOrderDialog onClose={() => setCreating(false)} />}
    </>
  );
};

type DraftLine = { key: number; productId: string; quantity: string };

/** Products and quantities; the totals shown are computed like the server's, which writes them. */
const NewPlatformOrderDialog = ({ onClose }: { onClose: () => void }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const { data, isError } = orderableProductsApi.useList({
    page: 1,
    limit: 100,
    active: 'true',
    sort: 'reference:asc',
  });
  const products = useMemo(() => data?.items ?? [], [data]);
  const [create, { isLoading, error }] = platformOrdersApi.useCreate();
  const [lines, setLines] = useState<DraftLine[]>([{ key: 1, productId: '', quantity: '1' }]);
  const [notes, setNotes] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const byId = useMemo(() => new Map(products.map((p) => [String(p.id), p])), [products]);
  const validQuantity = (q: string) => /^\d+$/.test(q) && Number(q) >= 1 && Number(q) <= DOCUMENT_LINE_QUANTITY_MAX;
  const complete = lines.filter((l) => byId.has(l.productId) && validQuantity(l.quantity));
  const valid = lines.length > 0 && complete.length === lines.length;
  const totals = useMemo(
    () =>
      documentTotals(
        complete.map((l) => {
          const p = byId.get(l.productId)!;
          return { quantity: Number(l.quantity), unitPrice: p.unitPrice, vatRate: p.vatRate, discount: '0' };
        }),
      ),
    [complete, byId],
  );
  const update = (key: number, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  const submit = async () => {
    setSubmitted(true);
    if (!valid) return;
    try {
      const order = await create({
        notes: notes.trim() || null,
        lines: lines.map((l) => ({ productId: Number(l.productId), quantity: Number(l.quantity) })),
      }).unwrap();
      notifySuccess(t('platformOrders.created', { number: order.number }));
      onClose();
      void navigate(`/admin/bdcRb/${order.id}`);
    } catch (err) {
      notifyError(err, t);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="new-platform-order">
      <DialogTitle id="new-platform-order">{t('platformOrders.new')}</DialogTitle>
      <DialogContent>
        {isError && <Alert severity="error">{t('select.error')}</Alert>}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problemMessage(error, t)}
          </Alert>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          {lines.map((l, i) => {
            const product = byId.get(l.productId);
            return (
              <Stack key={l.key} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  label={t('platformOrders.product')}
                  value={product ? l.productId : ''}
                  onChange={(e) => update(l.key, { productId: e.target.value })}
                  error={submitted && !product}
                  helperText={submitted && !product ? t('platformOrders.selectProduct') : undefined}
                  sx={{ flex: 1, minWidth: 260 }}
                  slotProps={{ htmlInput: { 'aria-label': `${t('platformOrders.product')} ${i + 1}` } }}
                >
                  {products.map((p) => (
                    <MenuItem key={p.id} value={String(p.id)}>
                      {p.reference} — {p.designation} ({formatMoney(p.unitPrice, lang)})
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={t('fields.quantity')}
                  value={l.quantity}
                  onChange={(e) => update(l.key, { quantity: e.target.value })}
                  error={submitted && !validQuantity(l.quantity)}
                  helperText={
                    submitted && !validQuantity(l.quantity)
                      ? t('platformOrders.quantityRange', { max: formatNumber(DOCUMENT_LINE_QUANTITY_MAX, lang) })
                      : undefined
                  }
                  sx={{ width: 160 }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', 'aria-label': `${t('fields.quantity')} ${i + 1}` },
                  }}
                />
                <IconButton
                  aria-label={t('platformOrders.removeLine')}
                  disabled={lines.length === 1}
                  onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            );
          })}
          <Box>
            <Button
              startIcon={<AddIcon />}
              disabled={lines.length >= PLATFORM_ORDER_LINES_MAX}
              onClick={() =>
                setLines((ls) => [
                  ...ls,
                  { key: Math.max(0, ...ls.map((x) => x.key)) + 1, productId: '', quantity: '1' },
                ])
              }
            >
              {t('platformOrders.addLine')}
            </Button>
          </Box>
          <TextField
            label={t('platformOrders.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Stack direction="row" spacing={3} sx={{ justifyContent: 'flex-end' }}>
            <Typography variant="body2">
              {t('platformOrders.totalNet')}: {formatMoney(totals.net, lang)}
            </Typography>
            <Typography variant="body2">
              {t('platformOrders.totalVat')}: {formatMoney(totals.vat, lang)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('platformOrders.totalGross')}: {formatMoney(totals.gross, lang)}
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('platformOrders.place')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import ReceiveIcon from '@mui/icons-material/MoveToInboxOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink, LoadError } from '../../components/BackLink';
import { DateField } from '../../components/DateField';
import { toast } from 'react-toastify';
import { purchaseOrderNextStatuses, type TPurchaseOrder, type TPurchaseOrderStatus } from '@tagstock/contract';
import { StatusChangeDialog } from '../../components/StatusChangeDialog';
import { useLeaveGuard } from '../../components/LeaveGuard';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PdfButton } from '../../components/PdfButton';
import { Section } from '../../components/Section';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { problemMessage } from '../../components/notify';
import { useCanWrite } from '../../components/use-permission';
import { todayIso } from '../rfid/attribution-shared';
import { supplierRef } from '../suppliers/api';
import {
  activePaymentModeRef,
  useCreatePurchaseOrderMutation,
  usePurchaseOrderQuery,
  useSetPurchaseOrderStatusMutation,
  useUpdatePurchaseOrderMutation,
} from './api';
import {
  draftOf,
  newDraft,
  serverErrors,
  validateDraft,
  type DraftErrors,
  type HeaderDraft,
  type OrderDraft,
} from './draft';
import { LinesEditor } from './LinesEditor';
import { HistoryTable, ReceiptsTable, TotalsTable } from './OrderSections';
import { ReceiveDialog } from './ReceiveDialog';
import { OrderStatusChip, ReceiptStatusChip, transitionErrorMessage } from './status';

/** `/admin/bdc/:id` (`new` for a new order): header, lines, totals, status, receipts, PDF and history. */
export const PurchaseOrderDetailPage = () => {
  const { t } = useTranslation();
  // `/admin/bdc/new` is its own route (it needs the write permission), without an id.
  const param = useParams().id ?? 'new';
  const id = param === 'new' ? null : Number(param);
  const { data: order, isLoading, error } = usePurchaseOrderQuery(id ?? 0, { skip: id === null });
  // Set by a save, a status change or a receipt: the next editor takes the focus to its heading, since the one that
  // had it is gone. A new order arrives here from `/admin/bdc/new` (another route) with the request in its state.
  const arrival = useLocation().state as { focusHeading?: boolean } | null;
  const focusHeading = useRef(arrival?.focusHeading === true);
  if (id !== null && isLoading) return <Loading />;
  if (id !== null && (error || !order))
    return <LoadError error={error} to="/admin/bdc" label={t('purchaseOrders.title')} />;
  // The editor starts again from each version the server answers (after a save, a status change, a receipt).
  return (
    <>
      <OrderEditor
        key={order ? `${order.id}-${order.updatedAt}` : 'new'}
        order={order ?? null}
        focusHeading={focusHeading}
      />
      {/* Outside the editor, so that it stays: a change of status is announced where it happens. */}
      <OrderStatusLive order={order ?? null} />
    </>
  );
};

// Read by screen readers, not shown.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The order's statuses for screen readers, read out when they change (sent, received…). */
const OrderStatusLive = ({ order }: { order: TPurchaseOrder | null }) => {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={visuallyHidden} data-testid="order-status-live">
      {order &&
        `${t(`purchaseOrders.statuses.${order.status}`)}, ${t(`purchaseOrders.receiptStatuses.${order.receiptStatus}`)}`}
    </Box>
  );
};

const OrderEditor = ({ order, focusHeading }: { order: TPurchaseOrder | null; focusHeading: RefObject<boolean> }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const canWrite = useCanWrite('purchaseOrders');
  const [draft, setDraft] = useState<OrderDraft>(() =>
    order ? draftOf(order, language) : newDraft(todayIso(), searchParams.get('supplierId') ?? ''),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [confirming, setConfirming] = useState<TPurchaseOrderStatus | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [create, { isLoading: creating }] = useCreatePurchaseOrderMutation();
  const [update, { isLoading: updating }] = useUpdatePurchaseOrderMutation();
  const [setStatus, { isLoading: changingStatus }] = useSetPurchaseOrderStatusMutation();

  const leaveGuard = useLeaveGuard(dirty);
  const editable = canWrite && (order === null || order.status === 'in_progress');
  const saving = creating || updating;
  // Only the changes this order allows now (the contract's rules): nothing to cancel once goods arrived.
  const next = canWrite && order ? purchaseOrderNextStatuses(order) : [];
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [focusHeading]);

  const change = (next: OrderDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const setHeader = (field: keyof HeaderDraft, value: string) => {
    change({ ...draft, header: { ...draft.header, [field]: value } });
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    const { body, errors: found } = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(t('purchaseOrders.validation.fix'));
      return;
    }
    try {
      if (order) {
        await update({ id: order.id, body }).unwrap();
        focusHeading.current = true;
        toast.success(t('messages.edited'));
      } else {
        const created = await create(body).unwrap();
        focusHeading.current = true;
        toast.success(t('purchaseOrders.created', { number: created.number }));
        leaveGuard.allowNextLeave();
        void navigate(`/admin/bdc/${created.id}`, { replace: true, state: { focusHeading: true } });
      }
    } catch (error) {
      setErrors(serverErrors(error, draft));
      toast.error(problemMessage(error, t));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editable && event.key === 's' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  const changeStatus = async (note: string | null) => {
    if (!order || !confirming) return;
    try {
      await setStatus({ id: order.id, status: confirming, note }).unwrap();
      focusHeading.current = true;
      toast.success(t(`purchaseOrders.statusChanged.${confirming}`));
    } catch (error) {
      toast.error(transitionErrorMessage(error, t, order));
    }
    setConfirming(null);
  };

  const headerError = (field: keyof HeaderDraft) => (errors[field] ? t(errors[field]) : undefined);
  const title = order ? t('purchaseOrders.titleOf', { number: order.number }) : t('purchaseOrders.new');
  const canReceive = canWrite && order?.status === 'done' && order.receiptStatus !== 'received';

  return (
    <Box onKeyDown={onKeyDown}>
      <BackLink to="/admin/bdc" label={t('purchaseOrders.title')} />
      <PageHeader
        title={title}
        headingRef={heading}
        subtitle={
          order && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              component="span"
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <span>{order.supplierName}</span>
              <OrderStatusChip status={order.status} />
              <ReceiptStatusChip status={order.receiptStatus} />
            </Stack>
          )
        }
        documentTitle={order?.number ?? t('purchaseOrders.new')}
        actions={
          <>
            {order && <PdfButton path={`/purchase-orders/${order.id}/pdf`} number={order.number} />}
            {next.includes('done') && (
              <Button
                variant="outlined"
                startIcon={<SendIcon />}
                disabled={dirty}
                title={dirty ? t('purchaseOrders.saveFirst') : undefined}
                onClick={() => setConfirming('done')}
              >
                {t('purchaseOrders.markSent')}
              </Button>
            )}
            {canReceive && (
              <Button variant="outlined" startIcon={<ReceiveIcon />} onClick={() => setReceiving(true)}>
                {t('purchaseOrders.receive.action')}
              </Button>
            )}
            {next.includes('canceled') && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<CancelIcon />}
                onClick={() => setConfirming('canceled')}
              >
                {t('purchaseOrders.cancelOrder')}
              </Button>
            )}
            {editable && (
              <Button variant="contained" startIcon={<SaveIcon />} disabled={saving} onClick={() => void save()}>
                {t('actions.save')}
              </Button>
            )}
          </>
        }
      />
      {order && !editable && canWrite && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only">
          {t('purchaseOrders.locked')}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('purchaseOrders.header')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <ReferenceSelect
                  source={supplierRef}
                  label={t('fields.supplier')}
                  value={draft.header.supplierId}
                  onChange={(v) => setHeader('supplierId', v)}
                  required
                  disabled={!editable}
                  error={Boolean(errors.supplierId)}
                  helperText={headerError('supplierId')}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ReferenceSelect
                  source={activePaymentModeRef}
                  label={t('purchaseOrders.paymentMode')}
                  value={draft.header.paymentModeId}
                  onChange={(v) => setHeader('paymentModeId', v)}
                  required
                  disabled={!editable}
                  error={Boolean(errors.paymentModeId)}
                  helperText={headerError('paymentModeId')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateField
                  fullWidth
                  required
                  label={t('purchaseOrders.orderDate')}
                  value={draft.header.orderDate}
                  onChange={(value) => setHeader('orderDate', value)}
                  disabled={!editable}
                  error={Boolean(errors.orderDate)}
                  helperText={headerError('orderDate')}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateField
                  fullWidth
                  label={t('purchaseOrders.expectedDate')}
                  value={draft.header.expectedDate}
                  onChange={(value) => setHeader('expectedDate', value)}
                  disabled={!editable}
                  error={Boolean(errors.expectedDate)}
                  helperText={headerError('expectedDate')}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  fullWidth
                  multiline
                  minRows={1}
                  label={t('purchaseOrders.notes')}
                  value={draft.header.notes}
                  onChange={(e) => setHeader('notes', e.target.value)}
                  disabled={!editable}
                  error={Boolean(errors.notes)}
                  helperText={headerError('notes')}
                />
              </Grid>
            </Grid>
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('purchaseOrders.lines')}>
            <LinesEditor
              lines={draft.lines}
              supplierId={draft.header.supplierId}
              errors={errors}
              readOnly={!editable}
              showReceived={order !== null && order.status !== 'in_progress'}
              onChange={(lines) => change({ ...draft, lines })}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('purchaseOrders.totals')}>
            {order ? (
              <TotalsTable totals={order.totals} stale={dirty} />
            ) : (
              <Typography color="text.secondary">{t('purchaseOrders.totalsAfterSave')}</Typography>
            )}
          </Section>
        </Grid>
        {order && order.status !== 'in_progress' && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title={t('purchaseOrders.receipts')}>
              <ReceiptsTable orderId={order.id} />
            </Section>
          </Grid>
        )}
        {order && (
          <Grid size={12}>
            <Section title={t('purchaseOrders.history')}>
              <HistoryTable orderId={order.id} />
            </Section>
          </Grid>
        )}
      </Grid>
      {order && (
        <StatusChangeDialog
          open={confirming !== null}
          title={t(confirming === 'canceled' ? 'purchaseOrders.cancelTitle' : 'purchaseOrders.markSentTitle')}
          message={t(confirming === 'canceled' ? 'purchaseOrders.cancelConfirm' : 'purchaseOrders.markSentConfirm', {
            number: order.number,
          })}
          confirmLabel={t(confirming === 'canceled' ? 'purchaseOrders.cancelOrder' : 'purchaseOrders.markSent')}
          danger={confirming === 'canceled'}
          busy={changingStatus}
          onConfirm={(note) => void changeStatus(note)}
          onClose={() => setConfirming(null)}
        />
      )}
      {order && canReceive && (
        <ReceiveDialog
          order={order}
          open={receiving}
          onReceived={() => (focusHeading.current = true)}
          onClose={() => setReceiving(false)}
        />
      )}
      {leaveGuard.dialog}
    </Box>
  );
};

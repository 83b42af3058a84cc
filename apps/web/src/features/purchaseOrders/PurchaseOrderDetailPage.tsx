import { useMemo, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ReceiveIcon from '@mui/icons-material/MoveToInboxOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PURCHASE_ORDER_TRANSITIONS, type TPurchaseOrder } from '@tagstock/contract';
import { DateField } from '../../components/DateField';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { useDocumentDraft } from '../../components/documents/use-document-draft';
import { useDocumentSave } from '../../components/documents/use-document-save';
import { LinesEditor } from '../../components/documents/LinesEditor';
import { previewTotals } from '../../components/documents/lines';
import { useLineColumns } from '../../components/documents/priced-columns';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { formatNumber } from '../../components/format';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import { articleLinePicker, pricedArticlePatch } from '../articles/ArticlePicker';
import { todayIso } from '../rfid/attribution-shared';
import { supplierRef } from '../suppliers/api';
import { activePaymentModeRef, purchaseOrdersApi } from './api';
import {
  draftOf,
  emptyLine,
  newDraft,
  serverErrors,
  validateDraft,
  validateLine,
  type HeaderDraft,
  type LineDraft,
  type OrderDraft,
} from './draft';
import { HistoryTable, ReceiptsTable } from './OrderSections';
import { ReceiveDialog } from './ReceiveDialog';
import { OrderStatusChip, ReceiptStatusChip, REFUSAL_KEYS } from './status';

/** `/admin/bdc/:id` (`/admin/bdc/new` for a new order): header, lines, totals, status, receipts, PDF and history. */
export const PurchaseOrderDetailPage = () => {
  const { t } = useTranslation();
  return (
    <DocumentLoader<TPurchaseOrder>
      useDocument={purchaseOrdersApi.useGet}
      back={{ to: '/admin/bdc', label: t('purchaseOrders.title') }}
      statuses="purchaseOrders.statuses"
      more={(order) => t(`purchaseOrders.receiptStatuses.${order.receiptStatus}`)}
      render={(order, focusHeading) => <OrderEditor order={order} focusHeading={focusHeading} />}
    />
  );
};

const OrderEditor = ({ order, focusHeading }: { order: TPurchaseOrder | null; focusHeading: RefObject<boolean> }) => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const canWrite = useCanWrite('purchaseOrders');
  const columns = useLineColumns();
  const { draft, dirty, errors, setErrors, change, setHeader, fieldError } = useDocumentDraft<HeaderDraft, OrderDraft>(
    () => (order ? draftOf(order, columns.language) : newDraft(todayIso(), searchParams.get('supplierId') ?? '')),
  );
  const [receiving, setReceiving] = useState(false);
  const [create, { isLoading: creating }] = purchaseOrdersApi.useCreate();
  const [update, { isLoading: updating }] = purchaseOrdersApi.useUpdate();
  const [setStatus, { isLoading: changingStatus }] = purchaseOrdersApi.useSetStatus();
  const editable = canWrite && (order === null || order.status === 'in_progress');
  const preview = useMemo(() => previewTotals(draft.lines), [draft.lines]);

  const headerField = (field: keyof HeaderDraft) => ({
    value: draft.header[field],
    disabled: !editable,
    ...fieldError(field),
  });

  const save = useDocumentSave({
    doc: order,
    check: () => validateDraft(draft),
    serverErrors: (error) => serverErrors(error, draft),
    setErrors,
    update,
    create,
    focusHeading,
    created: (doc) => ({
      path: `/admin/bdc/${doc.id}`,
      message: t('purchaseOrders.created', { number: doc.number }),
    }),
  });

  const canReceive = canWrite && order?.status === 'done' && order.receiptStatus !== 'received';
  const sent = order !== null && order.status !== 'in_progress';
  return (
    <DocumentShell
      back={{ to: '/admin/bdc', label: t('purchaseOrders.title') }}
      title={order ? t('purchaseOrders.titleOf', { number: order.number }) : t('purchaseOrders.new')}
      documentTitle={order?.number ?? t('purchaseOrders.new')}
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
      focusHeading={focusHeading}
      dirty={dirty}
      save={editable ? { run: save, busy: creating || updating } : undefined}
      pdf={order ? { path: purchaseOrdersApi.pdfPath(order.id), number: order.number } : undefined}
      status={
        order
          ? {
              transitions: PURCHASE_ORDER_TRANSITIONS,
              doc: order,
              actor: 'tenant',
              allowed: canWrite,
              texts: 'purchaseOrders',
              refusals: REFUSAL_KEYS,
              change: (status, note) => setStatus({ id: order.id, status, note }).unwrap(),
              busy: changingStatus,
            }
          : undefined
      }
      actions={
        canReceive && (
          <Button variant="outlined" startIcon={<ReceiveIcon />} onClick={() => setReceiving(true)}>
            {t('purchaseOrders.receive.action')}
          </Button>
        )
      }
      locked={order && !editable && canWrite ? t('purchaseOrders.locked') : null}
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('purchaseOrders.header')}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 6 }}>
                <ReferenceSelect
                  source={supplierRef}
                  label={t('fields.supplier')}
                  required
                  {...headerField('supplierId')}
                  onChange={(v) => setHeader({ supplierId: v })}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <ReferenceSelect
                  source={activePaymentModeRef}
                  label={t('purchaseOrders.paymentMode')}
                  required
                  {...headerField('paymentModeId')}
                  onChange={(v) => setHeader({ paymentModeId: v })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateField
                  fullWidth
                  required
                  label={t('purchaseOrders.orderDate')}
                  {...headerField('orderDate')}
                  onChange={(value) => setHeader({ orderDate: value })}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <DateField
                  fullWidth
                  label={t('purchaseOrders.expectedDate')}
                  {...headerField('expectedDate')}
                  onChange={(value) => setHeader({ expectedDate: value })}
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <TextField
                  fullWidth
                  multiline
                  minRows={1}
                  label={t('purchaseOrders.notes')}
                  {...headerField('notes')}
                  onChange={(e) => setHeader({ notes: e.target.value })}
                />
              </Grid>
            </Grid>
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<LineDraft>
              lines={draft.lines}
              edit={
                editable
                  ? { onChange: (lines) => change({ ...draft, lines }), newLine: emptyLine, validateLine }
                  : undefined
              }
              errors={errors}
              picker={articleLinePicker<LineDraft>(
                t('fields.article'),
                (choice) => pricedArticlePatch(choice, columns.language),
                draft.header.supplierId,
              )}
              columns={[
                ...columns.priced<LineDraft>(preview.nets, ['quantity', 'unitPrice', 'discount', 'vatRate']),
                ...(sent
                  ? [
                      {
                        field: 'receivedQuantity',
                        label: t('purchaseOrders.received'),
                        show: (line: LineDraft) => formatNumber(line.receivedQuantity, columns.language),
                        testId: 'line-received',
                      },
                    ]
                  : []),
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={order && !dirty ? order.totals : preview.totals} preview={!order || dirty} />
          </Section>
        </Grid>
        {sent && (
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
      {order && canReceive && (
        <ReceiveDialog
          order={order}
          open={receiving}
          onReceived={() => (focusHeading.current = true)}
          onClose={() => setReceiving(false)}
        />
      )}
    </DocumentShell>
  );
};

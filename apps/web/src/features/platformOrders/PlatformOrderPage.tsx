import { useMemo, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useTranslation } from 'react-i18next';
import {
  PLATFORM_ORDER_LINES_MAX,
  PLATFORM_ORDER_TRANSITIONS,
  ZPlatformOrderInput,
  type TPlatformOrder,
  type TPlatformOrderAdmin,
  type TPlatformProduct,
} from '@tagstock/contract';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { HistorySection } from '../../components/documents/HistorySection';
import { ItemPicker } from '../../components/documents/ItemPicker';
import { useDocumentSave } from '../../components/documents/use-document-save';
import { LinesEditor } from '../../components/documents/LinesEditor';
import {
  contractErrors,
  lineErrors,
  linesToSend,
  previewTotals,
  serverErrors,
  typedId,
  typedQuantity,
  type DraftErrors,
} from '../../components/documents/lines';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { formatDate, formatMoney, formatNumber } from '../../components/format';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import {
  orderableProductsApi,
  platformOrdersApi,
  useAdminPlatformOrderQuery,
  useAdminSetPlatformOrderStatusMutation,
  usePlatformOrderQuery,
  useSetPlatformOrderStatusMutation,
} from './api';
import { RegisterEpcsDialog } from './RegisterEpcsDialog';
import {
  DeliveriesTable,
  emptyProductLine,
  PLATFORM_ORDER_HISTORY,
  PlatformOrderStatusChip,
  productLabel,
  productLineOf,
  productLinePatch,
  useProductLineColumns,
  type ProductLine,
} from './shared';

/** Who looks at the order: the tenant that placed it, or the platform's team (every tenant's, through its API). */
const SIDES = {
  tenant: {
    list: '/admin/bdcRb',
    api: '/platform-orders',
    useOrder: usePlatformOrderQuery,
    useSetStatus: useSetPlatformOrderStatusMutation,
  },
  platform: {
    list: '/superAdmin/bdcRb',
    api: '/platform/platform-orders',
    useOrder: useAdminPlatformOrderQuery,
    useSetStatus: useAdminSetPlatformOrderStatusMutation,
  },
} as const;
type Actor = keyof typeof SIDES;

/** `/admin/bdcRb/:id`: one order to the platform; the tenant may cancel it while it is in progress. */
export const PlatformOrderPage = () => <PlatformOrderRoute actor="tenant" />;
/** `/superAdmin/bdcRb/:id`: sends or cancels an order in progress; registers the delivered tags of a sent one. */
export const AdminPlatformOrderPage = () => <PlatformOrderRoute actor="platform" />;

const PlatformOrderRoute = ({ actor }: { actor: Actor }) => {
  const { t } = useTranslation();
  const side = SIDES[actor];
  return (
    <DocumentLoader<TPlatformOrder>
      useDocument={side.useOrder}
      back={{ to: side.list, label: t(actor === 'tenant' ? 'platformOrders.title' : 'platformOrders.adminTitle') }}
      statuses="platformOrders.statuses"
      render={(order, focusHeading) =>
        order ? (
          <PlatformOrderDetail order={order} actor={actor} focusHeading={focusHeading} />
        ) : (
          <NewPlatformOrder focusHeading={focusHeading} />
        )
      }
    />
  );
};

const PlatformOrderDetail = ({
  order,
  actor,
  focusHeading,
}: {
  order: TPlatformOrder | TPlatformOrderAdmin;
  actor: Actor;
  focusHeading: RefObject<boolean>;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const side = SIDES[actor];
  const canWrite = useCanWrite('platformOrders');
  const [setStatus, { isLoading: busy }] = side.useSetStatus();
  const [registering, setRegistering] = useState(false);
  const lines = useMemo(() => order.lines.map((line) => productLineOf(line, lang)), [order.lines, lang]);
  const nets = useMemo(() => new Map(lines.map((line, i) => [line.key, order.lines[i]!.netAmount])), [lines, order]);
  const columns = useProductLineColumns(nets);
  const tenant = 'tenantName' in order ? order : null;
  return (
    <DocumentShell
      back={{ to: side.list, label: t(actor === 'tenant' ? 'platformOrders.title' : 'platformOrders.adminTitle') }}
      title={t('platformOrders.titleOf', { number: order.number })}
      documentTitle={order.number}
      subtitle={
        <Stack direction="row" spacing={1} useFlexGap component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>
            {tenant
              ? `${t('fields.tenant')}${t('logs.labelSeparator')}${tenant.tenantName}`
              : t('platformOrders.detailSubtitle')}
          </span>
          <PlatformOrderStatusChip status={order.status} />
        </Stack>
      }
      focusHeading={focusHeading}
      pdf={{ path: `${side.api}/${order.id}/pdf`, number: order.number }}
      status={{
        transitions: PLATFORM_ORDER_TRANSITIONS,
        doc: order,
        actor,
        allowed: actor === 'platform' || canWrite,
        texts: 'platformOrders',
        change: (status, note) => setStatus({ id: order.id, status, note }).unwrap(),
        busy,
      }}
      actions={
        tenant &&
        order.status === 'done' && (
          <Button variant="contained" onClick={() => setRegistering(true)}>
            {t('platformOrders.registerEpcs')}
          </Button>
        )
      }
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('platformOrders.header')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }}>
              <Fact label={t('platformOrders.orderDate')} value={formatDate(order.orderDate, lang)} />
              <Fact label={t('platformOrders.createdBy')} value={order.createdByName ?? '—'} />
              <Fact label={t('platformOrders.registeredTags')} value={formatNumber(order.registeredTags, lang)} />
            </Stack>
            {order.notes && (
              <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
                {order.notes}
              </Typography>
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<ProductLine>
              lines={lines}
              picker={{ field: 'productId', label: t('platformOrders.product') }}
              columns={columns}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={order.totals} />
          </Section>
        </Grid>
        {order.deliveries.length > 0 && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title={t('platformOrders.deliveries')}>
              <DeliveriesTable order={order} />
            </Section>
          </Grid>
        )}
        <Grid size={12}>
          <HistorySection events={order.history} vocabulary={PLATFORM_ORDER_HISTORY} />
        </Grid>
      </Grid>
      {registering && tenant && (
        <RegisterEpcsDialog
          order={tenant}
          onClose={() => {
            focusHeading.current = true;
            setRegistering(false);
          }}
        />
      )}
    </DocumentShell>
  );
};

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Stack spacing={0.5}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2">{value}</Typography>
  </Stack>
);

const ACTIVE = { active: 'true' };
const REQUIRED_KEYS = { productId: 'platformOrders.selectProduct', lines: 'documents.noLinesToSend' };
const lineBody = (line: ProductLine) => ({ productId: typedId(line.itemId), quantity: typedQuantity(line.quantity) });
const validateLine = (line: ProductLine) =>
  lineErrors(ZPlatformOrderInput.shape.lines.element, line, lineBody, 'productId', REQUIRED_KEYS);

/** `/admin/bdcRb/new`: products of the platform's catalogue and quantities, with the totals they will make. */
const NewPlatformOrder = ({ focusHeading }: { focusHeading: RefObject<boolean> }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const [create, { isLoading }] = platformOrdersApi.useCreate();
  const [lines, setLines] = useState<ProductLine[]>(() => [emptyProductLine()]);
  const [notes, setNotes] = useState('');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<DraftErrors>({});
  const preview = useMemo(() => previewTotals(lines), [lines]);
  const columns = useProductLineColumns(preview.nets);

  const sent = linesToSend(lines, (line) => line.itemId === null, lineBody);
  const body = { notes: notes.trim() || null, lines: sent.lines };
  const place = useDocumentSave({
    doc: null,
    check: () => ({ body, errors: contractErrors(ZPlatformOrderInput, body, sent.positions, REQUIRED_KEYS) }),
    serverErrors: (error) => serverErrors(error, sent.positions, REQUIRED_KEYS),
    setErrors,
    create,
    created: (order) => ({
      path: `/admin/bdcRb/${order.id}`,
      message: t('platformOrders.created', { number: order.number }),
    }),
  });

  return (
    <DocumentShell
      back={{ to: '/admin/bdcRb', label: t('platformOrders.title') }}
      title={t('platformOrders.new')}
      documentTitle={t('platformOrders.new')}
      subtitle={t('platformOrders.detailSubtitle')}
      focusHeading={focusHeading}
      dirty={dirty}
      save={{ run: place, busy: isLoading, label: t('platformOrders.place') }}
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<ProductLine>
              lines={lines}
              edit={{
                onChange: (next) => {
                  setLines(next);
                  setDirty(true);
                },
                newLine: emptyProductLine,
                validateLine,
              }}
              errors={errors}
              max={PLATFORM_ORDER_LINES_MAX}
              picker={{
                field: 'productId',
                label: t('platformOrders.product'),
                render: ({ line, pick, ...props }) => (
                  <ItemPicker<TPlatformProduct>
                    {...props}
                    value={line.itemId === null ? null : { id: line.itemId, label: line.itemLabel }}
                    useList={orderableProductsApi.useList}
                    sort="reference:asc"
                    filters={ACTIVE}
                    itemLabel={productLabel}
                    optionDetail={(product) => (
                      <Typography variant="caption" color="text.secondary">
                        {formatMoney(product.unitPrice, lang)}
                      </Typography>
                    )}
                    onPick={(choice) => pick(productLinePatch(choice.id, choice.label, choice.item, lang))}
                  />
                ),
              }}
              columns={columns}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('platformOrders.notes')}>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('platformOrders.notes')}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                setDirty(true);
              }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={preview.totals} preview />
          </Section>
        </Grid>
      </Grid>
    </DocumentShell>
  );
};

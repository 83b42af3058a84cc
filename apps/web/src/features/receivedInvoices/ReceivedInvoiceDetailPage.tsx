import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  EN16931_SOURCES,
  FRENCH_SOURCES,
  type TEinvoiceFailure,
  type TEinvoiceFailureSource,
  type TEinvoiceParty,
  type TReceivedInvoice,
  type TReceivedInvoiceLine,
  type TReceivedInvoiceOrderMatch,
  type TReceivedVatBreakdown,
} from '@tagstock/contract';
import { apiCall, type DownloadedFile } from '../../app/api-client';
import { BackLink, LoadError } from '../../components/BackLink';
import { DetailTable, type DetailColumn } from '../../components/DetailTable';
import { formatDate, formatDateTime, formatRate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { problemMessage } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { saveFile } from '../../components/TransferActions';
import { useCanWrite, useHasPermission } from '../../components/use-permission';
import { EinvoiceLifecycleSection } from '../einvoicing/EinvoiceLifecycleSection';
import { useLinkReceivedInvoiceSupplierMutation, useReceivedInvoiceQuery } from './api';
import { UploadMessage, type UploadOutcome } from '../../components/UploadMessage';
import { formatAmount, formatQuantity, type ReceivedArrival } from './receive';
import { unitName } from './units';
import { FrRulesChip, ValidityChip } from './ValidityChip';

const LIST = '/admin/receivedInvoices';

const Info = ({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) => (
  <Grid size={{ xs: 12, sm: 6, md: 3 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Typography>
  </Grid>
);

/** The seller or the buyer as the invoice names them. */
const Party = ({ title, party, testId }: { title: string; party: TEinvoiceParty; testId: string }) => {
  const { t } = useTranslation();
  const city = [party.postcode, party.city].filter(Boolean).join(' ');
  return (
    <Section title={title} testId={testId}>
      <Typography sx={{ fontWeight: 600 }}>{party.name ?? '—'}</Typography>
      {party.address && <Typography>{party.address}</Typography>}
      {(city || party.country) && <Typography>{[city, party.country].filter(Boolean).join(', ')}</Typography>}
      <Grid container spacing={1} sx={{ mt: 1 }}>
        <Info label={t('fields.vatNumber')} value={party.vatNumber} />
        <Info label="SIREN" value={party.siren} />
        <Info label={t('receivedInvoices.legalId')} value={party.legalId} />
        <Info label={t('fields.email')} value={party.email} />
      </Grid>
    </Section>
  );
};

/** Failures of some checks, by rule id, in the user's language (French, or the validator's text). */
const RulesTable = ({ failures, label }: { failures: TEinvoiceFailure[]; label: string }) => {
  const { t, i18n } = useTranslation();
  const french = i18n.resolvedLanguage === 'fr';
  const columns: DetailColumn<TEinvoiceFailure & { key: number }>[] = [
    {
      key: 'rule',
      header: t('receivedInvoices.rule'),
      cell: (f) => f.ruleId,
      primary: true,
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'flag',
      header: t('receivedInvoices.level'),
      cell: (f) => (
        <Chip
          size="small"
          variant="outlined"
          color={f.flag === 'fatal' ? 'error' : 'warning'}
          label={t(`receivedInvoices.flags.${f.flag}`)}
        />
      ),
    },
    { key: 'message', header: t('receivedInvoices.message'), cell: (f) => (french ? f.message : f.messageEn) },
  ];
  return (
    <DetailTable
      label={label}
      columns={columns}
      rows={failures.map((f, key) => ({ ...f, key }))}
      rowKey={(f) => f.key}
    />
  );
};

const of = (invoice: TReceivedInvoice, sources: readonly TEinvoiceFailureSource[]) =>
  invoice.validation.failures.filter((f) => sources.includes(f.source));

/** The schema and EN 16931 rules the invoice fails. */
const FailedRules = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t } = useTranslation();
  const { failures, failureCount } = invoice.validation;
  const these = of(invoice, EN16931_SOURCES);
  return (
    <Section title={t('receivedInvoices.failedRules')} testId="failed-rules">
      {invoice.valid ? (
        <Alert severity={these.length ? 'info' : 'success'} sx={{ mb: these.length ? 2 : 0 }}>
          {these.length ? t('receivedInvoices.validWithWarnings') : t('receivedInvoices.validText')}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="invalid-alert">
          {t('receivedInvoices.invalidText', { count: invoice.errorCount })}
        </Alert>
      )}
      {these.length > 0 && <RulesTable failures={these} label={t('receivedInvoices.failedRules')} />}
      {failureCount > failures.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('receivedInvoices.moreFailures', { count: failureCount - failures.length })}
        </Typography>
      )}
    </Section>
  );
};

/**
 * The rules a French platform adds (Factur-X profile, French CTC rules), shown as EN 16931's are. A seller outside
 * France is not bound by them: they are shown for information.
 */
const FrenchRules = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t } = useTranslation();
  const these = of(invoice, FRENCH_SOURCES);
  const abroad = !!invoice.seller.country && invoice.seller.country !== 'FR' && !invoice.seller.siren;
  const title = t('einvoiceReception.frRulesTitle');
  let alert;
  if (invoice.frCompliant === null) alert = <Alert severity="info">{t('einvoiceReception.frNotCheckedText')}</Alert>;
  else if (invoice.frCompliant)
    alert = (
      <Alert severity={these.length ? 'info' : 'success'} sx={{ mb: these.length ? 2 : 0 }}>
        {these.length ? t('einvoiceReception.frValidWithWarnings') : t('einvoiceReception.frValidText')}
      </Alert>
    );
  else
    alert = (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="fr-invalid-alert">
        {t('einvoiceReception.frInvalidText', { count: invoice.frErrorCount ?? 0 })}
        {abroad && ` ${t('einvoiceReception.frSellerAbroad')}`}
      </Alert>
    );
  return (
    <Section title={title} testId="french-rules">
      {alert}
      {these.length > 0 && <RulesTable failures={these} label={title} />}
    </Section>
  );
};

/** Which supplier sent it: a link to the supplier, or the offer to create it from the seller's data. */
const SupplierLink = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t } = useTranslation();
  const canReceive = useCanWrite('receivedInvoices');
  const canCreateSupplier = useHasPermission('suppliers.write');
  const canLink = canReceive && canCreateSupplier;
  const [link, { isLoading }] = useLinkReceivedInvoiceSupplierMutation();
  const create = async () => {
    try {
      const linked = await link(invoice.id).unwrap();
      toast.success(t('receivedInvoices.supplierLinked', { name: linked.supplierName }));
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };
  return (
    <Section title={t('fields.supplier')} testId="received-invoice-supplier">
      {invoice.supplierId ? (
        <Link component={RouterLink} to={`/admin/suppliers/${invoice.supplierId}`} data-testid="supplier-link">
          {invoice.supplierName}
        </Link>
      ) : (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">{t('receivedInvoices.unlinked')}</Typography>
          {canLink && (
            <Button variant="contained" startIcon={<AddIcon />} disabled={isLoading} onClick={() => void create()}>
              {t('receivedInvoices.createSupplier')}
            </Button>
          )}
        </Stack>
      )}
    </Section>
  );
};

const Lines = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (v: string | null) => formatAmount(v, invoice.currency, language);
  const columns: DetailColumn<TReceivedInvoiceLine & { key: number }>[] = [
    { key: 'id', header: t('receivedInvoices.lineId'), cell: (l) => l.id ?? '—' },
    { key: 'item', header: t('fields.reference'), cell: (l) => l.sellerItemId ?? '—', sx: { whiteSpace: 'nowrap' } },
    { key: 'name', header: t('fields.designation'), cell: (l) => l.name ?? '—', primary: true },
    {
      key: 'quantity',
      header: t('fields.quantity'),
      align: 'right',
      cell: (l) => {
        const quantity = formatQuantity(l.quantity, language);
        const name = unitName(l.unitCode, l.quantity, t);
        if (!l.unitCode) return quantity;
        if (!name) return `${quantity} ${l.unitCode}`;
        // The unit's name, its code (what the invoice writes) on hover and to assistive technologies.
        return (
          <Tooltip title={t('einvoiceReception.unitCode', { code: l.unitCode })} describeChild>
            <span data-testid="line-quantity">{`${quantity} ${name}`}</span>
          </Tooltip>
        );
      },
      sx: { whiteSpace: 'nowrap' },
    },
    { key: 'price', header: t('receivedInvoices.unitPrice'), align: 'right', cell: (l) => money(l.unitPrice) },
    {
      key: 'vat',
      header: t('receivedInvoices.vat'),
      align: 'right',
      cell: (l) => `${formatRate(l.vatRate, language)}${l.vatCategory ? ` (${l.vatCategory})` : ''}`,
      sx: { whiteSpace: 'nowrap' },
    },
    { key: 'net', header: t('receivedInvoices.net'), align: 'right', cell: (l) => money(l.net) },
  ];
  return (
    <Section title={t('receivedInvoices.lines')} testId="received-invoice-lines">
      <DetailTable
        label={t('receivedInvoices.lines')}
        columns={columns}
        rows={invoice.lines.map((l, key) => ({ ...l, key }))}
        rowKey={(l) => l.key}
        empty={t('receivedInvoices.noLines')}
      />
    </Section>
  );
};

const Totals = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (v: string | null) => formatAmount(v, invoice.currency, language);
  const columns: DetailColumn<TReceivedVatBreakdown & { key: number }>[] = [
    {
      key: 'category',
      header: t('documents.totals.category'),
      cell: (v) => (v.category ? t(`documents.vatCategories.${v.category}`, { defaultValue: v.category }) : '—'),
      primary: true,
    },
    { key: 'rate', header: t('documents.totals.rate'), align: 'right', cell: (v) => formatRate(v.rate, language) },
    { key: 'base', header: t('documents.totals.base'), align: 'right', cell: (v) => money(v.base) },
    { key: 'vat', header: t('documents.totals.vatOfRate'), align: 'right', cell: (v) => money(v.vat) },
  ];
  const { totals } = invoice;
  const rows: [string, string | null, boolean][] = [
    ['lines', totals.lines, false],
    ['allowances', totals.allowances, false],
    ['charges', totals.charges, false],
    ['net', totals.net, true],
    ['vat', totals.vat, false],
    ['gross', totals.gross, true],
    ['prepaid', totals.prepaid, false],
    ['duePayable', totals.duePayable, true],
  ];
  return (
    <Section title={t('documents.totals.title')} testId="received-invoice-totals">
      <DetailTable
        label={t('receivedInvoices.vatBreakdown')}
        columns={columns}
        rows={invoice.vatBreakdown.map((v, key) => ({ ...v, key }))}
        rowKey={(v) => v.key}
        totals={rows
          .filter(([, value, strong]) => strong || value !== null)
          .map(([key, value, strong]) => ({
            label: t(`receivedInvoices.totals.${key}`),
            value: money(value),
            strong,
            testId: `received-total-${key}`,
          }))}
      />
    </Section>
  );
};

/** Each invoice line beside the order's line of the same reference: ordered, received, invoiced. */
const OrderMatch = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canReadOrders = useHasPermission('purchaseOrders.read');
  const over = (m: TReceivedInvoiceOrderMatch) =>
    m.invoiced !== null && (m.received === null || Number(m.invoiced) > m.received);
  const columns: DetailColumn<TReceivedInvoiceOrderMatch & { key: number }>[] = [
    { key: 'reference', header: t('fields.reference'), cell: (m) => m.reference ?? '—', sx: { whiteSpace: 'nowrap' } },
    { key: 'designation', header: t('fields.designation'), cell: (m) => m.designation ?? '—', primary: true },
    {
      key: 'ordered',
      header: t('receivedInvoices.ordered'),
      align: 'right',
      cell: (m) => formatQuantity(m.ordered, language),
    },
    {
      key: 'received',
      header: t('receivedInvoices.receivedQuantity'),
      align: 'right',
      cell: (m) => formatQuantity(m.received, language),
    },
    {
      key: 'invoiced',
      header: t('receivedInvoices.invoiced'),
      align: 'right',
      cell: (m) => (
        <Box component="span" sx={{ color: over(m) ? 'error.main' : undefined, fontWeight: over(m) ? 600 : undefined }}>
          {formatQuantity(m.invoiced, language)}
        </Box>
      ),
    },
  ];
  return (
    <Section
      title={t('receivedInvoices.orderMatch')}
      testId="received-invoice-order-match"
      action={
        invoice.purchaseOrderId &&
        (canReadOrders ? (
          <Link component={RouterLink} to={`/admin/bdc/${invoice.purchaseOrderId}`} data-testid="purchase-order-link">
            {invoice.purchaseOrderNumber}
          </Link>
        ) : (
          <Typography>{invoice.purchaseOrderNumber}</Typography>
        ))
      }
    >
      {invoice.purchaseOrderId ? (
        <DetailTable
          label={t('receivedInvoices.orderMatch')}
          columns={columns}
          rows={invoice.orderMatch.map((m, key) => ({ ...m, key }))}
          rowKey={(m) => m.key}
        />
      ) : (
        <Typography color="text.secondary">
          {invoice.buyerOrderReference
            ? t('receivedInvoices.noOrderFor', { reference: invoice.buyerOrderReference })
            : t('receivedInvoices.noOrder')}
        </Typography>
      )}
    </Section>
  );
};

/** Downloads the file as it was received, byte for byte. */
const DownloadOriginal = ({ invoice }: { invoice: TReceivedInvoice }) => {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const file = await apiCall<DownloadedFile>({
        url: `/received-invoices/${invoice.id}/file`,
        responseType: 'blob',
      });
      saveFile(file, invoice.fileName);
    } catch (error) {
      toast.error(problemMessage(error, t));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void download()}>
      {t('receivedInvoices.download')}
    </Button>
  );
};

/** `/admin/receivedInvoices/:id`: a received invoice as its XML says it, its checks and what it was matched to. */
export const ReceivedInvoiceDetailPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: invoice, isLoading, error } = useReceivedInvoiceQuery(id, { skip: !valid });
  // The upload that opened this page (received, or recognised as received before) says so here.
  const arrival = useLocation().state as ReceivedArrival;
  const [upload, setUpload] = useState<UploadOutcome | null>(() =>
    arrival?.upload ? { ...arrival.upload, id: 1 } : null,
  );
  if (!valid) return <LoadError error={null} missing to={LIST} label={t('receivedInvoices.title')} />;
  if (isLoading) return <Loading />;
  if (error || !invoice) return <LoadError error={error} to={LIST} label={t('receivedInvoices.title')} />;
  const kind = invoice.typeCode === '381' ? 'creditNote' : 'invoice';
  return (
    <Box>
      <BackLink to={LIST} label={t('receivedInvoices.title')} />
      <PageHeader
        title={t(`receivedInvoices.titleOf.${kind}`, { number: invoice.number ?? '—' })}
        subtitle={invoice.sellerName ?? undefined}
        actions={<DownloadOriginal invoice={invoice} />}
      />
      <Stack spacing={2}>
        {upload && <UploadMessage outcome={upload} onClose={() => setUpload(null)} />}
        <Section title={t('receivedInvoices.header')} testId="received-invoice-header">
          <Grid container spacing={2}>
            <Info
              label={t('receivedInvoices.validity')}
              value={<ValidityChip valid={invoice.valid} errors={invoice.errorCount} />}
            />
            <Info
              label={t('einvoiceReception.frRules')}
              value={<FrRulesChip compliant={invoice.frCompliant} errors={invoice.frErrorCount ?? 0} />}
            />
            <Info label={t('receivedInvoices.issueDate')} value={formatDate(invoice.issueDate, language)} />
            <Info label={t('receivedInvoices.dueDate')} value={formatDate(invoice.dueDate, language)} />
            <Info label={t('receivedInvoices.currency')} value={invoice.currency} />
            <Info label={t('receivedInvoices.typeCode')} value={invoice.typeCode} />
            <Info label={t('receivedInvoices.buyerOrderReference')} value={invoice.buyerOrderReference} />
            <Info
              label={t('receivedInvoices.duePayable')}
              value={formatAmount(invoice.duePayable, invoice.currency, language)}
              testId="received-due-payable"
            />
            <Info
              label={t('receivedInvoices.file')}
              value={`${invoice.fileName} — ${formatDateTime(invoice.receivedAt, language)}${
                invoice.receivedByName ? ` — ${invoice.receivedByName}` : ''
              }`}
            />
          </Grid>
        </Section>
        {invoice.buyerConfirmed && (
          <Alert severity="warning" data-testid="buyer-confirmed">
            {t('einvoiceReception.buyerConfirmed', { buyer: invoice.buyer.name ?? '—' })}
          </Alert>
        )}
        <EinvoiceLifecycleSection kind="received_invoice" id={invoice.id} />
        <FailedRules invoice={invoice} />
        <FrenchRules invoice={invoice} />
        <SupplierLink invoice={invoice} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Party title={t('receivedInvoices.seller')} party={invoice.seller} testId="received-invoice-seller" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Party title={t('receivedInvoices.buyer')} party={invoice.buyer} testId="received-invoice-buyer" />
          </Grid>
        </Grid>
        <Lines invoice={invoice} />
        <Totals invoice={invoice} />
        <OrderMatch invoice={invoice} />
      </Stack>
    </Box>
  );
};

import { useMemo, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import ConvertIcon from '@mui/icons-material/RequestQuoteOutlined';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PROFORMA_TRANSITIONS, type TProforma, type TProformaInput, type TProformaStatus } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  customerField,
  discountField,
  DocumentHeader,
  type HeaderField,
} from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { previewDiscount } from '../../components/documents/DiscountEditor';
import { HistorySection } from '../../components/documents/HistorySection';
import { LinesEditor } from '../../components/documents/LinesEditor';
import { previewTotals } from '../../components/documents/lines';
import { useLineColumns } from '../../components/documents/priced-columns';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { DocumentSubtitle, useDocumentEditor } from '../../components/documents/use-document-editor';
import { problemMessage } from '../../components/notify';
import { Section } from '../../components/Section';
import { articleLinePicker, pricedArticlePatch } from '../articles/ArticlePicker';
import { useCustomerVatExemption } from '../customers/api';
import { emptySalesLine, validateSalesLine, type SalesLine } from '../invoices/sales-draft';
import { DeliveriesSection } from '../deliveries/DeliveriesSection';
import { useAvailabilityConfirm } from '../reservations/AvailabilityConfirm';
import { todayIso } from '../rfid/attribution-shared';
import { proformasApi, useConvertProformaMutation } from './api';
import { newProformaDraft, proformaDraftOf, proformaKit, type ProformaDraft, type ProformaHeader } from './draft';
import { PROFORMA_HISTORY, ProformaStatusChip } from './status';

const LIST = '/admin/proformas';

/** `/admin/proformas/:id` (`/admin/proformas/new`): an open proforma edited, converted into an invoice once. */
export const ProformaDetailPage = () => {
  const { t } = useTranslation();
  return (
    <DocumentLoader<TProforma>
      useDocument={proformasApi.useGet}
      back={{ to: LIST, label: t('proformas.title') }}
      statuses="proformas.statuses"
      render={(proforma, focusHeading) => <ProformaEditor proforma={proforma} focusHeading={focusHeading} />}
    />
  );
};

/** The invoice a proforma became: a link to it. */
const InvoiceLink = ({ proforma }: { proforma: TProforma }) => {
  const { t } = useTranslation();
  if (proforma.invoiceId === null) return null;
  return (
    <Link component={RouterLink} to={`/admin/invoices/${proforma.invoiceId}`} data-testid="proforma-invoice">
      {proforma.invoiceNumber ?? t('invoices.titleDraft')}
    </Link>
  );
};

/** The header: customer, dates, discount, notes; read only, the invoice it became and who created it. */
const HEADER: HeaderField<ProformaHeader, TProforma>[] = [
  customerField(),
  {
    name: 'proformaDate',
    label: 'proformas.proformaDate',
    kind: 'date',
    required: true,
    size: { xs: 12, sm: 6, md: 3 },
  },
  { name: 'validUntil', label: 'proformas.validUntil', kind: 'date', size: { xs: 12, sm: 6, md: 3 } },
  discountField(),
  { name: 'notes', label: 'invoices.notes', kind: 'notes' },
  {
    name: 'invoice',
    label: 'proformas.invoice',
    kind: 'fact',
    show: (proforma) => (proforma.invoiceId === null ? null : <InvoiceLink proforma={proforma} />),
  },
  { name: 'createdBy', label: 'invoices.createdBy', kind: 'fact', show: (proforma) => proforma.createdByName ?? '—' },
];

const ProformaEditor = ({
  proforma,
  focusHeading,
}: {
  proforma: TProforma | null;
  focusHeading: RefObject<boolean>;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const columns = useLineColumns();
  const language = columns.language;
  const editor = useDocumentEditor<TProformaStatus, TProforma, TProformaInput, ProformaDraft>({
    api: proformasApi,
    doc: proforma,
    permission: 'invoices',
    texts: 'proformas',
    list: LIST,
    editableIn: ['open'],
    initial: () =>
      proforma
        ? proformaDraftOf(proforma, language)
        : newProformaDraft(todayIso(), searchParams.get('customerId') ?? ''),
    check: proformaKit.validateDraft,
    serverErrors: proformaKit.serverErrors,
    focusHeading,
  });
  const { draft, dirty, errors, editable, canWrite } = editor;
  const [converting, setConverting] = useState(false);
  const [convertMutation, { isLoading: convertBusy }] = useConvertProformaMutation();
  // Beyond what is available, the conversion asks first, as an invoice's creation does (SPEC §5).
  const { create: convert, dialog: availabilityDialog } = useAvailabilityConfirm(convertMutation);
  // Sales lines: French rates, and at 0 % an exemption (the customer's by default, else the article's).
  const customerExemption = useCustomerVatExemption(editable ? draft.header.customerId : '');
  const discount = useMemo(() => previewDiscount(draft.header.discount), [draft.header.discount]);
  const preview = useMemo(() => previewTotals(draft.lines, discount), [draft.lines, discount]);

  const convertNow = async () => {
    if (!proforma) return;
    setConverting(false); // the availability question, if any, comes in its own dialog
    try {
      const { invoiceId } = await convert({ id: proforma.id }).unwrap();
      toast.success(t('proformas.convert.done'));
      void navigate(`/admin/invoices/${invoiceId}`, { state: { focusHeading: true } });
    } catch (error) {
      toast.error(problemMessage(error, t));
    }
  };

  const canConvert = canWrite && proforma?.status === 'open' && proforma.lineCount > 0;
  return (
    <DocumentShell
      {...editor.shell}
      subtitle={
        proforma && (
          <DocumentSubtitle name={proforma.customerName} chip={<ProformaStatusChip status={proforma.status} />} />
        )
      }
      status={editor.status(PROFORMA_TRANSITIONS)}
      actions={
        canConvert && (
          <Button
            variant="contained"
            startIcon={<ConvertIcon />}
            disabled={dirty || convertBusy}
            title={dirty ? t('documents.saveFirst') : undefined}
            onClick={() => setConverting(true)}
          >
            {t('proformas.convert.action')}
          </Button>
        )
      }
      locked={proforma && !editable && canWrite ? t(`proformas.locked.${proforma.status}`) : null}
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('proformas.header')}>
            <DocumentHeader fields={HEADER} doc={proforma} edit={editor.headerEdit} />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<SalesLine>
              lines={draft.lines}
              edit={
                editable
                  ? {
                      onChange: (lines) => editor.change({ ...draft, lines }),
                      newLine: emptySalesLine,
                      validateLine: validateSalesLine,
                    }
                  : undefined
              }
              errors={errors}
              picker={articleLinePicker<SalesLine>(t('fields.article'), (choice) =>
                pricedArticlePatch(choice, language),
              )}
              columns={columns.priced<SalesLine>(preview.nets, ['quantity', 'unitPrice', 'discount', 'vatRate'], {
                customerExemption,
              })}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={proforma && !dirty ? proforma.totals : preview.totals} preview={!proforma || dirty} />
          </Section>
        </Grid>
        {proforma?.lines.some((line) => line.articleId !== null) && (
          <Grid size={12}>
            <DeliveriesSection source={{ proformaId: proforma.id }} />
          </Grid>
        )}
        {proforma && (
          <Grid size={12}>
            <HistorySection events={editor.history} vocabulary={PROFORMA_HISTORY} />
          </Grid>
        )}
      </Grid>
      <ConfirmDialog
        open={converting}
        title={t('proformas.convert.title', { number: proforma?.number ?? '' })}
        message={t('proformas.convert.confirm')}
        confirmLabel={t('proformas.convert.action')}
        danger={false}
        busy={convertBusy}
        onConfirm={() => void convertNow()}
        onClose={() => setConverting(false)}
      />
      {availabilityDialog}
    </DocumentShell>
  );
};

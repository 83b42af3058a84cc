import { useMemo, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import CreditIcon from '@mui/icons-material/ReceiptLongOutlined';
import CodeIcon from '@mui/icons-material/CodeOutlined';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVOICE_TRANSITIONS, type TInvoice } from '@tagstock/contract';
import { DocumentHeader } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { previewDiscount } from '../../components/documents/DiscountEditor';
import { HistorySection } from '../../components/documents/HistorySection';
import { LinesEditor, type LineColumn } from '../../components/documents/LinesEditor';
import { previewTotals } from '../../components/documents/lines';
import { useLineColumns } from '../../components/documents/priced-columns';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { useDocumentDraft } from '../../components/documents/use-document-draft';
import { useDocumentSave } from '../../components/documents/use-document-save';
import { formatNumber } from '../../components/format';
import { DownloadButton } from '../../components/PdfButton';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import { articleLinePicker, pricedArticlePatch } from '../articles/ArticlePicker';
import { useCustomerVatExemption } from '../customers/api';
import { todayIso } from '../rfid/attribution-shared';
import { invoicesApi } from './api';
import { CreditNoteDialog, leftToCredit } from './CreditNoteDialog';
import { useAvailabilityConfirm } from '../reservations/AvailabilityConfirm';
import { DeliveriesSection } from '../deliveries/DeliveriesSection';
import { EinvoiceLifecycleSection } from '../einvoicing/EinvoiceLifecycleSection';
import { invoiceDraftOf, invoiceKit, newInvoiceDraft, type InvoiceDraft, type InvoiceHeader } from './draft';
import { INVOICE_HEADER } from './header';
import { CreditNotesTable, SettlementTable } from './InvoiceSettlement';
import {
  IssueBlockedButton,
  issueRefusalOf,
  IssueRefusalAlert,
  MissingForIssueAlerts,
  missingForIssueOf,
  type IssueRefusal,
} from './IssueRefusal';
import { paymentLabelText } from './payment-label';
import { PaymentsSection } from './PaymentsSection';
import { emptySalesLine, validateSalesLine, type SalesLine } from './sales-draft';
import { INVOICE_HISTORY, InvoiceStatusChip, PaymentLabelChip, REFUSAL_KEYS } from './status';

const LIST = '/admin/invoices';

/** `/admin/invoices/:id` (`/admin/invoices/new` for a new draft): a draft edited, or an issued invoice settled. */
export const InvoiceDetailPage = () => {
  const { t } = useTranslation();
  return (
    <DocumentLoader<TInvoice>
      useDocument={invoicesApi.useGet}
      back={{ to: LIST, label: t('invoices.title') }}
      statuses="invoices.statuses"
      more={(invoice) => invoice.paymentLabel && paymentLabelText(t, invoice.paymentLabel)}
      render={(invoice, focusHeading) => <InvoiceEditor invoice={invoice} focusHeading={focusHeading} />}
    />
  );
};

const InvoiceEditor = ({ invoice, focusHeading }: { invoice: TInvoice | null; focusHeading: RefObject<boolean> }) => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const canWrite = useCanWrite('invoices');
  const columns = useLineColumns();
  const { draft, dirty, errors, setErrors, change, setHeader, fieldError } = useDocumentDraft<
    InvoiceHeader,
    InvoiceDraft
  >(() =>
    invoice
      ? invoiceDraftOf(invoice, columns.language)
      : newInvoiceDraft(todayIso(), searchParams.get('customerId') ?? ''),
  );
  const [refusal, setRefusal] = useState<IssueRefusal | null>(null);
  const [crediting, setCrediting] = useState(false);
  const [create, { isLoading: creating }] = invoicesApi.useCreate();
  // Lines beyond what is available: continue without reserving, or reserve what is available (SPEC §5).
  const availability = useAvailabilityConfirm(create);
  const [update, { isLoading: updating }] = invoicesApi.useUpdate();
  const [setStatus, { isLoading: issuing }] = invoicesApi.useSetStatus();
  const [remove, { isLoading: removing }] = invoicesApi.useRemove();
  const { data: history } = invoicesApi.useHistory(invoice?.id ?? 0, { skip: !invoice });
  const editable = canWrite && (invoice === null || invoice.status === 'draft');
  // A draft says before any click what the company or the customer lacks to issue it; Issue waits for it.
  const missing = missingForIssueOf(invoice);
  // Sales lines: French rates, and at 0 % an exemption (the customer's by default, else the article's).
  const customerExemption = useCustomerVatExemption(editable ? draft.header.customerId : '');
  const discount = useMemo(() => previewDiscount(draft.header.discount), [draft.header.discount]);
  const preview = useMemo(() => previewTotals(draft.lines, discount), [draft.lines, discount]);

  const save = useDocumentSave({
    doc: invoice,
    check: () => invoiceKit.validateDraft(draft),
    serverErrors: (error) => invoiceKit.serverErrors(error, draft),
    setErrors,
    update,
    create: availability.create,
    focusHeading,
    created: (doc) => ({ path: `${LIST}/${doc.id}`, message: t('invoices.created') }),
  });

  const numbered = invoice !== null && invoice.number !== null;
  const canCredit = canWrite && invoice?.status === 'issued' && invoice.lines.some((line) => leftToCredit(line) > 0);
  const credited = invoice?.lines.some((line) => line.creditedQuantity > 0) ?? false;
  const title = !invoice
    ? t('invoices.new')
    : invoice.number
      ? t('invoices.titleOf', { number: invoice.number })
      : t('invoices.titleDraft');
  const creditedColumn: LineColumn<SalesLine> = {
    field: 'creditedQuantity',
    label: t('invoices.creditedUnits'),
    show: (line) => formatNumber(line.creditedQuantity, columns.language),
    testId: 'line-credited',
  };
  return (
    <DocumentShell
      back={{ to: LIST, label: t('invoices.title') }}
      title={title}
      documentTitle={invoice?.number ?? title}
      subtitle={
        invoice && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            component="span"
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>{invoice.customerName}</span>
            <InvoiceStatusChip status={invoice.status} />
            {invoice.paymentLabel && <PaymentLabelChip label={invoice.paymentLabel} />}
          </Stack>
        )
      }
      focusHeading={focusHeading}
      dirty={dirty}
      save={editable ? { run: save, busy: creating || updating } : undefined}
      pdf={
        invoice
          ? { path: invoicesApi.pdfPath(invoice.id), number: invoice.number ?? `${t('invoices.draft')}-${invoice.id}` }
          : undefined
      }
      status={
        invoice
          ? {
              transitions: missing ? INVOICE_TRANSITIONS.filter((r) => r.to !== 'issued') : INVOICE_TRANSITIONS,
              doc: invoice,
              actor: 'tenant',
              allowed: canWrite,
              texts: 'invoices',
              refusals: REFUSAL_KEYS,
              change: async (status, note) => {
                try {
                  return await setStatus({ id: invoice.id, status, note }).unwrap();
                } catch (error) {
                  // What the company or the customer lacks is said above the invoice, with the way to fix it.
                  setRefusal(issueRefusalOf(error));
                  // A line refused (a 0 % line without its exemption) says so on the line.
                  const onLines = Object.entries(invoiceKit.serverErrors(error, draft));
                  setErrors(Object.fromEntries(onLines.filter(([field]) => field.startsWith('lines.'))));
                  throw error;
                }
              },
              busy: issuing,
            }
          : undefined
      }
      actions={
        <>
          {missing && canWrite && <IssueBlockedButton />}
          {numbered && (
            <DownloadButton
              path={`/invoices/${invoice.id}/facturx.xml`}
              fileName={`${invoice.number}-factur-x.xml`}
              label={t('documents.xml')}
              icon={<CodeIcon />}
            />
          )}
          {canCredit && (
            <Button variant="outlined" startIcon={<CreditIcon />} onClick={() => setCrediting(true)}>
              {t('invoices.credit.action')}
            </Button>
          )}
        </>
      }
      remove={invoice && editable ? { run: () => remove(invoice.id).unwrap(), busy: removing } : undefined}
      locked={invoice && !editable && canWrite ? t('invoices.locked') : null}
    >
      {missing && invoice ? (
        <MissingForIssueAlerts missing={missing} customer={invoice.customerName} />
      ) : (
        refusal && <IssueRefusalAlert refusal={refusal} />
      )}
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('invoices.header')}>
            <DocumentHeader
              fields={INVOICE_HEADER}
              doc={invoice}
              edit={editable ? { header: draft.header, setHeader, fieldError, errors } : undefined}
            />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<SalesLine>
              lines={draft.lines}
              edit={
                editable
                  ? {
                      onChange: (lines) => change({ ...draft, lines }),
                      newLine: emptySalesLine,
                      validateLine: validateSalesLine,
                    }
                  : undefined
              }
              errors={errors}
              picker={articleLinePicker<SalesLine>(t('fields.article'), (choice) =>
                pricedArticlePatch(choice, columns.language),
              )}
              columns={[
                ...columns.priced<SalesLine>(preview.nets, ['quantity', 'unitPrice', 'discount', 'vatRate'], {
                  customerExemption,
                }),
                ...(credited ? [creditedColumn] : []),
              ]}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={invoice && !dirty ? invoice.totals : preview.totals} preview={!invoice || dirty} />
          </Section>
        </Grid>
        {numbered && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title={t('invoices.settlement')} testId="invoice-settlement">
              <SettlementTable invoice={invoice} />
            </Section>
          </Grid>
        )}
        {numbered && (
          <Grid size={{ xs: 12, md: 6 }}>
            <PaymentsSection invoice={invoice} canWrite={canWrite} />
          </Grid>
        )}
        {numbered && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title={t('invoices.creditNotes')}>
              <CreditNotesTable invoice={invoice} />
            </Section>
          </Grid>
        )}
        {numbered && (
          <Grid size={12}>
            <EinvoiceLifecycleSection kind="invoice" id={invoice.id} />
          </Grid>
        )}
        {invoice?.lines.some((line) => line.articleId !== null) && (
          <Grid size={12}>
            <DeliveriesSection source={{ invoiceId: invoice.id }} />
          </Grid>
        )}
        {invoice && (
          <Grid size={12}>
            <HistorySection events={history} vocabulary={INVOICE_HISTORY} />
          </Grid>
        )}
      </Grid>
      {invoice && canCredit && (
        <CreditNoteDialog invoice={invoice} open={crediting} onClose={() => setCrediting(false)} />
      )}
      {availability.dialog}
    </DocumentShell>
  );
};

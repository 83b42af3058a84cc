import { useMemo, useState, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ConvertIcon from '@mui/icons-material/RequestQuoteOutlined';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PROFORMA_TRANSITIONS, type TProforma } from '@tagstock/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField } from '../../components/DateField';
import { DocumentHistory } from '../../components/DocumentHistory';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { DiscountEditor, previewDiscount } from '../../components/documents/DiscountEditor';
import { LinesEditor } from '../../components/documents/LinesEditor';
import { previewTotals } from '../../components/documents/lines';
import { useLineColumns } from '../../components/documents/priced-columns';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { useDocumentDraft } from '../../components/documents/use-document-draft';
import { useDocumentSave } from '../../components/documents/use-document-save';
import { Fact, Facts } from '../../components/Facts';
import { formatDate } from '../../components/format';
import { problemMessage } from '../../components/notify';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import { articleLinePicker, pricedArticlePatch } from '../articles/ArticlePicker';
import { customerRef, useCustomerVatExemption } from '../customers/api';
import { discountText } from '../invoices/InvoiceFacts';
import { emptySalesLine, validateSalesLine, type SalesLine } from '../invoices/sales-draft';
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
  const canWrite = useCanWrite('invoices');
  const columns = useLineColumns();
  const language = columns.language;
  const { draft, dirty, errors, setErrors, change, setHeader, fieldError } = useDocumentDraft<
    ProformaHeader,
    ProformaDraft
  >(() =>
    proforma ? proformaDraftOf(proforma, language) : newProformaDraft(todayIso(), searchParams.get('customerId') ?? ''),
  );
  const [converting, setConverting] = useState(false);
  const [create, { isLoading: creating }] = proformasApi.useCreate();
  const [update, { isLoading: updating }] = proformasApi.useUpdate();
  const [setStatus, { isLoading: changingStatus }] = proformasApi.useSetStatus();
  const [convert, { isLoading: convertBusy }] = useConvertProformaMutation();
  const [remove, { isLoading: removing }] = proformasApi.useRemove();
  const { data: history } = proformasApi.useHistory(proforma?.id ?? 0, { skip: !proforma });
  const editable = canWrite && (proforma === null || proforma.status === 'open');
  // Sales lines: French rates, and at 0 % an exemption (the customer's by default, else the article's).
  const customerExemption = useCustomerVatExemption(editable ? draft.header.customerId : '');
  const discount = useMemo(() => previewDiscount(draft.header.discount), [draft.header.discount]);
  const preview = useMemo(() => previewTotals(draft.lines, discount), [draft.lines, discount]);

  const save = useDocumentSave({
    doc: proforma,
    check: () => proformaKit.validateDraft(draft),
    serverErrors: (error) => proformaKit.serverErrors(error, draft),
    setErrors,
    update,
    create,
    focusHeading,
    created: (doc) => ({ path: `${LIST}/${doc.id}`, message: t('proformas.created', { number: doc.number }) }),
  });

  const convertNow = async () => {
    if (!proforma) return;
    try {
      const { invoiceId } = await convert(proforma.id).unwrap();
      toast.success(t('proformas.convert.done'));
      void navigate(`/admin/invoices/${invoiceId}`, { state: { focusHeading: true } });
    } catch (error) {
      toast.error(problemMessage(error, t));
      setConverting(false);
    }
  };

  const canConvert = canWrite && proforma?.status === 'open' && proforma.lineCount > 0;
  return (
    <DocumentShell
      back={{ to: LIST, label: t('proformas.title') }}
      title={proforma ? t('proformas.titleOf', { number: proforma.number }) : t('proformas.new')}
      documentTitle={proforma?.number ?? t('proformas.new')}
      subtitle={
        proforma && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            component="span"
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>{proforma.customerName}</span>
            <ProformaStatusChip status={proforma.status} />
          </Stack>
        )
      }
      focusHeading={focusHeading}
      dirty={dirty}
      save={editable ? { run: save, busy: creating || updating } : undefined}
      pdf={proforma ? { path: proformasApi.pdfPath(proforma.id), number: proforma.number } : undefined}
      status={
        proforma
          ? {
              transitions: PROFORMA_TRANSITIONS,
              doc: proforma,
              actor: 'tenant',
              allowed: canWrite,
              texts: 'proformas',
              change: (status, note) => setStatus({ id: proforma.id, status, note }).unwrap(),
              busy: changingStatus,
            }
          : undefined
      }
      actions={
        canConvert && (
          <Button
            variant="contained"
            startIcon={<ConvertIcon />}
            disabled={dirty}
            title={dirty ? t('documents.saveFirst') : undefined}
            onClick={() => setConverting(true)}
          >
            {t('proformas.convert.action')}
          </Button>
        )
      }
      remove={proforma && editable ? { run: () => remove(proforma.id).unwrap(), busy: removing } : undefined}
      locked={proforma && !editable && canWrite ? t(`proformas.locked.${proforma.status}`) : null}
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('proformas.header')}>
            {editable ? (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <ReferenceSelect
                    source={customerRef}
                    label={t('fields.customer')}
                    required
                    value={draft.header.customerId}
                    {...fieldError('customerId')}
                    onChange={(customerId) => setHeader({ customerId })}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <DateField
                    fullWidth
                    required
                    label={t('proformas.proformaDate')}
                    value={draft.header.proformaDate}
                    {...fieldError('proformaDate')}
                    onChange={(proformaDate) => setHeader({ proformaDate })}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <DateField
                    fullWidth
                    label={t('proformas.validUntil')}
                    value={draft.header.validUntil}
                    {...fieldError('validUntil')}
                    onChange={(validUntil) => setHeader({ validUntil })}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <DiscountEditor
                    value={draft.header.discount}
                    error={errors.discount}
                    onChange={(discount) => setHeader({ discount })}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <TextField
                    fullWidth
                    multiline
                    minRows={1}
                    label={t('invoices.notes')}
                    value={draft.header.notes}
                    {...fieldError('notes')}
                    onChange={(e) => setHeader({ notes: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: 2000 } }}
                  />
                </Grid>
              </Grid>
            ) : (
              proforma && (
                <>
                  <Facts>
                    <Fact label={t('fields.customer')} value={proforma.customerName} />
                    <Fact label={t('proformas.proformaDate')} value={formatDate(proforma.proformaDate, language)} />
                    <Fact label={t('proformas.validUntil')} value={formatDate(proforma.validUntil, language)} />
                    <Fact label={t('documents.discount.title')} value={discountText(proforma.discount, language)} />
                    {proforma.invoiceId !== null && (
                      <Fact label={t('proformas.invoice')} value={<InvoiceLink proforma={proforma} />} />
                    )}
                    <Fact label={t('invoices.createdBy')} value={proforma.createdByName ?? '—'} />
                  </Facts>
                  {proforma.notes && (
                    <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
                      {proforma.notes}
                    </Typography>
                  )}
                </>
              )
            )}
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
        {proforma && (
          <Grid size={12}>
            <Section title={t('proformas.history')}>
              <DocumentHistory events={history} vocabulary={PROFORMA_HISTORY} />
            </Section>
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
    </DocumentShell>
  );
};

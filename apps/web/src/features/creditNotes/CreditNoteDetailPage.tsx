import { useMemo, type RefObject } from 'react';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/CodeOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CREDIT_NOTE_TRANSITIONS, type TCreditNote } from '@tagstock/contract';
import { DocumentHeader, type HeaderField } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { HistorySection } from '../../components/documents/HistorySection';
import { DocumentSubtitle } from '../../components/documents/use-document-editor';
import { LinesEditor } from '../../components/documents/LinesEditor';
import { useLineColumns } from '../../components/documents/priced-columns';
import { TotalsTable } from '../../components/documents/TotalsTable';
import { formatDate, formatMoney } from '../../components/format';
import { DownloadButton } from '../../components/PdfButton';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import { articleLinePicker } from '../articles/ArticlePicker';
import { EinvoiceLifecycleSection } from '../einvoicing/EinvoiceLifecycleSection';
import { salesLinesOf, type SalesLine } from '../invoices/sales-draft';
import { creditNotesApi } from './api';
import { CREDIT_NOTE_HISTORY, CreditNoteStatusChip } from './status';

const LIST = '/admin/creditNotes';

/** `/admin/creditNotes/:id`: a credit note read (it is made from its invoice), issued or deleted while a draft. */
export const CreditNoteDetailPage = () => {
  const { t } = useTranslation();
  return (
    <DocumentLoader<TCreditNote>
      useDocument={creditNotesApi.useGet}
      back={{ to: LIST, label: t('creditNotes.title') }}
      statuses="creditNotes.statuses"
      render={(note, focusHeading) => note && <CreditNoteView note={note} focusHeading={focusHeading} />}
    />
  );
};

/** Its header, read only: made from an invoice, never edited here. */
const HEADER: HeaderField<object, TCreditNote>[] = [
  {
    name: 'invoice',
    label: 'creditNotes.invoice',
    kind: 'fact',
    show: (note) => (
      <Link component={RouterLink} to={`/admin/invoices/${note.invoiceId}`} data-testid="credit-note-invoice">
        {note.invoiceNumber}
      </Link>
    ),
  },
  {
    name: 'invoiceDate',
    label: 'invoices.invoiceDate',
    kind: 'fact',
    show: (n, lng) => formatDate(n.invoiceDate, lng),
  },
  { name: 'customer', label: 'fields.customer', kind: 'fact', show: (note) => note.customerName },
  {
    name: 'creditDate',
    label: 'creditNotes.creditDate',
    kind: 'fact',
    show: (n, lng) => formatDate(n.creditDate, lng),
  },
  { name: 'createdBy', label: 'invoices.createdBy', kind: 'fact', show: (note) => note.createdByName ?? '—' },
  {
    name: 'releasedToAccount',
    label: 'creditNotes.releasedToAccount',
    kind: 'fact',
    show: (note, language) =>
      /[1-9]/.test(note.releasedToAccount) ? formatMoney(note.releasedToAccount, language) : null,
    testId: 'released-to-account',
  },
];

const CreditNoteView = ({ note, focusHeading }: { note: TCreditNote; focusHeading: RefObject<boolean> }) => {
  const { t } = useTranslation();
  const canWrite = useCanWrite('invoices');
  const columns = useLineColumns();
  const language = columns.language;
  const [setStatus, { isLoading: issuing }] = creditNotesApi.useSetStatus();
  const [remove, { isLoading: removing }] = creditNotesApi.useRemove();
  const { data: history } = creditNotesApi.useHistory(note.id);
  // The amounts are the server's: the note that completes an invoice takes exactly what is left of each line.
  const { lines, nets } = useMemo(() => {
    const drafts = salesLinesOf(note.lines, language);
    return { lines: drafts, nets: new Map(drafts.map((line, i) => [line.key, note.lines[i]!.netAmount])) };
  }, [note, language]);
  const draft = note.status === 'draft';
  const title = note.number ? t('creditNotes.titleOf', { number: note.number }) : t('creditNotes.titleDraft');
  return (
    <DocumentShell
      back={{ to: LIST, label: t('creditNotes.title') }}
      title={title}
      documentTitle={note.number ?? title}
      subtitle={<DocumentSubtitle name={note.customerName} chip={<CreditNoteStatusChip status={note.status} />} />}
      focusHeading={focusHeading}
      pdf={{ path: creditNotesApi.pdfPath(note.id), number: note.number ?? `${t('creditNotes.draft')}-${note.id}` }}
      status={{
        transitions: CREDIT_NOTE_TRANSITIONS,
        doc: note,
        actor: 'tenant',
        allowed: canWrite,
        texts: 'creditNotes',
        change: (status, statusNote) => setStatus({ id: note.id, status, note: statusNote }).unwrap(),
        busy: issuing,
      }}
      actions={
        note.number && (
          <DownloadButton
            path={`/credit-notes/${note.id}/facturx.xml`}
            fileName={`${note.number}-factur-x.xml`}
            label={t('documents.xml')}
            icon={<CodeIcon />}
          />
        )
      }
      remove={canWrite && draft ? { run: () => remove(note.id).unwrap(), busy: removing } : undefined}
      locked={canWrite && !draft ? t('creditNotes.locked') : null}
    >
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('creditNotes.header')}>
            <DocumentHeader fields={HEADER} doc={note} />
            {note.reason && (
              <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }} data-testid="credit-note-reason">
                {`${t('creditNotes.reason')}${t('logs.labelSeparator')}${note.reason}`}
              </Typography>
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<SalesLine>
              lines={lines}
              picker={articleLinePicker<SalesLine>(t('fields.article'), () => ({}))}
              columns={columns.priced<SalesLine>(nets, [], { customerExemption: null })}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={t('documents.totals.title')}>
            <TotalsTable totals={note.totals} />
            {draft && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('creditNotes.draftTotals')}
              </Typography>
            )}
          </Section>
        </Grid>
        {note.number && (
          <Grid size={12}>
            <EinvoiceLifecycleSection kind="credit_note" id={note.id} />
          </Grid>
        )}
        <Grid size={12}>
          <HistorySection events={history} vocabulary={CREDIT_NOTE_HISTORY} />
        </Grid>
      </Grid>
    </DocumentShell>
  );
};

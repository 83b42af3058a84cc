import type { RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OUTPUT_TRANSITIONS, type TOutput, type TOutputInput, type TOutputStatus } from '@tagstock/contract';
import { DocumentHeader, type HeaderField } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { HistorySection } from '../../components/documents/HistorySection';
import { UnpricedLines } from '../../components/documents/UnpricedLines';
import { DocumentSubtitle, useDocumentEditor } from '../../components/documents/use-document-editor';
import { formatDateTime } from '../../components/format';
import { Section } from '../../components/Section';
import { customerRef } from '../customers/api';
import { REASONS_FOR } from '../reasons/api';
import { consumerRef } from '../rfid/api';
import { todayIso } from '../rfid/attribution-shared';
import { outputsApi } from './api';
import {
  draftOf,
  newDraft,
  RECIPIENT_KINDS,
  serverErrors,
  validateDraft,
  validationErrors,
  type HeaderDraft,
  type OutputDraft,
  type RecipientKind,
} from './draft';
import { OUTPUT_HISTORY, OutputStatusChip, REFUSAL_KEYS } from './status';

const LIST = '/admin/outputs';

/** `/admin/outputs/:id` (`/admin/outputs/new` for a new one): header, lines and their EPCs, status, PDF, history. */
export const OutputDetailPage = () => {
  const { t } = useTranslation();
  return (
    <DocumentLoader<TOutput>
      useDocument={outputsApi.useGet}
      back={{ to: LIST, label: t('outputs.title') }}
      statuses="outputs.statuses"
      render={(output, focusHeading) => <OutputEditor output={output} focusHeading={focusHeading} />}
    />
  );
};

/** The header: reason, date, who receives the items, notes; read only, who created and validated it. */
const HEADER: HeaderField<HeaderDraft, TOutput>[] = [
  {
    name: 'reasonId',
    label: 'fields.reason',
    kind: 'reference',
    source: REASONS_FOR.decrement,
    required: true,
    show: (output) => output.reasonLabel,
  },
  { name: 'outputDate', label: 'outputs.outputDate', kind: 'date', required: true },
  {
    name: 'recipient',
    label: 'outputs.recipientKind',
    kind: 'select',
    options: RECIPIENT_KINDS,
    optionLabels: 'outputs.recipientKinds',
    set: (recipient) => ({ recipient: recipient as RecipientKind, recipientId: '' }),
    size: { xs: 12, sm: 4, md: 3 },
    show: false,
  },
  {
    name: 'recipientId',
    label: (header) => (header.recipient === 'customer' ? 'fields.customer' : 'fields.consumer'),
    factLabel: 'outputs.recipient',
    kind: 'reference',
    source: (header) => (header.recipient === 'customer' ? customerRef : consumerRef),
    required: true,
    hidden: (header) => header.recipient === 'none',
    size: { xs: 12, sm: 8, md: 9 },
    show: (output) => output.consumerName ?? output.customerName ?? '—',
    testId: 'output-recipient',
  },
  { name: 'notes', label: 'outputs.notes', kind: 'notes', size: 12 },
  { name: 'createdBy', label: 'outputs.createdBy', kind: 'fact', show: (output) => output.createdByName ?? '—' },
  {
    name: 'validatedAt',
    label: 'outputs.validatedAt',
    kind: 'fact',
    show: (output, language) => (output.validatedAt ? formatDateTime(output.validatedAt, language) : null),
  },
];

/** Until when the listed tags may leave through a gate, or since when they may no longer. */
const ExitWindow = ({ until }: { until: string }) => {
  const { t, i18n } = useTranslation();
  const when = formatDateTime(until, i18n.resolvedLanguage ?? 'en');
  const open = new Date(until).getTime() > Date.now();
  return (
    <Alert severity={open ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="exit-authorized">
      {t(open ? 'outputs.exitAuthorizedUntil' : 'outputs.exitAuthorizationEnded', { when })}
    </Alert>
  );
};

const OutputEditor = ({ output, focusHeading }: { output: TOutput | null; focusHeading: RefObject<boolean> }) => {
  const { t } = useTranslation();
  const editor = useDocumentEditor<TOutputStatus, TOutput, TOutputInput, OutputDraft>({
    api: outputsApi,
    doc: output,
    permission: 'outputs',
    texts: 'outputs',
    list: LIST,
    editableIn: ['draft'],
    initial: () => (output ? draftOf(output) : newDraft(todayIso())),
    check: validateDraft,
    serverErrors,
    focusHeading,
  });
  const { editable, canWrite } = editor;
  return (
    <DocumentShell
      {...editor.shell}
      subtitle={
        output && <DocumentSubtitle name={output.reasonLabel} chip={<OutputStatusChip status={output.status} />} />
      }
      status={editor.status(OUTPUT_TRANSITIONS, {
        refusals: REFUSAL_KEYS,
        change: async (status, note) => {
          try {
            return await editor.changeStatus(status, note);
          } catch (error) {
            // The stock or the tags that keep it from leaving, on their lines; the shell says why.
            editor.setErrors(validationErrors(error, output!));
            throw error;
          }
        },
      })}
      locked={output && !editable && canWrite ? t('outputs.locked') : null}
    >
      {output?.exitAuthorizedUntil && <ExitWindow until={output.exitAuthorizedUntil} />}
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('outputs.header')}>
            <DocumentHeader fields={HEADER} doc={output} edit={editor.headerEdit} />
          </Section>
        </Grid>
        <Grid size={12}>
          <UnpricedLines editor={editor} epcs="outputs.epcs">
            {editable && (
              <Typography variant="caption" color="text.secondary" component="p">
                {t('outputs.epcsHelp')}
              </Typography>
            )}
          </UnpricedLines>
        </Grid>
        {output && (
          <Grid size={12}>
            <HistorySection events={editor.history} vocabulary={OUTPUT_HISTORY} />
          </Grid>
        )}
      </Grid>
    </DocumentShell>
  );
};

import type { RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useTranslation } from 'react-i18next';
import { DOCUMENT_LINES_MAX, OUTPUT_TRANSITIONS, type TOutput } from '@tagstock/contract';
import { DateField } from '../../components/DateField';
import { DocumentHistory } from '../../components/DocumentHistory';
import { Fact, Facts } from '../../components/Facts';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { useDocumentDraft } from '../../components/documents/use-document-draft';
import { useDocumentSave } from '../../components/documents/use-document-save';
import { LinesEditor, type LineColumn } from '../../components/documents/LinesEditor';
import { formatDate, formatDateTime, formatNumber } from '../../components/format';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { Section } from '../../components/Section';
import { useCanWrite } from '../../components/use-permission';
import { articleLinePicker, type ArticleChoice } from '../articles/ArticlePicker';
import { customerRef } from '../customers/api';
import { REASONS_FOR } from '../reasons/api';
import { consumerRef } from '../rfid/api';
import { todayIso } from '../rfid/attribution-shared';
import { epcsOf } from '../rfid/epc-list';
import { outputsApi } from './api';
import {
  draftOf,
  emptyLine,
  newDraft,
  RECIPIENT_KINDS,
  serverErrors,
  validateDraft,
  validateLine,
  validationErrors,
  type HeaderDraft,
  type OutputDraft,
  type OutputLine,
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

/** The quantity, then the EPCs of the items that leave (one per row, at most one per item). */
const useColumns = (): LineColumn<OutputLine>[] => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return [
    {
      field: 'quantity',
      label: t('documents.lineFields.quantity'),
      show: (line) => formatNumber(Number(line.quantity), language),
      input: { value: (line) => line.quantity, set: (quantity) => ({ quantity }), mode: 'numeric' },
      width: 110,
    },
    {
      field: 'epcs',
      label: t('outputs.epcs'),
      show: (line) => epcsOf(line.epcs).join(', ') || '—',
      input: { value: (line) => line.epcs, set: (epcs) => ({ epcs }), mode: 'text', multiline: true },
      width: 320,
      testId: 'line-epcs',
    },
  ];
};

const pickedArticle = (choice: ArticleChoice) => ({ itemId: choice.id, itemLabel: choice.label });

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
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const canWrite = useCanWrite('outputs');
  const columns = useColumns();
  const { draft, dirty, errors, setErrors, change, setHeader, fieldError } = useDocumentDraft<HeaderDraft, OutputDraft>(
    () => (output ? draftOf(output) : newDraft(todayIso())),
  );
  const [create, { isLoading: creating }] = outputsApi.useCreate();
  const [update, { isLoading: updating }] = outputsApi.useUpdate();
  const [setStatus, { isLoading: changingStatus }] = outputsApi.useSetStatus();
  const [remove, { isLoading: removing }] = outputsApi.useRemove();
  const { data: history } = outputsApi.useHistory(output?.id ?? 0, { skip: !output });
  const editable = canWrite && (output === null || output.status === 'draft');

  const save = useDocumentSave({
    doc: output,
    check: () => validateDraft(draft),
    serverErrors: (error) => serverErrors(error, draft),
    setErrors,
    update,
    create,
    focusHeading,
    created: (doc) => ({ path: `${LIST}/${doc.id}`, message: t('outputs.created') }),
  });

  const title = !output
    ? t('outputs.new')
    : output.number
      ? t('outputs.titleOf', { number: output.number })
      : t('outputs.titleDraft');
  const recipientSource = draft.header.recipient === 'customer' ? customerRef : consumerRef;
  return (
    <DocumentShell
      back={{ to: LIST, label: t('outputs.title') }}
      title={title}
      documentTitle={output?.number ?? title}
      subtitle={
        output && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            component="span"
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <span>{output.reasonLabel}</span>
            <OutputStatusChip status={output.status} />
          </Stack>
        )
      }
      focusHeading={focusHeading}
      dirty={dirty}
      save={editable ? { run: save, busy: creating || updating } : undefined}
      pdf={
        output
          ? { path: outputsApi.pdfPath(output.id), number: output.number ?? `${t('outputs.draft')}-${output.id}` }
          : undefined
      }
      status={
        output
          ? {
              transitions: OUTPUT_TRANSITIONS,
              doc: output,
              actor: 'tenant',
              allowed: canWrite,
              texts: 'outputs',
              refusals: REFUSAL_KEYS,
              change: async (status, note) => {
                try {
                  return await setStatus({ id: output.id, status, note }).unwrap();
                } catch (error) {
                  // The stock or the tags that keep it from leaving, on their lines; the shell says why.
                  setErrors(validationErrors(error, output));
                  throw error;
                }
              },
              busy: changingStatus,
            }
          : undefined
      }
      remove={output && editable ? { run: () => remove(output.id).unwrap(), busy: removing } : undefined}
      locked={output && !editable && canWrite ? t('outputs.locked') : null}
    >
      {output?.exitAuthorizedUntil && <ExitWindow until={output.exitAuthorizedUntil} />}
      <Grid container spacing={3}>
        <Grid size={12}>
          <Section title={t('outputs.header')}>
            {editable ? (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <ReferenceSelect
                    source={REASONS_FOR.decrement}
                    label={t('fields.reason')}
                    required
                    value={draft.header.reasonId}
                    {...fieldError('reasonId')}
                    onChange={(reasonId) => setHeader({ reasonId })}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <DateField
                    fullWidth
                    required
                    label={t('outputs.outputDate')}
                    value={draft.header.outputDate}
                    {...fieldError('outputDate')}
                    onChange={(outputDate) => setHeader({ outputDate })}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4, md: 3 }}>
                  <TextField
                    select
                    fullWidth
                    label={t('outputs.recipientKind')}
                    value={draft.header.recipient}
                    onChange={(e) => setHeader({ recipient: e.target.value as RecipientKind, recipientId: '' })}
                  >
                    {RECIPIENT_KINDS.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {t(`outputs.recipientKinds.${kind}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
                {draft.header.recipient !== 'none' && (
                  <Grid size={{ xs: 12, sm: 8, md: 9 }}>
                    <ReferenceSelect
                      // A new select for each kind: the search of one is not the other's.
                      key={draft.header.recipient}
                      source={recipientSource}
                      label={t(draft.header.recipient === 'customer' ? 'fields.customer' : 'fields.consumer')}
                      required
                      value={draft.header.recipientId}
                      {...fieldError('recipientId')}
                      onChange={(recipientId) => setHeader({ recipientId })}
                    />
                  </Grid>
                )}
                <Grid size={12}>
                  <TextField
                    fullWidth
                    multiline
                    minRows={1}
                    label={t('outputs.notes')}
                    value={draft.header.notes}
                    {...fieldError('notes')}
                    onChange={(e) => setHeader({ notes: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: 2000 } }}
                  />
                </Grid>
              </Grid>
            ) : (
              output && (
                <>
                  <Facts>
                    <Fact label={t('fields.reason')} value={output.reasonLabel} />
                    <Fact label={t('outputs.outputDate')} value={formatDate(output.outputDate, language)} />
                    <Fact
                      label={t('outputs.recipient')}
                      value={output.consumerName ?? output.customerName ?? '—'}
                      testId="output-recipient"
                    />
                    <Fact label={t('outputs.createdBy')} value={output.createdByName ?? '—'} />
                    {output.validatedAt && (
                      <Fact label={t('outputs.validatedAt')} value={formatDateTime(output.validatedAt, language)} />
                    )}
                  </Facts>
                  {output.notes && (
                    <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>
                      {output.notes}
                    </Typography>
                  )}
                </>
              )
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title={t('documents.lines')}>
            <LinesEditor<OutputLine>
              lines={draft.lines}
              edit={
                editable
                  ? { onChange: (lines) => change({ ...draft, lines }), newLine: emptyLine, validateLine }
                  : undefined
              }
              errors={errors}
              max={DOCUMENT_LINES_MAX}
              picker={articleLinePicker<OutputLine>(t('fields.article'), pickedArticle)}
              columns={columns}
            />
            {editable && (
              <Typography variant="caption" color="text.secondary" component="p">
                {t('outputs.epcsHelp')}
              </Typography>
            )}
          </Section>
        </Grid>
        {output && (
          <Grid size={12}>
            <Section title={t('outputs.history')}>
              <DocumentHistory events={history} vocabulary={OUTPUT_HISTORY} />
            </Section>
          </Grid>
        )}
      </Grid>
    </DocumentShell>
  );
};

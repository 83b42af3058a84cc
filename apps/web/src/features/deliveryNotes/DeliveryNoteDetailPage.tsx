import type { RefObject } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as C from '@tagstock/contract';
import { LoadError } from '../../components/BackLink';
import { DocumentHistory } from '../../components/DocumentHistory';
import { DocumentHeader, type HeaderField } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell, transitionErrorMessage } from '../../components/documents/DocumentPage';
import { LinesEditor, type LineColumn } from '../../components/documents/LinesEditor';
import { transitionKeys } from '../../components/documents/status-texts';
import { DocumentSubtitle, useDocumentEditor } from '../../components/documents/use-document-editor';
import { Loading } from '../../components/Loading';
import { Section } from '../../components/Section';
import { articleLinePicker } from '../articles/ArticlePicker';
import { customerRef, customersApi } from '../customers/api';
import { useAvailabilityConfirm } from '../reservations/AvailabilityConfirm';
import { todayIso } from '../rfid/attribution-shared';
import { emptyLine, validateLine } from '../outputs/draft';
import { deliveryNotesApi as api, HISTORY, useDeliveryRemainingQuery } from './api';
import { NoteStatus } from './DeliveryNotesPage';
import * as draft from './draft';

const LIST = '/admin/deliveryNotes';
type Note = C.TDeliveryNote;
type Focus = { focus: RefObject<boolean> };

/** While a note is ready, its lines' ticks follow the exit gate: read again every few seconds. */
const useLiveNote = (id: number, options: { skip: boolean }) => {
  const query = api.useGet(id, options);
  api.useGet(id, { skip: options.skip || query.data?.status !== 'ready', pollingInterval: 4000 });
  return query;
};

/** `/admin/deliveryNotes/:id`; `new`, or `new?invoiceId=12` (`proformaId=`) with what is left to deliver of it. */
export const DeliveryNoteDetailPage = () => (
  <DocumentLoader<Note>
    useDocument={useLiveNote}
    back={{ to: LIST, label: useTranslation().t('deliveryNotes.title') }}
    statuses="deliveryNotes.statuses"
    render={(note, focus) => (note ? <NoteEditor note={note} focus={focus} /> : <NewNote focus={focus} />)}
  />
);

const NewNote = ({ focus }: Focus) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = (['invoiceId', 'proformaId'] as const).find((k) => params.has(k));
  const left = useDeliveryRemainingQuery(`${key}=${params.get(key!)}`, { skip: !key });
  if (!key || !left.data) {
    if (key && left.isLoading) return <Loading />;
    if (key) return <LoadError error={left.error} to={LIST} label={t('deliveryNotes.title')} />;
  }
  const from = key && left.data && { key, id: params.get(key)!, left: left.data };
  return <NoteEditor note={null} from={from || undefined} focus={focus} />;
};

const NoteEditor = ({ note, from, focus }: Focus & { note: Note | null; from?: draft.NoteSource }) => {
  const { t } = useTranslation();
  const [create, creation] = api.useCreate();
  const availability = useAvailabilityConfirm(create); // beyond what is available: asks first (SPEC §5)
  const editor = useDocumentEditor({
    api: { ...api, useCreate: () => [availability.create, creation] } as unknown as typeof api,
    doc: note,
    permission: 'deliveryNotes',
    editableIn: ['draft', 'ready'],
    focusHeading: focus,
    check: draft.validateDraft,
    serverErrors: draft.serverErrors,
    draftName: t('deliveryNotes.draft'),
    initial: () => (note ? draft.draftOf(note) : draft.newDraft(todayIso(), from)),
    created: (doc) => ({ path: `${LIST}/${doc.id}`, message: t('deliveryNotes.created') }),
  });
  const { header } = editor.draft;
  const customer = customersApi.useGet(Number(header.customerId), { skip: !header.customerId }).currentData;
  const ticks = new Map(
    note?.lines.map((l) => [l.id, `${l.exited} / ${l.quantity}${l.exited >= l.quantity ? ' ✓' : ''}`]),
  );
  // Every item out through the exit gate: Deliver is one click, without the question an incomplete note asks.
  const complete = note?.status === 'ready' && note.lines.every((l) => l.exited >= l.quantity);
  const source = (['invoiceId', 'proformaId'] as const).find((k) => header[k]);
  const HEADER: HeaderField<draft.NoteHeader, Note>[] = [
    {
      name: 'customerId',
      label: 'fields.customer',
      kind: 'reference',
      source: customerRef,
      required: true,
      show: (n) => n.customerName,
    },
    { name: 'plannedDate', label: 'deliveryNotes.plannedDate', kind: 'date', required: true },
    {
      name: source ?? 'invoiceId',
      label: `deliveryNotes.${source}`,
      kind: 'custom',
      hidden: () => !source,
      input: () => (
        <Link
          component={RouterLink}
          to={`/admin/${source === 'invoiceId' ? 'invoices' : 'proformas'}/${header[source!]}`}
        >
          {note?.invoiceNumber ?? note?.proformaNumber ?? `#${header[source!]}`}
        </Link>
      ),
      show: (n) => n.invoiceNumber ?? n.proformaNumber,
    },
    {
      name: 'deliveryAddress',
      label: 'fields.deliveryAddress',
      kind: 'custom',
      size: 12,
      input: ({ value, set, error, label }) => (
        <TextField
          label={label}
          value={value}
          onChange={(e) => set(e.target.value)}
          {...error}
          fullWidth
          multiline
          placeholder={customer && [customer.address, customer.postcode, customer.city].filter(Boolean).join(' ')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 500 } }}
        />
      ),
      show: (n) => n.deliveryAddress ?? n.customerAddress,
    },
    { name: 'notes', label: 'fields.notes', kind: 'notes', size: 12 },
  ];
  const column = (field: string, show: LineColumn<draft.NoteLine>['show'], input?: 'numeric' | 'text') => ({
    field,
    label: t(`deliveryNotes.${field}`),
    show,
    testId: `line-${field}`,
    width: input ? 110 : 320,
    input: input && {
      value: show,
      set: (text: string) => ({ [field]: text }),
      mode: input,
      multiline: field === 'epcs',
    },
  });
  const columns = [column('quantity', (l) => l.quantity, 'numeric'), column('epcs', (l) => l.epcs, 'text')];
  if (note && note.status !== 'draft') columns.push(column('exited', (l) => ticks.get(l.lineId!) ?? '—'));
  const deliver = () =>
    editor.changeStatus('delivered', null).then(
      () => toast.success(t(transitionKeys('deliveryNotes', 'delivered', 'done'))),
      (e) => toast.error(transitionErrorMessage(e, t, { transitions: C.DELIVERY_NOTE_TRANSITIONS, doc: note! })),
    );
  const title = t(note?.number ? 'deliveryNotes.titleOf' : note ? 'deliveryNotes.titleDraft' : 'deliveryNotes.new', {
    number: note?.number,
  });
  return (
    <DocumentShell
      {...editor.shell}
      title={title}
      back={{ to: LIST, label: t('deliveryNotes.title') }}
      documentTitle={note?.number ?? title}
      subtitle={note && <DocumentSubtitle name={note.customerName} chip={<NoteStatus note={note} />} />}
      status={editor.status(
        C.DELIVERY_NOTE_TRANSITIONS.filter((r) => !complete || r.to !== 'delivered'),
        'deliveryNotes',
        { refusals: { no_lines: 'deliveryNotes.noLines' } },
      )}
      actions={
        complete && (
          <Button variant="contained" disabled={editor.dirty} onClick={() => void deliver()}>
            {t(transitionKeys('deliveryNotes', 'delivered', 'action'))}
          </Button>
        )
      }
    >
      <Section title={t('deliveryNotes.header')}>
        <DocumentHeader fields={HEADER} doc={note} edit={editor.headerEdit} />
      </Section>
      <Section title={t('documents.lines')}>
        <LinesEditor<draft.NoteLine>
          lines={editor.draft.lines}
          errors={editor.errors}
          columns={columns}
          max={C.DOCUMENT_LINES_MAX}
          edit={
            editor.editable
              ? { onChange: (lines) => editor.change({ ...editor.draft, lines }), newLine: emptyLine, validateLine }
              : undefined
          }
          picker={articleLinePicker<draft.NoteLine>(t('fields.article'), (a) => ({ itemId: a.id, itemLabel: a.label }))}
        />
      </Section>
      {note && (
        <Section title={t('outputs.history')}>
          <DocumentHistory events={editor.history} vocabulary={HISTORY} />
        </Section>
      )}
      {availability.dialog}
    </DocumentShell>
  );
};

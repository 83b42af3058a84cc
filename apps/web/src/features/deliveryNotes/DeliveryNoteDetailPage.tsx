import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '@tagstock/contract';
import { customerField, DocumentHeader, type HeaderField } from '../../components/documents/DocumentHeader';
import { DocumentLoader, DocumentShell } from '../../components/documents/DocumentPage';
import { HistorySection } from '../../components/documents/HistorySection';
import { UnpricedLines } from '../../components/documents/UnpricedLines';
import { DocumentSubtitle, useDocumentEditor } from '../../components/documents/use-document-editor';
import { Section } from '../../components/Section';
import { customersApi } from '../customers/api';
import { useAvailabilityConfirm } from '../reservations/AvailabilityConfirm';
import { todayIso } from '../rfid/attribution-shared';
import { deliveryNotesApi as api, HISTORY, useDeliveryRemainingQuery } from './api';
import { NoteStatus } from './DeliveryNotesPage';
import * as draft from './draft';

const LIST = '/admin/deliveryNotes';
type Note = C.TDeliveryNote;
type Focus = { focus: RefObject<boolean> };

/**
 * `/admin/deliveryNotes/:id`, read again every few seconds while ready (its lines' ticks follow the exit gate);
 * `new`, or `new?invoiceId=12` (`proformaId=`) with what is left to deliver of it.
 */
export const DeliveryNoteDetailPage = () => (
  <DocumentLoader<Note, draft.NoteSource>
    useDocument={api.useGet}
    poll={{ while: ['ready'], every: 4000 }}
    source={{ keys: ['invoiceId', 'proformaId'], useSource: useDeliveryRemainingQuery }}
    back={{ to: LIST, label: useTranslation().t('deliveryNotes.title') }}
    statuses="deliveryNotes.statuses"
    render={(note, focus, from) => <NoteEditor note={note} from={from} focus={focus} />}
  />
);

const NoteEditor = ({ note, from, focus }: Focus & { note: Note | null; from?: draft.NoteSource }) => {
  const { t } = useTranslation();
  const [create, creation] = api.useCreate();
  const availability = useAvailabilityConfirm(create); // beyond what is available: asks first (SPEC §5)
  const editor = useDocumentEditor({
    api: { ...api, useCreate: () => [availability.create, creation] } as unknown as typeof api,
    doc: note,
    permission: 'deliveryNotes',
    texts: 'deliveryNotes',
    list: LIST,
    editableIn: ['draft', 'ready'],
    focusHeading: focus,
    check: draft.noteKit.validateDraft,
    serverErrors: draft.noteKit.serverErrors,
    initial: () => (note ? draft.draftOf(note) : draft.newDraft(todayIso(), from)),
  });
  const { header } = editor.draft;
  const customer = customersApi.useGet(Number(header.customerId), { skip: !header.customerId }).currentData;
  // Every item out through the exit gate: Deliver is one click, without the question an incomplete note asks.
  const complete = note?.status === 'ready' && note.lines.every((l) => l.exited >= l.quantity);
  const source = (['invoiceId', 'proformaId'] as const).find((k) => header[k]);
  const HEADER: HeaderField<draft.NoteHeader, Note>[] = [
    customerField(),
    { name: 'plannedDate', label: 'deliveryNotes.plannedDate', kind: 'date', required: true },
    {
      name: source ?? 'invoiceId',
      label: `deliveryNotes.${source}`,
      kind: 'link',
      hidden: () => !source,
      to: (h) => `/admin/${source === 'invoiceId' ? 'invoices' : 'proformas'}/${h[source!]}`,
      text: (h) => note?.invoiceNumber ?? note?.proformaNumber ?? `#${h[source!]}`,
      show: (n) => n.invoiceNumber ?? n.proformaNumber,
    },
    {
      name: 'deliveryAddress',
      label: 'fields.deliveryAddress',
      kind: 'text',
      multiline: true,
      maxLength: 500,
      placeholder: customer && [customer.address, customer.postcode, customer.city].filter(Boolean).join(' '),
      size: 12,
      show: (n) => n.deliveryAddress ?? n.customerAddress,
    },
    { name: 'notes', label: 'fields.notes', kind: 'notes', size: 12 },
  ];
  return (
    <DocumentShell
      {...editor.shell}
      subtitle={note && <DocumentSubtitle name={note.customerName} chip={<NoteStatus note={note} />} />}
      status={editor.status(C.DELIVERY_NOTE_TRANSITIONS, {
        refusals: { no_lines: 'deliveryNotes.noLines' },
        direct: complete ? 'delivered' : undefined,
      })}
    >
      <Section title={t('deliveryNotes.header')}>
        <DocumentHeader fields={HEADER} doc={note} edit={editor.headerEdit} />
      </Section>
      <UnpricedLines
        editor={editor}
        epcs="deliveryNotes.epcs"
        gate={note && note.status !== 'draft' ? note.lines : undefined}
      />
      {note && <HistorySection events={editor.history} vocabulary={HISTORY} />}
      {availability.dialog}
    </DocumentShell>
  );
};

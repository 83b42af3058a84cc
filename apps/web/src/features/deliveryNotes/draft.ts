import * as C from '@tagstock/contract';
import type { DocumentSource } from '../../components/documents/DocumentPage';
import { typedId } from '../../components/documents/lines';
import * as kit from '../../components/documents/unpriced-draft';

const FIELDS = ['customerId', 'invoiceId', 'proformaId', 'plannedDate', 'deliveryAddress', 'notes'] as const;
export type NoteHeader = Record<(typeof FIELDS)[number], string>;
export type NoteDraft = { header: NoteHeader; lines: kit.UnpricedLine[] };
/** A new note's invoice or proforma and what is left to deliver of it. */
export type NoteSource = DocumentSource<'invoiceId' | 'proformaId', C.TDeliveryRemaining>;

/** A new note: empty, or with the customer of an invoice or a proforma and what is left to deliver of it. */
export const newDraft = (plannedDate: string, from?: NoteSource): NoteDraft => {
  const left = from?.data.lines.filter((l) => l.remaining > 0) ?? [];
  const header = { ...kit.headerOf(FIELDS, null), plannedDate, customerId: String(from?.data.customerId ?? '') };
  return {
    header: from ? { ...header, [from.key]: from.id } : header,
    lines: left.length
      ? left.map((l) => kit.unpricedLineOf({ ...l, quantity: l.remaining }))
      : [kit.emptyUnpricedLine()],
  };
};

export const draftOf = (note: C.TDeliveryNote): NoteDraft => ({
  header: kit.headerOf(FIELDS, note),
  lines: note.lines.map(kit.unpricedLineOf),
});

/** The body the API takes, and the contract's errors by editor path (none when valid). */
export const noteKit = kit.unpricedDraft<NoteHeader, C.TDeliveryNoteInput>({
  schema: C.ZDeliveryNoteInput,
  header: (h) => {
    const [invoiceId, proformaId] = [h.invoiceId, h.proformaId].map((id) => (id ? Number(id) : null));
    const [deliveryAddress, notes] = [h.deliveryAddress, h.notes].map((text) => text.trim() || null);
    return { ...h, customerId: typedId(h.customerId), invoiceId, proformaId, deliveryAddress, notes };
  },
  required: { customerId: 'outputs.validation.selectCustomer' },
});

import { ZDeliveryNoteInput, type TDeliveryNote, type TDeliveryRemaining } from '@tagstock/contract';
import * as kit from '../../components/documents/lines';
import { epcsOf } from '../rfid/epc-list';
import { emptyLine, type OutputLine } from '../outputs/draft';

/** A line as edited (article, quantity, the picked EPCs one per row) and, once saved, its id. */
export type NoteLine = OutputLine & { lineId?: number };
const FIELDS = ['customerId', 'invoiceId', 'proformaId', 'plannedDate', 'deliveryAddress', 'notes'] as const;
export type NoteHeader = Record<(typeof FIELDS)[number], string>;
export type NoteDraft = { header: NoteHeader; lines: NoteLine[] };
/** A new note's invoice or proforma and what is left to deliver of it. */
export type NoteSource = { key: 'invoiceId' | 'proformaId'; id: string; left: TDeliveryRemaining };

const line = (articleId: number | null, ref: string, name: string, quantity: number, epcs: string[] = []) => ({
  ...emptyLine(),
  itemId: articleId,
  itemLabel: `${ref} — ${name}`,
  quantity: String(quantity),
  epcs: epcs.join('\n'),
});

/** A new note: empty, or with the customer of an invoice or a proforma and what is left to deliver of it. */
export const newDraft = (plannedDate: string, from?: NoteSource): NoteDraft => {
  const left = from?.left.lines.filter((l) => l.remaining > 0) ?? [];
  const header = { ...draftOf(null).header, plannedDate, customerId: String(from?.left.customerId ?? '') };
  return {
    header: from ? { ...header, [from.key]: from.id } : header,
    lines: left.length ? left.map((l) => line(l.articleId, l.reference, l.designation, l.remaining)) : [emptyLine()],
  };
};

export const draftOf = (note: TDeliveryNote | null): NoteDraft => ({
  header: Object.fromEntries(FIELDS.map((f) => [f, String(note?.[f] ?? '')])) as NoteHeader,
  lines: (note?.lines ?? []).map((l) => ({
    ...line(l.articleId, l.reference, l.designation, l.quantity, l.epcs),
    lineId: l.id,
  })),
});

const REQUIRED = {
  customerId: 'outputs.validation.selectCustomer',
  articleId: 'purchaseOrders.validation.selectArticle',
};
const sent = (draft: NoteDraft) =>
  kit.linesToSend(
    draft.lines,
    (l) => l.itemId === null && !l.epcs.trim(),
    (l) => ({ articleId: kit.typedId(l.itemId), quantity: kit.typedQuantity(l.quantity), epcs: epcsOf(l.epcs) }),
  );
/** An EPC's error on its line's EPC list; more EPCs than items said so. */
const onFields = (errors: kit.DraftErrors) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, key]) =>
      /\.epcs(\.\d+)?$/.test(path)
        ? [path.replace(/\.\d+$/, ''), key === 'validation.tooLong' ? 'outputs.lineErrors.tooManyEpcs' : key]
        : [path, key],
    ),
  );

/** The body the API takes, and the contract's errors by editor path (none when valid). */
export const validateDraft = ({ header: h, ...draft }: NoteDraft) => {
  const { lines, positions } = sent({ header: h, ...draft });
  const [invoiceId, proformaId] = [h.invoiceId, h.proformaId].map((id) => (id ? Number(id) : null));
  const [deliveryAddress, notes] = [h.deliveryAddress, h.notes].map((text) => text.trim() || null);
  const body = { ...h, customerId: kit.typedId(h.customerId), invoiceId, proformaId, deliveryAddress, notes, lines };
  return { body, errors: onFields(kit.contractErrors(ZDeliveryNoteInput, body, positions, REQUIRED)) };
};

export const serverErrors = (error: unknown, draft: NoteDraft) =>
  onFields(kit.serverErrors(error, sent(draft).positions, REQUIRED));

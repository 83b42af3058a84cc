import type { ZodType } from 'zod';
import { ZUnpricedLineInput, type TUnpricedLine } from '@tagstock/contract';
import { epcsOf } from '../../features/rfid/epc-list';
import {
  contractErrors,
  emptyLine,
  lineErrors,
  linesToSend,
  serverErrors as serverLineErrors,
  typedId,
  typedQuantity,
  type DraftErrors,
  type LineDraft,
  type RequiredKeys,
} from './lines';

/**
 * What the document types with unpriced lines share (stock outputs, delivery notes): lines of an article, a
 * quantity and the EPCs of the items, one per row. Each type adds its header fields.
 */

/** One line as the user edits it: the article, the quantity and the EPCs as typed; once saved, its id. */
export type UnpricedLine = LineDraft & { epcs: string; lineId?: number };

export const emptyUnpricedLine = (): UnpricedLine => ({ ...emptyLine(), epcs: '' });

/** A saved line (or one to take from another document, without EPCs) as the editor shows it. */
export const unpricedLineOf = (
  line: Pick<TUnpricedLine, 'articleId' | 'reference' | 'designation' | 'quantity'> &
    Partial<Pick<TUnpricedLine, 'id' | 'epcs'>>,
): UnpricedLine => ({
  ...emptyUnpricedLine(),
  itemId: line.articleId,
  itemLabel: `${line.reference} — ${line.designation}`,
  quantity: String(line.quantity),
  epcs: (line.epcs ?? []).join('\n'),
  ...(line.id === undefined ? {} : { lineId: line.id }),
});

/** A header of text fields from the document's fields of the same names ('' for none, all '' for a new one). */
export const headerOf = <F extends string>(fields: readonly F[], doc: Partial<Record<F, unknown>> | null) =>
  Object.fromEntries(fields.map((field) => [field, String(doc?.[field] ?? '')])) as Record<F, string>;

/** A row with nothing picked nor typed is left out (a new row not filled yet). */
const isBlank = (line: UnpricedLine) => line.itemId === null && line.epcs.trim() === '';

const lineBody = (line: UnpricedLine) => ({
  articleId: typedId(line.itemId),
  quantity: typedQuantity(line.quantity),
  epcs: epcsOf(line.epcs),
});

const LINE_REQUIRED: RequiredKeys = { articleId: 'purchaseOrders.validation.selectArticle' };

/**
 * The errors as the editor shows them: an EPC's own error on its line's EPC list, more EPCs than items said so,
 * and a header field's error on the field that edits it (`shownOn`).
 */
const onFields = (errors: DraftErrors, shownOn: Record<string, string> = {}): DraftErrors => {
  const shown: DraftErrors = {};
  for (const [path, key] of Object.entries(errors)) {
    const field = path.replace(/(^|\.)epcs\.\d+$/, '$1epcs');
    const tooMany = /(^|\.)epcs$/.test(field) && key === 'validation.tooLong';
    shown[shownOn[field] ?? field] ??= tooMany ? 'outputs.lineErrors.tooManyEpcs' : key;
  }
  return shown;
};

/** The contract's checks of one line on its own (the phone's line form): errors by field of the line. */
export const validateUnpricedLine = (line: UnpricedLine): DraftErrors =>
  onFields(lineErrors(ZUnpricedLineInput, line, lineBody, 'articleId', LINE_REQUIRED));

/**
 * The draft → body → errors of one type with unpriced lines: `header` writes the type's header fields from the
 * draft's header, `required` names its missing choices, `shownOn` the fields its header's errors are shown on (an
 * output's consumer or customer on its one recipient field); the lines are the same for every type.
 */
export const unpricedDraft = <H, B>(opts: {
  schema: ZodType;
  header: (header: H) => Omit<B, 'lines'>;
  required: RequiredKeys;
  shownOn?: Record<string, string>;
}) => {
  const required = { ...opts.required, ...LINE_REQUIRED };
  type Draft = { header: H; lines: UnpricedLine[] };
  /** The body the API takes, and the editor row of each line sent. */
  const inputOf = (draft: Draft) => {
    const { lines, positions } = linesToSend(draft.lines, isBlank, lineBody);
    return { body: { ...opts.header(draft.header), lines } as B, positions };
  };
  return {
    inputOf,
    /** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
    validateDraft: (draft: Draft): { body: B; errors: DraftErrors } => {
      const { body, positions } = inputOf(draft);
      return { body, errors: onFields(contractErrors(opts.schema, body, positions, required), opts.shownOn) };
    },
    /** The server's field errors of a refused save, by editor path. */
    serverErrors: (error: unknown, draft: Draft): DraftErrors =>
      onFields(serverLineErrors(error, inputOf(draft).positions, required), opts.shownOn),
  };
};

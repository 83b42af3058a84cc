import { ZOutputInput, ZOutputLineInput, type TOutput, type TOutputInput } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import {
  contractErrors,
  emptyLine as emptyItemLine,
  lineErrors,
  linesToSend,
  serverErrors as serverLineErrors,
  typedId,
  typedQuantity,
  type DraftErrors,
  type LineDraft,
} from '../../components/documents/lines';
import { epcsOf } from '../rfid/epc-list';

/** One line as the user edits it: the article, the quantity and the EPCs of the items, one per row, as typed. */
export type OutputLine = LineDraft & { epcs: string };

/** Who receives the items: nobody in particular, a consumer or a customer (never both). */
export const RECIPIENT_KINDS = ['none', 'consumer', 'customer'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export type HeaderDraft = {
  reasonId: string;
  outputDate: string;
  recipient: RecipientKind;
  recipientId: string;
  notes: string;
};

export type OutputDraft = { header: HeaderDraft; lines: OutputLine[] };

export const emptyLine = (): OutputLine => ({ ...emptyItemLine(), epcs: '' });

export const newDraft = (today: string): OutputDraft => ({
  header: { reasonId: '', outputDate: today, recipient: 'none', recipientId: '', notes: '' },
  lines: [emptyLine()],
});

export const draftOf = (output: TOutput): OutputDraft => ({
  header: {
    reasonId: String(output.reasonId),
    outputDate: output.outputDate,
    recipient: output.consumerId !== null ? 'consumer' : output.customerId !== null ? 'customer' : 'none',
    recipientId: String(output.consumerId ?? output.customerId ?? ''),
    notes: output.notes ?? '',
  },
  lines: output.lines.map((line) => ({
    ...emptyItemLine(),
    itemId: line.articleId,
    itemLabel: `${line.reference} — ${line.designation}`,
    quantity: String(line.quantity),
    epcs: line.epcs.join('\n'),
  })),
});

/** A row with nothing picked nor typed is left out (a new row not filled yet). */
const isBlank = (line: OutputLine) => line.itemId === null && line.epcs.trim() === '';

const lineBody = (line: OutputLine) => ({
  articleId: typedId(line.itemId),
  quantity: typedQuantity(line.quantity),
  epcs: epcsOf(line.epcs),
});

/** The body the API takes, and the editor row of each line sent. */
export const inputOf = (draft: OutputDraft): { body: TOutputInput; positions: number[] } => {
  const { lines, positions } = linesToSend(draft.lines, isBlank, lineBody);
  const { header } = draft;
  const recipientId = (kind: RecipientKind) => (header.recipient === kind ? typedId(header.recipientId) : null);
  return {
    body: {
      reasonId: typedId(header.reasonId),
      outputDate: header.outputDate,
      consumerId: recipientId('consumer'),
      customerId: recipientId('customer'),
      notes: header.notes.trim() || null,
      lines,
    },
    positions,
  };
};

const REQUIRED_KEYS: Record<string, string> = {
  reasonId: 'outputs.validation.selectReason',
  consumerId: 'outputs.validation.selectConsumer',
  customerId: 'outputs.validation.selectCustomer',
  articleId: 'purchaseOrders.validation.selectArticle',
};

/**
 * The errors as the editor shows them: an EPC's own error on its line's EPC list, the recipient (consumer or
 * customer) on the one recipient field, more EPCs than items said so.
 */
const onFields = (errors: DraftErrors): DraftErrors => {
  const shown: DraftErrors = {};
  for (const [path, key] of Object.entries(errors)) {
    const field = path.replace(/(^|\.)epcs\.\d+$/, '$1epcs').replace(/^(consumerId|customerId)$/, 'recipientId');
    const tooMany = /(^|\.)epcs$/.test(field) && key === 'validation.tooLong';
    shown[field] ??= tooMany ? 'outputs.lineErrors.tooManyEpcs' : key;
  }
  return shown;
};

/** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
export const validateDraft = (draft: OutputDraft): { body: TOutputInput; errors: DraftErrors } => {
  const { body, positions } = inputOf(draft);
  return { body, errors: onFields(contractErrors(ZOutputInput, body, positions, REQUIRED_KEYS)) };
};

/** The contract's checks of one line on its own (the phone's line form): errors by field of the line. */
export const validateLine = (line: OutputLine): DraftErrors =>
  onFields(lineErrors(ZOutputLineInput, line, lineBody, 'articleId', REQUIRED_KEYS));

/** What the server says of a line's EPCs, by the field error's code (its message names the EPC, in English). */
const EPC_ERRORS: Record<string, string> = {
  not_found: 'outputs.lineErrors.unknownEpc',
  invalid: 'outputs.lineErrors.epcNotOfArticle',
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, draft: OutputDraft): DraftErrors => {
  const { positions } = inputOf(draft);
  const errors = onFields(serverLineErrors(error, positions, REQUIRED_KEYS));
  if (!isQueryError(error)) return errors;
  for (const fieldError of error.problem.errors ?? []) {
    const line = /^lines\.(\d+)\.epcs$/.exec(fieldError.field);
    if (!line || !fieldError.code) continue;
    const key = /given twice/.test(fieldError.message) ? 'outputs.lineErrors.epcTwice' : EPC_ERRORS[fieldError.code];
    if (key) errors[`lines.${positions[Number(line[1])] ?? line[1]}.epcs`] = key;
  }
  return errors;
};

/**
 * Why a validation was refused, on the lines it concerns: the stock of a line's article is short (the server
 * names the change of stock, one per line in order), or some listed EPCs are not in stock.
 */
export const validationErrors = (error: unknown, output: Pick<TOutput, 'lines'>): DraftErrors => {
  if (!isQueryError(error)) return {};
  const errors: DraftErrors = {};
  const { code } = error.problem;
  for (const fieldError of error.problem.errors ?? []) {
    if (code === 'insufficient_stock') {
      const change = /^changes\.(\d+)$/.exec(fieldError.field);
      if (change) errors[`lines.${change[1]}.quantity`] = 'outputs.lineErrors.insufficientStock';
    } else if (code === 'epc_not_in_stock') {
      const epc = fieldError.message.toUpperCase();
      const index = output.lines.findIndex((line) => line.epcs.includes(epc));
      if (index >= 0) errors[`lines.${index}.epcs`] = 'outputs.lineErrors.epcNotInStock';
    }
  }
  return errors;
};

import { ZOutputInput, type TOutput, type TOutputInput } from '@tagstock/contract';
import { isQueryError } from '../../app/base-api';
import { typedId, type DraftErrors } from '../../components/documents/lines';
import {
  emptyUnpricedLine,
  headerOf,
  unpricedDraft,
  unpricedLineOf,
  type UnpricedLine,
} from '../../components/documents/unpriced-draft';

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

export type OutputDraft = { header: HeaderDraft; lines: UnpricedLine[] };

export const newDraft = (today: string): OutputDraft => ({
  header: { reasonId: '', outputDate: today, recipient: 'none', recipientId: '', notes: '' },
  lines: [emptyUnpricedLine()],
});

export const draftOf = (output: TOutput): OutputDraft => ({
  header: {
    ...headerOf(['reasonId', 'outputDate', 'notes'], output),
    recipient: output.consumerId !== null ? 'consumer' : output.customerId !== null ? 'customer' : 'none',
    recipientId: String(output.consumerId ?? output.customerId ?? ''),
  },
  lines: output.lines.map(unpricedLineOf),
});

/** The body the API takes (one recipient), its errors; the consumer's or customer's on the one recipient field. */
const outputKit = unpricedDraft<HeaderDraft, TOutputInput>({
  schema: ZOutputInput,
  header: (header) => {
    const recipientId = (kind: RecipientKind) => (header.recipient === kind ? typedId(header.recipientId) : null);
    return {
      reasonId: typedId(header.reasonId),
      outputDate: header.outputDate,
      consumerId: recipientId('consumer'),
      customerId: recipientId('customer'),
      notes: header.notes.trim() || null,
    };
  },
  required: {
    reasonId: 'outputs.validation.selectReason',
    consumerId: 'outputs.validation.selectConsumer',
    customerId: 'outputs.validation.selectCustomer',
  },
  shownOn: { consumerId: 'recipientId', customerId: 'recipientId' },
});

export const { inputOf, validateDraft } = outputKit;

/** What the server says of a line's EPCs, by the field error's code (its message names the EPC, in English). */
const EPC_ERRORS: Record<string, string> = {
  not_found: 'outputs.lineErrors.unknownEpc',
  invalid: 'outputs.lineErrors.epcNotOfArticle',
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, draft: OutputDraft): DraftErrors => {
  const { positions } = inputOf(draft);
  const errors = outputKit.serverErrors(error, draft);
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

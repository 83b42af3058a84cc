import type { ZodType } from 'zod';
import { ZSalesLineInput, type TDocumentLine, type TSalesLineInput } from '@tagstock/contract';
import {
  contractErrors,
  emptyPricedLine,
  lineErrors,
  linesToSend,
  pricedLineDraft,
  salesLineBody,
  serverErrors as serverLineErrors,
  typedId,
  type DraftErrors,
  type PricedLineDraft,
} from '../../components/documents/lines';

/**
 * What proformas and invoices share: priced lines with the article's designation, a customer, a discount on the
 * whole document and notes. Each type adds its header fields; the server totals the document.
 */

/** One line as the user edits it; an issued invoice's lines also say how many units credit notes took back. */
export type SalesLine = PricedLineDraft & { designation: string; creditedQuantity: number };

export const emptySalesLine = (): SalesLine => ({ ...emptyPricedLine(), designation: '', creditedQuantity: 0 });

export const salesLinesOf = (lines: readonly (TDocumentLine & { creditedQuantity?: number })[], language: string) =>
  lines.map(
    (line): SalesLine => ({
      ...pricedLineDraft(line, language),
      designation: line.designation,
      creditedQuantity: line.creditedQuantity ?? 0,
    }),
  );

/** A line with nothing chosen nor typed is left out (a new row not filled yet). */
const isBlank = (line: SalesLine) => line.itemId === null && line.unitPrice.trim() === '' && line.vatRate.trim() === '';

const lineBody = (line: SalesLine): TSalesLineInput => ({
  articleId: typedId(line.itemId),
  designation: line.designation.trim() || null,
  ...salesLineBody(line),
});

const REQUIRED_KEYS: Record<string, string> = {
  customerId: 'invoices.validation.selectCustomer',
  paymentModeId: 'purchaseOrders.validation.selectPaymentMode',
  articleId: 'purchaseOrders.validation.selectArticle',
};

/** The discount's errors on the one discount field the editor shows. */
const onFields = (errors: DraftErrors): DraftErrors => {
  const shown: DraftErrors = {};
  for (const [path, key] of Object.entries(errors)) shown[path.replace(/^discount\..*$/, 'discount')] ??= key;
  return shown;
};

/**
 * The draft → body → errors of one sales document type: `header` writes the type's header fields from the
 * draft's header; the lines are the same for every type.
 */
export const salesDraft = <H, B extends { lines?: TSalesLineInput[] }>(
  schema: ZodType,
  header: (draft: H) => Omit<B, 'lines'>,
) => {
  const inputOf = (draft: { header: H; lines: SalesLine[] }) => {
    const { lines, positions } = linesToSend(draft.lines, isBlank, lineBody);
    return { body: { ...header(draft.header), lines } as B, positions };
  };
  return {
    inputOf,
    /** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
    validateDraft: (draft: { header: H; lines: SalesLine[] }): { body: B; errors: DraftErrors } => {
      const { body, positions } = inputOf(draft);
      return { body, errors: onFields(contractErrors(schema, body, positions, REQUIRED_KEYS)) };
    },
    /** The server's field errors of a refused save, by editor path. */
    serverErrors: (error: unknown, draft: { header: H; lines: SalesLine[] }): DraftErrors =>
      onFields(serverLineErrors(error, inputOf(draft).positions, REQUIRED_KEYS)),
  };
};

/** The contract's checks of one line on its own (the phone's line form): errors by field of the line. */
export const validateSalesLine = (line: SalesLine): DraftErrors =>
  lineErrors(ZSalesLineInput, line, lineBody, 'articleId', REQUIRED_KEYS);

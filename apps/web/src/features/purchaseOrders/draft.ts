import {
  ZDocumentLineInput,
  ZPurchaseOrderInput,
  type TPurchaseOrder,
  type TPurchaseOrderInput,
} from '@tagstock/contract';
import {
  contractErrors,
  emptyPricedLine,
  lineErrors,
  linesToSend,
  pricedLineBody,
  pricedLineDraft,
  serverErrors as serverLineErrors,
  typedId,
  type DraftErrors,
  type PricedLineDraft,
} from '../../components/documents/lines';

/** One line as the user edits it: the priced line, the designation copied from the article, what was received. */
export type LineDraft = PricedLineDraft & { designation: string; receivedQuantity: number };

export type HeaderDraft = {
  supplierId: string;
  paymentModeId: string;
  orderDate: string;
  expectedDate: string;
  notes: string;
};

export type OrderDraft = { header: HeaderDraft; lines: LineDraft[] };

export const emptyLine = (): LineDraft => ({ ...emptyPricedLine(), designation: '', receivedQuantity: 0 });

export const newDraft = (today: string, supplierId = ''): OrderDraft => ({
  header: { supplierId, paymentModeId: '', orderDate: today, expectedDate: '', notes: '' },
  lines: [emptyLine()],
});

export const draftOf = (order: TPurchaseOrder, language: string): OrderDraft => ({
  header: {
    supplierId: String(order.supplierId),
    paymentModeId: String(order.paymentModeId),
    orderDate: order.orderDate,
    expectedDate: order.expectedDate ?? '',
    notes: order.notes ?? '',
  },
  lines: order.lines.map((line) => ({
    ...pricedLineDraft(line, language),
    designation: line.designation,
    receivedQuantity: line.receivedQuantity,
  })),
});

/** A line with nothing chosen nor typed is left out (a new row not filled yet). */
const isBlank = (line: LineDraft) => line.itemId === null && line.unitPrice.trim() === '' && line.vatRate.trim() === '';

const lineBody = (line: LineDraft) => ({
  articleId: typedId(line.itemId),
  designation: line.designation.trim() || null,
  ...pricedLineBody(line),
});

/** The body the API takes; no amount is computed here (the server totals the order). */
export const inputOf = (draft: OrderDraft): { body: TPurchaseOrderInput; positions: number[] } => {
  const { lines, positions } = linesToSend(draft.lines, isBlank, lineBody);
  const { header } = draft;
  return {
    body: {
      supplierId: typedId(header.supplierId),
      paymentModeId: typedId(header.paymentModeId),
      orderDate: header.orderDate,
      expectedDate: header.expectedDate || null,
      notes: header.notes.trim() || null,
      lines,
    },
    positions,
  };
};

const REQUIRED_KEYS: Record<string, string> = {
  supplierId: 'validation.selectSupplier',
  paymentModeId: 'purchaseOrders.validation.selectPaymentMode',
  articleId: 'purchaseOrders.validation.selectArticle',
};

/** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
export const validateDraft = (draft: OrderDraft): { body: TPurchaseOrderInput; errors: DraftErrors } => {
  const { body, positions } = inputOf(draft);
  return { body, errors: contractErrors(ZPurchaseOrderInput, body, positions, REQUIRED_KEYS) };
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, draft: OrderDraft): DraftErrors =>
  serverLineErrors(error, inputOf(draft).positions, REQUIRED_KEYS);

/** The contract's checks of one line on its own (the phone's line form): errors by field of the line. */
export const validateLine = (line: LineDraft): DraftErrors =>
  lineErrors(ZDocumentLineInput, line, lineBody, 'articleId', REQUIRED_KEYS);

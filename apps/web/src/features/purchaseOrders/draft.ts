import { ZPurchaseOrderInput, type TPurchaseOrder, type TPurchaseOrderInput } from '@tagstock/contract';
import { fieldErrorKey, validationKey } from '../../components/form-errors';
import { fromDecimalInput, toDecimalInput } from '../../components/format';
import { isQueryError } from '../../app/base-api';
import type { ArticleChoice } from './ArticlePicker';

/** One line as the user edits it: text fields, the server's amount while the line is as saved. */
export type LineDraft = {
  key: string;
  articleId: number | null;
  articleLabel: string;
  designation: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  /** The server's net amount of the saved line; null once the line is changed (totals come from the server). */
  netAmount: string | null;
  receivedQuantity: number;
};

export type HeaderDraft = {
  supplierId: string;
  paymentModeId: string;
  orderDate: string;
  expectedDate: string;
  notes: string;
};

export type OrderDraft = { header: HeaderDraft; lines: LineDraft[] };

/** Field path (`supplierId`, `lines.2.quantity`) → translation key of its error. */
export type DraftErrors = Record<string, string>;

let keySeed = 0;
export const newLineKey = () => `line-${++keySeed}`;

export const emptyLine = (): LineDraft => ({
  key: newLineKey(),
  articleId: null,
  articleLabel: '',
  designation: '',
  quantity: '1',
  unitPrice: '',
  discount: '0',
  vatRate: '',
  netAmount: null,
  receivedQuantity: 0,
});

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
    key: newLineKey(),
    articleId: line.articleId,
    articleLabel: `${line.reference} — ${line.designation}`,
    designation: line.designation,
    quantity: String(line.quantity),
    unitPrice: toDecimalInput(line.unitPrice, language),
    discount: toDecimalInput(line.discount, language, 0),
    vatRate: toDecimalInput(line.vatRate, language, 0),
    netAmount: line.netAmount,
    receivedQuantity: line.receivedQuantity,
  })),
});

/** A line with nothing chosen nor typed is left out (a new row not filled yet). */
const isBlank = (line: LineDraft) =>
  line.articleId === null && line.unitPrice.trim() === '' && line.vatRate.trim() === '';

/** The body the API takes; no amount is computed here (the server totals the order). */
export const inputOf = (draft: OrderDraft): { body: TPurchaseOrderInput; positions: number[] } => {
  const positions: number[] = [];
  const lines = draft.lines.flatMap((line, index) => {
    if (isBlank(line)) return [];
    positions.push(index);
    return [
      {
        articleId: line.articleId ?? Number.NaN,
        designation: line.designation.trim() || null,
        quantity: line.quantity.trim() === '' ? Number.NaN : Number(line.quantity.trim()),
        unitPrice: fromDecimalInput(line.unitPrice),
        discount: fromDecimalInput(line.discount) || '0',
        vatRate: fromDecimalInput(line.vatRate),
      },
    ];
  });
  const { header } = draft;
  return {
    body: {
      supplierId: header.supplierId === '' ? Number.NaN : Number(header.supplierId),
      paymentModeId: header.paymentModeId === '' ? Number.NaN : Number(header.paymentModeId),
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

/** `lines.<i>.<field>` of the body → the same path with the editor's row index. */
const editorPath = (path: readonly PropertyKey[], positions: number[]): string => {
  if (path[0] === 'lines' && typeof path[1] === 'number')
    return ['lines', positions[path[1]] ?? path[1], ...path.slice(2)].join('.');
  return path.map(String).join('.');
};

/** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
export const validateDraft = (draft: OrderDraft): { body: TPurchaseOrderInput; errors: DraftErrors } => {
  const { body, positions } = inputOf(draft);
  const parsed = ZPurchaseOrderInput.safeParse(body);
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = editorPath(issue.path, positions);
      const last = String(issue.path[issue.path.length - 1] ?? '');
      const requiredKey = REQUIRED_KEYS[last];
      const kind = requiredKey ? 'select' : ['quantity'].includes(last) ? 'number' : 'text';
      errors[path] ??= validationKey(
        { type: issue.code === 'invalid_type' ? 'invalid_type' : issue.code, message: issue.message },
        { name: last, kind, requiredKey },
      );
    }
  }
  return { body, errors };
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, draft: OrderDraft): DraftErrors => {
  if (!isQueryError(error)) return {};
  const { positions } = inputOf(draft);
  const errors: DraftErrors = {};
  for (const fieldError of error.problem.errors ?? []) {
    const key = fieldErrorKey(fieldError);
    if (!key) continue;
    const path = fieldError.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const last = String(path[path.length - 1] ?? '');
    errors[editorPath(path, positions)] =
      fieldError.code === 'not_found' && REQUIRED_KEYS[last] ? REQUIRED_KEYS[last] : key;
  }
  return errors;
};

/** The contract's checks of one line on its own (the phone's line form): errors by field of the line. */
export const validateLine = (line: LineDraft): DraftErrors => {
  const { errors } = validateDraft({ header: newDraft('').header, lines: [line] });
  const found: DraftErrors = {};
  for (const [path, key] of Object.entries(errors)) {
    const field = /^lines\.0\.(\w+)$/.exec(path)?.[1];
    if (field) found[field] = key;
  }
  // A line with nothing in it is not sent at all, so the contract says nothing of its article.
  if (line.articleId === null) found.articleId ??= REQUIRED_KEYS.articleId!;
  return found;
};

/** What choosing an article writes on a line: the article, its designation and, when known, its price and VAT. */
export const articleLinePatch = (choice: ArticleChoice, language: string): Partial<LineDraft> => {
  const article = choice.article;
  return {
    articleId: choice.id,
    articleLabel: choice.label,
    designation: article?.designation ?? '',
    ...(article
      ? { unitPrice: toDecimalInput(article.priceHt, language), vatRate: toDecimalInput(article.vatRate, language, 0) }
      : {}),
  };
};

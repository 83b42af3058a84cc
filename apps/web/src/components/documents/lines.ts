import type { ZodType } from 'zod';
import type { TSalesTotals, TVatCategory } from '@tagstock/contract';
import { documentTotals, type DocumentDiscount } from '@tagstock/contract/money';
import { isQueryError } from '../../app/base-api';
import { fieldErrorKey, validationKey } from '../form-errors';
import { fromDecimalInput, toDecimalInput } from '../format';

/** Field path (`supplierId`, `lines.2.quantity`) → translation key of its error. */
export type DraftErrors = Record<string, string>;

/** One line as the user edits it: the item picked (an article, a product) and the quantity as typed. */
export type LineDraft = { key: string; itemId: number | null; itemLabel: string; quantity: string };

/** A priced line's amounts as typed (with the user's decimal separator), and its VAT category. */
export type PricedLineDraft = LineDraft & {
  unitPrice: string;
  discount: string;
  vatRate: string;
  vatCategory: TVatCategory | null;
};

let keySeed = 0;
export const newLineKey = () => `line-${++keySeed}`;

export const emptyLine = (): LineDraft => ({ key: newLineKey(), itemId: null, itemLabel: '', quantity: '1' });
export const emptyPricedLine = (): PricedLineDraft => ({
  ...emptyLine(),
  unitPrice: '',
  discount: '0',
  vatRate: '',
  vatCategory: null,
});

/** A saved priced line as the editor shows it. */
export const pricedLineDraft = (
  line: {
    articleId?: number | null;
    reference: string;
    designation: string;
    quantity: number;
    unitPrice: string;
    discount: string;
    vatRate: string;
    vatCategory?: TVatCategory | null;
  },
  language: string,
): PricedLineDraft => ({
  key: newLineKey(),
  itemId: line.articleId ?? null,
  itemLabel: `${line.reference} — ${line.designation}`,
  quantity: String(line.quantity),
  unitPrice: toDecimalInput(line.unitPrice, language),
  discount: toDecimalInput(line.discount, language, 0),
  vatRate: toDecimalInput(line.vatRate, language, 0),
  vatCategory: line.vatCategory ?? null,
});

/** A typed quantity as the contract takes it (NaN when missing, so that the contract says so). */
export const typedQuantity = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
export const typedId = (value: string | number | null) => (value === null || value === '' ? Number.NaN : Number(value));

/** A priced line's fields as the contract takes them (dots, no amount computed). */
export const pricedLineBody = (line: PricedLineDraft) => ({
  quantity: typedQuantity(line.quantity),
  unitPrice: fromDecimalInput(line.unitPrice),
  discount: fromDecimalInput(line.discount) || '0',
  vatRate: fromDecimalInput(line.vatRate),
  vatCategory: line.vatCategory,
});

/** The lines to send, blank rows (nothing picked nor typed) left out, with the editor row of each. */
export const linesToSend = <L, B>(lines: readonly L[], isBlank: (line: L) => boolean, body: (line: L) => B) => {
  const positions: number[] = [];
  const sent = lines.flatMap((line, index) => {
    if (isBlank(line)) return [];
    positions.push(index);
    return [body(line)];
  });
  return { lines: sent, positions };
};

/** `lines.<i>.<field>` of the body → the same path with the editor's row index. */
const editorPath = (path: readonly PropertyKey[], positions: readonly number[]): string => {
  if (path[0] === 'lines' && typeof path[1] === 'number')
    return ['lines', positions[path[1]] ?? path[1], ...path.slice(2)].join('.');
  return path.map(String).join('.');
};

/** The texts of missing choices ("Select a supplier"), by field name; others say "Required". */
export type RequiredKeys = Record<string, string>;

/** The contract's own checks, before sending: the errors by editor path, empty when the body is valid. */
export const contractErrors = (
  schema: ZodType,
  body: unknown,
  positions: readonly number[],
  requiredKeys: RequiredKeys,
): DraftErrors => {
  const parsed = schema.safeParse(body);
  const errors: DraftErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const last = String(issue.path[issue.path.length - 1] ?? '');
    const requiredKey = requiredKeys[last];
    const kind = requiredKey ? 'select' : last === 'quantity' ? 'number' : 'text';
    errors[editorPath(issue.path, positions)] ??= validationKey(
      { type: issue.code, message: issue.message },
      { name: last, kind, requiredKey },
    );
  }
  return errors;
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, positions: readonly number[], requiredKeys: RequiredKeys): DraftErrors => {
  if (!isQueryError(error)) return {};
  const errors: DraftErrors = {};
  for (const fieldError of error.problem.errors ?? []) {
    const key = fieldErrorKey(fieldError);
    if (!key) continue;
    const path = fieldError.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const last = String(path[path.length - 1] ?? '');
    errors[editorPath(path, positions)] =
      fieldError.code === 'not_found' && requiredKeys[last] ? requiredKeys[last] : key;
  }
  return errors;
};

/**
 * One line checked on its own by the contract's line schema (the phone's line form): errors by field. A line
 * with nothing picked is refused here, though a blank row is simply not sent with the document.
 */
export const lineErrors = <L extends LineDraft>(
  schema: ZodType,
  line: L,
  body: (line: L) => unknown,
  pickField: string,
  requiredKeys: RequiredKeys,
): DraftErrors => {
  const errors = contractErrors(schema, body(line), [], requiredKeys);
  if (line.itemId === null) errors[pickField] ??= requiredKeys[pickField] ?? 'validation.required';
  return errors;
};

const AMOUNT = /^\d{1,10}(\.\d{1,4})?$/;

/**
 * The totals of the lines typed so far, by the contract's `documentTotals` (the server's own computation), with
 * the document's discount if any, and each line's net amount by key; a line not complete yet (no price, a
 * quantity being typed) counts for nothing.
 */
export const previewTotals = (
  lines: readonly PricedLineDraft[],
  discount?: DocumentDiscount | null,
): { totals: TSalesTotals; nets: Map<string, string> } => {
  const complete = lines.flatMap((line) => {
    const body = pricedLineBody(line);
    const ok =
      /^\d+$/.test(line.quantity.trim()) &&
      AMOUNT.test(body.unitPrice) &&
      AMOUNT.test(body.discount) &&
      AMOUNT.test(body.vatRate);
    return ok ? [{ key: line.key, body }] : [];
  });
  const { lines: nets, ...totals } = documentTotals(
    complete.map((line) => line.body),
    discount,
  );
  return { totals, nets: new Map(complete.map((line, i) => [line.key, nets[i]!])) };
};

import type { ZodType } from 'zod';
import {
  FRENCH_VAT_RATES,
  VAT_EXEMPTIONS,
  isFrenchVatRate,
  type TSalesTotals,
  type TVatCategory,
  type TVatExemptionCode,
} from '@tagstock/contract';
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
  /** A sales line's legal basis at 0 % (BT-121); none chosen: the customer's, else the article's. */
  vatExemption: TVatExemptionCode | null;
  /** The picked article's own exemption, the default of the line at 0 % when the customer names none. */
  articleExemption: TVatExemptionCode | null;
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
  vatExemption: null,
  articleExemption: null,
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
    vatExemption?: { code: TVatExemptionCode } | null;
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
  vatExemption: line.vatExemption?.code ?? null,
  articleExemption: null,
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

// — Sales lines: French VAT rates (BR-FR-16) and, at 0 %, the legal basis of the exemption (BT-120/121) —

/** What the editor knows of a sales document for its lines: the customer's exemption for lines at 0 %. */
export type SalesLines = { customerExemption: TVatExemptionCode | null };

/** The French rates a sales line offers, the usual ones first. */
export const SALES_VAT_RATES: readonly string[] = [...FRENCH_VAT_RATES].sort((a, b) => Number(b) - Number(a));

/** Whether a typed rate is 0 ("0", "0,00"); an empty one is not. */
export const isZeroRate = (text: string) => {
  const rate = fromDecimalInput(text);
  return rate !== '' && Number(rate) === 0;
};

/** A typed rate as one of the French rates ("5,50" → "5.5"); '' when it is none of them. */
export const frenchRateOf = (text: string) => {
  const rate = fromDecimalInput(text);
  return rate !== '' && isFrenchVatRate(rate) ? String(Number(rate)) : '';
};

/** The exemption of a line at 0 % when none is chosen on it: the customer's, else its article's. */
export const defaultExemption = (line: PricedLineDraft, sales: SalesLines) =>
  sales.customerExemption ?? line.articleExemption;

/** The exemption a sales line states: chosen on it, else its default; none above 0 %. */
export const lineExemption = (line: PricedLineDraft, sales: SalesLines): TVatExemptionCode | null =>
  isZeroRate(line.vatRate) ? (line.vatExemption ?? defaultExemption(line, sales)) : null;

/**
 * What a change of a sales line writes besides itself: picking an article or changing the rate gives the line
 * the default exemption when it is at 0 % (one chosen by hand stays while the rate changes), and forgets a VAT
 * category read with the old rate (the server derives it).
 */
export const salesLineFollow = (
  line: PricedLineDraft,
  changes: Partial<PricedLineDraft>,
  sales: SalesLines,
): Partial<PricedLineDraft> => {
  const picked = 'itemId' in changes;
  if (!picked && !('vatRate' in changes)) return {};
  const next = { ...line, ...changes };
  if (!isZeroRate(next.vatRate)) return { vatCategory: null, ...(picked ? { vatExemption: null } : {}) };
  if (!picked && next.vatExemption) return { vatCategory: null };
  return { vatCategory: null, vatExemption: defaultExemption(next, sales) };
};

/** A line's VAT category: the one its exemption implies at 0 %, else the one it has (none: the server's). */
export const lineCategory = (line: PricedLineDraft): TVatCategory | null =>
  isZeroRate(line.vatRate) && line.vatExemption ? VAT_EXEMPTIONS[line.vatExemption].category : line.vatCategory;

/** A sales line's fields as the contract takes them: a priced line's, and its exemption at 0 % only. */
export const salesLineBody = (line: PricedLineDraft) => {
  const code = isZeroRate(line.vatRate) ? line.vatExemption : null;
  return { ...pricedLineBody(line), vatCategory: lineCategory(line), ...(code ? { vatExemption: { code } } : {}) };
};

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

/**
 * `lines.<i>.<field>` of the body → the same path with the editor's row index; an exemption's parts
 * (`vatExemption.code`) are the line's one exemption field.
 */
const editorPath = (path: readonly PropertyKey[], positions: readonly number[]): string => {
  if (path[0] === 'lines' && typeof path[1] === 'number') {
    const rest = path[2] === 'vatExemption' ? ['vatExemption'] : path.slice(2);
    return ['lines', positions[path[1]] ?? path[1], ...rest].join('.');
  }
  return path.map(String).join('.');
};

/** A sales line's rate that is no French rate: said as such, not as a badly written rate. */
const FRENCH_RATE_MESSAGE = /French VAT rate/;

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
    errors[editorPath(issue.path, positions)] ??= FRENCH_RATE_MESSAGE.test(issue.message)
      ? 'documents.validation.frenchVatRate'
      : validationKey({ type: issue.code, message: issue.message }, { name: last, kind, requiredKey });
  }
  return errors;
};

/** What the server says of a sales line's exemption, by its problem's code (the field's own code is generic). */
const EXEMPTION_KEYS: Record<string, string> = {
  vat_exemption_required: 'documents.validation.vatExemptionRequired',
  vat_exemption_conflict: 'documents.validation.vatExemptionConflict',
};

/** The server's field errors of a refused save, by editor path. */
export const serverErrors = (error: unknown, positions: readonly number[], requiredKeys: RequiredKeys): DraftErrors => {
  if (!isQueryError(error)) return {};
  const errors: DraftErrors = {};
  const exemptionKey = EXEMPTION_KEYS[error.problem.code];
  for (const fieldError of error.problem.errors ?? []) {
    const key = fieldErrorKey(fieldError);
    if (!key) continue;
    const path = fieldError.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const last = String(path[path.length - 1] ?? '');
    const at = editorPath(path, positions);
    if (exemptionKey && at.endsWith('.vatExemption')) errors[at] = exemptionKey;
    else errors[at] = fieldError.code === 'not_found' && requiredKeys[last] ? requiredKeys[last] : key;
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
    const body = { ...pricedLineBody(line), vatCategory: lineCategory(line) };
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

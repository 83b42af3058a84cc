import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FRENCH_VAT_RATES, ZSalesLineInput } from '@tagstock/contract';
import {
  contractErrors,
  emptyPricedLine,
  frenchRateOf,
  lineExemption,
  linesToSend,
  previewTotals,
  SALES_VAT_RATES,
  salesLineBody,
  salesLineFollow,
  serverErrors,
  type PricedLineDraft,
  type SalesLines,
} from './lines';

const line = (quantity: string, unitPrice: string, vatRate: string, discount = '0'): PricedLineDraft => ({
  ...emptyPricedLine(),
  itemId: 1,
  itemLabel: 'A',
  quantity,
  unitPrice,
  discount,
  vatRate,
});

describe('previewTotals', () => {
  it('totals the complete lines as the server does, one VAT row per category and rate', () => {
    const lines = [line('3', '12,50', '5,5', '10'), line('2', '10', '20'), line('1', '4', '0'), line('', '1', '20')];
    const { totals, nets } = previewTotals(lines);
    expect(totals).toEqual({
      lineTotal: '57.75',
      allowanceTotal: '0.00',
      net: '57.75',
      vat: '5.86',
      gross: '63.61',
      byRate: [
        { category: 'Z', rate: '0.00', base: '4.00', vat: '0.00', allowance: '0.00' },
        { category: 'S', rate: '5.50', base: '33.75', vat: '1.86', allowance: '0.00' },
        { category: 'S', rate: '20.00', base: '20.00', vat: '4.00', allowance: '0.00' },
      ],
    });
    expect(nets.get(lines[0]!.key)).toBe('33.75');
    // A quantity still being typed counts for nothing and has no amount.
    expect(nets.has(lines[3]!.key)).toBe(false);
  });

  it('takes a document discount off the rates before their VAT', () => {
    const lines = [line('1', '100', '20'), line('1', '50', '5,5')];
    const { totals } = previewTotals(lines, { type: 'percent', value: '10' });
    expect(totals).toMatchObject({ lineTotal: '150.00', allowanceTotal: '15.00', net: '135.00' });
    expect(totals.byRate).toEqual([
      { category: 'S', rate: '5.50', base: '45.00', vat: '2.48', allowance: '5.00' },
      { category: 'S', rate: '20.00', base: '90.00', vat: '18.00', allowance: '10.00' },
    ]);
  });
});

describe('contractErrors', () => {
  it('names each error by the row the user sees, blank rows left out', () => {
    const schema = z.object({ lines: z.array(z.object({ productId: z.number().int().positive() })) });
    const rows = [{ id: 1 }, { id: null }, { id: Number.NaN }];
    const { lines, positions } = linesToSend(
      rows,
      (row) => row.id === null,
      (row) => ({ productId: row.id! }),
    );
    expect(positions).toEqual([0, 2]);
    expect(contractErrors(schema, { lines }, positions, { productId: 'platformOrders.selectProduct' })).toEqual({
      'lines.2.productId': 'platformOrders.selectProduct',
    });
  });
});

describe('sales lines', () => {
  const none: SalesLines = { customerExemption: null };
  const eu: SalesLines = { customerExemption: 'VATEX-EU-IC' };
  const sales = (patch: Partial<PricedLineDraft>): PricedLineDraft => ({ ...line('1', '10', '20'), ...patch });
  /** A change as the editor applies it: the change, then what follows from it. */
  const change = (from: PricedLineDraft, changes: Partial<PricedLineDraft>, options: SalesLines) => {
    const next = { ...from, ...changes };
    return { ...next, ...salesLineFollow(from, changes, options) };
  };

  it('offers the French rates only, the usual ones first', () => {
    expect([...SALES_VAT_RATES].sort()).toEqual([...FRENCH_VAT_RATES].sort());
    expect(SALES_VAT_RATES.slice(0, 3)).toEqual(['20', '13', '10']);
    expect(frenchRateOf('5,50')).toBe('5.5');
    expect(frenchRateOf('0,00')).toBe('0');
    expect(frenchRateOf('19,6')).toBe('');
    expect(frenchRateOf('')).toBe('');
  });

  it('gives a line picked at 0 % the customer’s exemption, else the article’s, and none above 0 %', () => {
    const picked = { itemId: 9, vatRate: '0', articleExemption: 'VATEX-FR-FRANCHISE' as const };
    expect(change(emptyPricedLine(), picked, eu).vatExemption).toBe('VATEX-EU-IC');
    expect(change(emptyPricedLine(), picked, none).vatExemption).toBe('VATEX-FR-FRANCHISE');
    expect(change(emptyPricedLine(), { ...picked, articleExemption: null }, none).vatExemption).toBeNull();
    const taxed = change(sales({ vatExemption: 'VATEX-EU-G' }), { ...picked, vatRate: '20' }, eu);
    expect(taxed.vatExemption).toBeNull();
  });

  it('takes the default when the rate becomes 0 and keeps a reason chosen by hand while the rate changes', () => {
    const atZero = change(sales({ articleExemption: 'VATEX-EU-132' }), { vatRate: '0' }, none);
    expect(atZero.vatExemption).toBe('VATEX-EU-132');
    const chosen = change(atZero, { vatExemption: 'VATEX-EU-G' }, none);
    expect(chosen.vatExemption).toBe('VATEX-EU-G');
    const back = change(change(chosen, { vatRate: '20' }, none), { vatRate: '0' }, none);
    expect(back.vatExemption).toBe('VATEX-EU-G');
    // A category read with the old rate is the server's to derive again.
    expect(change(sales({ vatCategory: 'S' }), { vatRate: '0' }, none).vatCategory).toBeNull();
  });

  it('shows the default of a line at 0 % that has none chosen yet (the customer picked after the lines)', () => {
    const line0 = sales({ vatRate: '0', articleExemption: 'VATEX-FR-FRANCHISE' });
    expect(lineExemption(line0, eu)).toBe('VATEX-EU-IC');
    expect(lineExemption(line0, none)).toBe('VATEX-FR-FRANCHISE');
    expect(lineExemption({ ...line0, vatRate: '5,5' }, eu)).toBeNull();
  });

  it('sends the exemption of a line at 0 % only, with the category it implies', () => {
    const exempt = sales({ vatRate: '0', vatExemption: 'VATEX-EU-IC' });
    expect(salesLineBody(exempt)).toEqual({
      quantity: 1,
      unitPrice: '10',
      discount: '0',
      vatRate: '0',
      vatCategory: 'K',
      vatExemption: { code: 'VATEX-EU-IC' },
    });
    // Kept on the line while the rate is above 0, never sent: the API refuses an exemption above 0 %.
    expect(salesLineBody({ ...exempt, vatRate: '20' })).not.toHaveProperty('vatExemption');
    expect(ZSalesLineInput.safeParse({ articleId: 1, ...salesLineBody({ ...exempt, vatRate: '20' }) }).success).toBe(
      true,
    );
  });

  it('says a rate that is not French as such, and the server’s refusal of a 0 % line on that line', () => {
    const schema = z.object({ lines: z.array(ZSalesLineInput) });
    const body = { lines: [{ articleId: 1, ...salesLineBody(sales({ vatRate: '19,6' })) }] };
    expect(contractErrors(schema, body, [1], {})).toEqual({ 'lines.1.vatRate': 'documents.validation.frenchVatRate' });
    const refused = {
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'vat_exemption_required',
        detail: 'A line at 0 % must state why it carries no VAT',
        params: { line: 2 },
        errors: [{ field: 'lines.1.vatExemption', message: 'required', code: 'required' }],
      },
    };
    expect(serverErrors(refused, [0, 2], {})).toEqual({
      'lines.2.vatExemption': 'documents.validation.vatExemptionRequired',
    });
  });
});

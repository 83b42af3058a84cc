import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractErrors, emptyPricedLine, linesToSend, previewTotals, type PricedLineDraft } from './lines';

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

import { describe, expect, it } from 'vitest';
import { documentTotals, lineNetAmount, priceWithTax, spreadDiscount, vatKey } from './money';

describe('priceWithTax', () => {
  it('computes in decimal, not float', () => {
    expect(priceWithTax('10.00', '20')).toBe('12.00');
    expect(priceWithTax('0.10', '20')).toBe('0.12');
    // 1.005 × 1.2 = 1.206 exactly; a float would drift.
    expect(priceWithTax('1.005', '20')).toBe('1.21');
    expect(priceWithTax('19.99', '5.5')).toBe('21.09');
    expect(priceWithTax('27.60', '20')).toBe('33.12');
    expect(priceWithTax('0.10', '5.5')).toBe('0.11');
    expect(priceWithTax('1.005', '0')).toBe('1.01');
    expect(priceWithTax('1234567.89', '0')).toBe('1234567.89');
  });

  it('keeps the largest accepted price within numeric(14,4)', () => {
    expect(priceWithTax('999999999.9999', '100')).toBe('2000000000.00');
  });
});

describe('document totals', () => {
  it('rounds each line once, then the VAT of each rate once on its base (BR-CO-17)', () => {
    // Three lines at 20 % whose VAT rounded line by line would be 0.07 × 3 = 0.21; on the base it is 0.20.
    const lines = [1, 2, 3].map(() => ({ quantity: 1, unitPrice: '0.33', vatRate: '20' }));
    expect(documentTotals(lines)).toMatchObject({
      lines: ['0.33', '0.33', '0.33'],
      net: '0.99',
      vat: '0.20',
      gross: '1.19',
      byRate: [{ category: 'S', rate: '20.00', base: '0.99', vat: '0.20', allowance: '0.00' }],
    });
  });

  it('groups by rate in ascending order, 0 % included; equal rates written differently are one rate', () => {
    const totals = documentTotals([
      { quantity: 2, unitPrice: '10.00', vatRate: '20' },
      { quantity: 1, unitPrice: '3.99', vatRate: '5.5' },
      { quantity: 4, unitPrice: '2.50', vatRate: '0' },
      { quantity: 1, unitPrice: '1.00', vatRate: '20.00' },
    ]);
    expect(totals.byRate).toEqual([
      { category: 'Z', rate: '0.00', base: '10.00', vat: '0.00', allowance: '0.00' },
      { category: 'S', rate: '5.50', base: '3.99', vat: '0.22', allowance: '0.00' },
      { category: 'S', rate: '20.00', base: '21.00', vat: '4.20', allowance: '0.00' },
    ]);
    expect([totals.net, totals.vat, totals.gross]).toEqual(['34.99', '4.42', '39.41']);
  });

  it('keys the breakdown by VAT category and rate: an exempt line is not a zero-rated one (Factur-X BG-23)', () => {
    const totals = documentTotals([
      { quantity: 1, unitPrice: '10.00', vatRate: '0', vatCategory: 'E' },
      { quantity: 1, unitPrice: '5.00', vatRate: '0' },
      { quantity: 1, unitPrice: '7.00', vatRate: '0', vatCategory: 'E' },
    ]);
    expect(totals.byRate).toEqual([
      { category: 'E', rate: '0.00', base: '17.00', vat: '0.00', allowance: '0.00' },
      { category: 'Z', rate: '0.00', base: '5.00', vat: '0.00', allowance: '0.00' },
    ]);
  });

  it('applies a discount in percent before rounding the line, half-up', () => {
    expect(lineNetAmount({ quantity: 3, unitPrice: '19.99', discount: '15', vatRate: '20' })).toBe('50.97'); // 50.9745
    expect(lineNetAmount({ quantity: 1, unitPrice: '0.05', discount: '50', vatRate: '20' })).toBe('0.03'); // 0.025
    expect(lineNetAmount({ quantity: 7, unitPrice: '12.00', discount: '100', vatRate: '20' })).toBe('0.00');
    expect(lineNetAmount({ quantity: 1, unitPrice: '10.00', discount: null, vatRate: '20' })).toBe('10.00');
  });

  it('keeps every digit of the largest document (no float, no default precision loss)', () => {
    const line = { quantity: 1_000_000, unitPrice: '999999999.99', vatRate: '20' };
    const totals = documentTotals(Array.from({ length: 2000 }, () => line));
    expect(totals.lines[0]).toBe('999999999990000.00');
    expect(totals.net).toBe('1999999999980000000.00');
    expect(totals.vat).toBe('399999999996000000.00');
    expect(totals.gross).toBe('2399999999976000000.00');
  });

  it('has zero totals and no rate for an empty document', () => {
    expect(documentTotals([])).toEqual({
      lines: [],
      lineTotal: '0.00',
      allowanceTotal: '0.00',
      net: '0.00',
      vat: '0.00',
      gross: '0.00',
      byRate: [],
    });
  });
});

describe('document discount (before VAT, spread over the rates)', () => {
  const lines = [
    { quantity: 1, unitPrice: '100.00', vatRate: '20' },
    { quantity: 1, unitPrice: '50.00', vatRate: '5.5' },
  ];

  it('takes a percentage of each rate, VAT on the reduced bases', () => {
    const t = documentTotals(lines, { type: 'percent', value: '10' });
    expect(t.byRate.map((r) => [r.rate, r.allowance, r.base, r.vat])).toEqual([
      ['5.50', '5.00', '45.00', '2.48'],
      ['20.00', '10.00', '90.00', '18.00'],
    ]);
    expect([t.lineTotal, t.allowanceTotal, t.net, t.vat, t.gross]).toEqual([
      '150.00',
      '15.00',
      '135.00',
      '20.48',
      '155.48',
    ]);
  });

  it('shares an amount in proportion to the rates, to the cent (largest remainder)', () => {
    // 10 € over 100 / 50: 6.666… and 3.333… → 6.67 + 3.33 = 10.00 exactly, never 6.67 + 3.34.
    const t = documentTotals(lines, { type: 'amount', value: '10' });
    expect(t.byRate.map((r) => r.allowance)).toEqual(['3.33', '6.67']);
    expect(t.allowanceTotal).toBe('10.00');
    expect(t.net).toBe('140.00');
    // Three equal rows and 0.10 €: 0.04 + 0.03 + 0.03, the first remainder wins the cent.
    expect(spreadDiscount(['1.00', '1.00', '1.00'], { type: 'amount', value: '0.10' })).toEqual([
      '0.04',
      '0.03',
      '0.03',
    ]);
  });

  it('never discounts more than the document', () => {
    const t = documentTotals(lines, { type: 'amount', value: '999' });
    expect([t.allowanceTotal, t.net, t.vat, t.gross]).toEqual(['150.00', '0.00', '0.00', '0.00']);
    expect(documentTotals(lines, { type: 'percent', value: '100' }).gross).toBe('0.00');
  });

  it('takes given allowances per (category, rate) over the discount (a credit note takes its invoice share)', () => {
    const t = documentTotals(lines, { type: 'percent', value: '50' }, new Map([[vatKey('S', '20'), '1.00']]));
    expect(t.byRate.map((r) => r.allowance)).toEqual(['0.00', '1.00']);
  });

  it('rounds VAT once per rate, not per line (prices that ERPNext summed per item: 3 × 8.33 at 20 %)', () => {
    const t = documentTotals([1, 2, 3].map(() => ({ quantity: 1, unitPrice: '8.33', vatRate: '20' })));
    // Per line: 1.666 → 1.67 × 3 = 5.01. Once on the base 24.99: 4.998 → 5.00.
    expect([t.net, t.vat, t.gross]).toEqual(['24.99', '5.00', '29.99']);
  });
});

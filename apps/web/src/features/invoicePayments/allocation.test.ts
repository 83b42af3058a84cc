import { describe, expect, it } from 'vitest';
import { allocationsToSend, autoAllocate, checkAllocations, fromCents, toCents } from './allocation';

const invoices = [
  { id: 3, invoiceDate: '2026-03-01', amountDue: '50.00' },
  { id: 1, invoiceDate: '2026-01-15', amountDue: '120.40' },
  { id: 2, invoiceDate: '2026-01-15', amountDue: '30.00' },
];

describe('amounts in cents', () => {
  it('reads what a user types, in French or English, and writes the contract’s text', () => {
    expect(toCents('1 234,5')).toBe(123450n);
    expect(toCents('12.05')).toBe(1205n);
    expect(toCents('7')).toBe(700n);
    expect(toCents('12,345')).toBeNull();
    expect(toCents('-3')).toBeNull();
    expect(toCents('')).toBeNull();
    expect(fromCents(123450n)).toBe('1234.50');
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-250n)).toBe('-2.50');
  });
});

describe('autoAllocate', () => {
  it('settles the oldest invoices first, each up to what it owes, and leaves the rest on account', () => {
    const { allocations, left } = autoAllocate(toCents('140')!, invoices);
    expect(Object.fromEntries(allocations)).toEqual({ 1: 12040n, 2: 1960n, 3: 0n });
    expect(left).toBe(0n);
    const more = autoAllocate(toCents('250')!, invoices);
    expect(Object.fromEntries(more.allocations)).toEqual({ 1: 12040n, 2: 3000n, 3: 5000n });
    expect(fromCents(more.left)).toBe('49.60');
  });
});

describe('checkAllocations', () => {
  it('says what stays on account, and refuses more than an invoice owes', () => {
    const typed = new Map([
      [1, '100'],
      [2, '30,01'],
      [3, 'abc'],
    ]);
    const check = checkAllocations(toCents('150'), typed, invoices);
    expect(check.allocated).toBe(10000n);
    expect(check.onAccount).toBe(5000n);
    expect(Object.fromEntries(check.errors)).toEqual({
      2: 'invoicePayments.moreThanDue',
      3: 'validation.invalidAmount',
    });
    expect(checkAllocations(toCents('80'), new Map([[1, '100']]), invoices).onAccount).toBe(-2000n);
  });

  it('sends only the positive allocations', () => {
    expect(
      allocationsToSend(
        new Map([
          [1, '100,5'],
          [2, '0'],
          [3, ''],
        ]),
      ),
    ).toEqual([{ invoiceId: 1, amount: '100.50' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { paymentModeFor } from './payment-mode';

// The default modes every tenant starts with (UNCL 4461 codes), one inactive.
const MODES = [
  { id: 1, code: '30', active: true },
  { id: 2, code: '20', active: true },
  { id: 3, code: '48', active: true },
  { id: 4, code: '10', active: false },
  { id: 5, code: null, active: true },
  { id: 6, code: '49', active: true },
];

describe('the payment mode a payment of an invoice starts with', () => {
  it('is the invoice’s own when it has one', () => {
    expect(paymentModeFor({ paymentModeId: 2, paymentType: 'sepa_transfer' }, MODES)).toBe('2');
    expect(paymentModeFor({ paymentModeId: 2, paymentType: 'sepa_transfer' }, undefined)).toBe('2');
  });

  it('else the active mode that pays as its means of payment says', () => {
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'sepa_transfer' }, MODES)).toBe('1');
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'cheque' }, MODES)).toBe('2');
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'direct_debit' }, MODES)).toBe('6');
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'card' }, MODES)).toBe('3');
  });

  it('else none: an inactive mode, or modes not loaded yet, are not offered', () => {
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'cash' }, MODES)).toBe('');
    expect(paymentModeFor({ paymentModeId: null, paymentType: 'sepa_transfer' }, undefined)).toBe('');
  });
});

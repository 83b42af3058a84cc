import { describe, expect, it } from 'vitest';
import { emptyLine, inputOf, newDraft, serverErrors, validateDraft, validateLine, type OrderDraft } from './draft';

const filled = (): OrderDraft => ({
  header: { supplierId: '3', paymentModeId: '1', orderDate: '2026-03-15', expectedDate: '', notes: ' ' },
  lines: [
    { ...emptyLine(), itemId: 7, itemLabel: 'A — a', quantity: '2', unitPrice: '12,50', vatRate: '20' },
    emptyLine(),
    {
      ...emptyLine(),
      itemId: 8,
      itemLabel: 'B — b',
      quantity: '0',
      unitPrice: '1',
      discount: '5,5',
      vatRate: '5,5',
    },
  ],
});

describe('an order draft', () => {
  it('sends text amounts with dots, leaves blank rows out and never totals anything', () => {
    const { body, positions } = inputOf(filled());
    expect(positions).toEqual([0, 2]);
    expect(body).toMatchObject({ supplierId: 3, paymentModeId: 1, expectedDate: null, notes: null });
    expect(body.lines).toEqual([
      {
        articleId: 7,
        designation: null,
        quantity: 2,
        unitPrice: '12.50',
        discount: '0',
        vatRate: '20',
        vatCategory: null,
      },
      {
        articleId: 8,
        designation: null,
        quantity: 0,
        unitPrice: '1',
        discount: '5.5',
        vatRate: '5.5',
        vatCategory: null,
      },
    ]);
  });

  it('says which supplier, payment mode and line field is missing, by the row the user sees', () => {
    const { errors } = validateDraft(newDraft('2026-03-15'));
    expect(errors).toEqual({
      supplierId: 'validation.selectSupplier',
      paymentModeId: 'purchaseOrders.validation.selectPaymentMode',
    });
    expect(validateDraft(filled()).errors).toEqual({ 'lines.2.quantity': 'validation.greaterThanZero' });
  });

  it('puts the server field errors on the same rows', () => {
    const error = {
      status: 400,
      problem: {
        type: 'x',
        title: 'Bad Request',
        status: 400,
        code: 'validation_failed',
        errors: [
          { field: 'lines.1.articleId', message: 'not found', code: 'not_found' },
          { field: 'supplierId', message: 'not found', code: 'not_found' },
        ],
      },
    };
    expect(serverErrors(error, filled())).toEqual({
      'lines.2.articleId': 'purchaseOrders.validation.selectArticle',
      supplierId: 'validation.selectSupplier',
    });
  });
});

describe('validateLine', () => {
  it('checks one line by the contract, an empty one included', () => {
    expect(validateLine(filled().lines[0]!)).toEqual({});
    expect(validateLine(emptyLine())).toEqual({
      articleId: 'purchaseOrders.validation.selectArticle',
      unitPrice: 'validation.invalidAmount',
      vatRate: 'validation.invalidRate',
    });
    const bad = validateLine({ ...filled().lines[0]!, quantity: '0', unitPrice: 'abc' });
    expect(Object.keys(bad).sort()).toEqual(['quantity', 'unitPrice']);
  });
});

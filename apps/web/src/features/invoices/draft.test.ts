import { describe, expect, it } from 'vitest';
import { invoiceKit, newInvoiceDraft } from './draft';
import { emptySalesLine, type SalesLine } from './sales-draft';

const line = (patch: Partial<SalesLine>): SalesLine => ({
  ...emptySalesLine(),
  itemId: 7,
  itemLabel: 'VT-1 — Veste',
  designation: 'Veste',
  quantity: '2',
  unitPrice: '12,50',
  vatRate: '20',
  ...patch,
});

describe('an invoice draft', () => {
  it('sends the contract’s body: dots for decimals, empty values as none, blank rows left out', () => {
    const draft = newInvoiceDraft('2026-11-26', '3');
    draft.header.discount = { type: 'percent', value: '5,5' };
    draft.header.deliveryAddress = '  ';
    draft.lines = [line({}), emptySalesLine()];
    const { body, errors } = invoiceKit.validateDraft(draft);
    expect(errors).toEqual({});
    expect(body).toEqual({
      customerId: 3,
      invoiceDate: '2026-11-26',
      billingDate: null,
      orderDate: null,
      paymentTermDays: 30,
      paymentModeId: null,
      paymentType: 'sepa_transfer',
      deliveryAddress: null,
      discount: { type: 'percent', value: '5.5' },
      notes: null,
      billingMode: null,
      lines: [
        {
          articleId: 7,
          designation: 'Veste',
          quantity: 2,
          unitPrice: '12.50',
          discount: '0',
          vatRate: '20',
          vatCategory: null,
        },
      ],
    });
  });

  it('says what is missing or wrong on the field the user sees, lines by their row', () => {
    const draft = newInvoiceDraft('2026-11-26');
    draft.header.discount = { type: 'percent', value: '120' };
    draft.lines = [emptySalesLine(), line({ quantity: '0' })];
    expect(invoiceKit.validateDraft(draft).errors).toEqual({
      customerId: 'invoices.validation.selectCustomer',
      discount: 'validation.invalidRate',
      'lines.1.quantity': 'validation.greaterThanZero',
    });
  });
});

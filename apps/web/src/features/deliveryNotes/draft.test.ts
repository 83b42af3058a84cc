import { describe, expect, it } from 'vitest';
import type { TDeliveryNote } from '@tagstock/contract';
import { draftOf, newDraft, noteKit } from './draft';

const left = {
  customerId: 9,
  lines: [
    { articleId: 7, reference: 'A', designation: 'a', ordered: 5, delivered: 2, planned: 1, remaining: 2 },
    { articleId: 8, reference: 'B', designation: 'b', ordered: 1, delivered: 1, planned: 0, remaining: 0 },
  ],
};

describe('a delivery note draft', () => {
  it('takes the customer of an invoice and what is left to deliver of it', () => {
    const draft = newDraft('2026-03-15', { key: 'invoiceId', id: '12', data: left });
    expect(draft.header).toEqual({
      customerId: '9',
      invoiceId: '12',
      proformaId: '',
      plannedDate: '2026-03-15',
      deliveryAddress: '',
      notes: '',
    });
    expect(draft.lines).toHaveLength(1);
    expect(draft.lines[0]).toMatchObject({ itemId: 7, itemLabel: 'A — a', quantity: '2', epcs: '' });
    expect(noteKit.validateDraft(draft).body).toMatchObject({
      customerId: 9,
      invoiceId: 12,
      proformaId: null,
      deliveryAddress: null,
      notes: null,
      lines: [{ articleId: 7, quantity: 2, epcs: [] }],
    });
  });

  it('starts empty without a source, and edits a saved note with its lines’ ids', () => {
    expect(newDraft('2026-03-15').lines).toHaveLength(1);
    expect(noteKit.validateDraft(newDraft('2026-03-15')).errors).toEqual({
      customerId: 'outputs.validation.selectCustomer',
    });
    const note = {
      customerId: 4,
      invoiceId: null,
      proformaId: 3,
      plannedDate: '2026-03-20',
      deliveryAddress: null,
      notes: 'Quai 2',
      lines: [
        { id: 31, position: 1, articleId: 7, reference: 'A', designation: 'a', quantity: 2, epcs: [], exited: 0 },
      ],
    } as unknown as TDeliveryNote;
    const draft = draftOf(note);
    expect(draft.header).toMatchObject({ customerId: '4', invoiceId: '', proformaId: '3', notes: 'Quai 2' });
    expect(draft.lines[0]).toMatchObject({ lineId: 31, itemId: 7, quantity: '2' });
  });
});

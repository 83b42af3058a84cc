import { describe, expect, it } from 'vitest';
import { purchaseOrderNextStatuses } from './purchasing';

describe('purchaseOrderNextStatuses', () => {
  it('offers sending and canceling an order in progress, sending only once it has lines', () => {
    const open = { status: 'in_progress', receiptStatus: 'not_received' } as const;
    expect(purchaseOrderNextStatuses({ ...open, lineCount: 2 })).toEqual(['done', 'canceled']);
    expect(purchaseOrderNextStatuses({ ...open, lineCount: 0 })).toEqual(['canceled']);
  });

  it('offers canceling a sent order only while nothing was received', () => {
    const sent = { status: 'done', lineCount: 2 } as const;
    expect(purchaseOrderNextStatuses({ ...sent, receiptStatus: 'not_received' })).toEqual(['canceled']);
    expect(purchaseOrderNextStatuses({ ...sent, receiptStatus: 'partially_received' })).toEqual([]);
    expect(purchaseOrderNextStatuses({ ...sent, receiptStatus: 'received' })).toEqual([]);
  });

  it('offers nothing from a canceled order', () => {
    expect(purchaseOrderNextStatuses({ status: 'canceled', lineCount: 2, receiptStatus: 'not_received' })).toEqual([]);
  });
});

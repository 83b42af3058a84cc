import { describe, expect, it } from 'vitest';
import type { TDeliveryNoteSummary } from '@tagstock/contract';
import { deliveryState, deliveryTotals, newNotePath, notesListPath, sortNotes } from './deliveries';

const line = (ordered: number, delivered: number, planned: number) => ({
  articleId: 1,
  reference: 'A',
  designation: 'Article',
  ordered,
  delivered,
  planned,
  remaining: Math.max(0, ordered - delivered - planned),
});

describe('deliveries of an invoice', () => {
  it('adds up the units of every article', () => {
    expect(deliveryTotals([line(5, 2, 1), line(3, 0, 0)])).toEqual({
      ordered: 8,
      delivered: 2,
      planned: 1,
      remaining: 5,
    });
  });

  it('says where the deliveries stand', () => {
    expect(deliveryState(deliveryTotals([]))).toBe('nothing');
    expect(deliveryState(deliveryTotals([line(5, 2, 1)]))).toBe('toDeliver');
    expect(deliveryState(deliveryTotals([line(5, 2, 3)]))).toBe('planned');
    expect(deliveryState(deliveryTotals([line(5, 5, 0)]))).toBe('delivered');
    // Delivered beyond what was ordered (a note written by hand) is still delivered.
    expect(deliveryState(deliveryTotals([line(5, 6, 0)]))).toBe('delivered');
  });

  it('links a new note to its invoice or proforma, and the filtered lists', () => {
    expect(newNotePath({ invoiceId: 12 })).toBe('/admin/deliveryNotes/new?invoiceId=12');
    expect(newNotePath({ proformaId: 7 })).toBe('/admin/deliveryNotes/new?proformaId=7');
    expect(notesListPath({ late: true })).toBe('/admin/deliveryNotes?late=true');
    expect(notesListPath({ customerId: 3 })).toBe('/admin/deliveryNotes?customerId=3');
  });

  it('lists the notes to deliver first, by planned date, the canceled last', () => {
    const note = (id: number, status: TDeliveryNoteSummary['status'], plannedDate: string) =>
      ({ id, status, plannedDate }) as TDeliveryNoteSummary;
    const sorted = sortNotes([
      note(1, 'canceled', '2026-01-01'),
      note(2, 'delivered', '2026-01-02'),
      note(3, 'ready', '2026-01-05'),
      note(4, 'draft', '2026-01-03'),
    ]);
    expect(sorted.map((n) => n.id)).toEqual([4, 3, 2, 1]);
  });
});

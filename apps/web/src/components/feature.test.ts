import { describe, expect, it } from 'vitest';
import { documentFeature } from './feature';

const Icon = () => null;
const load = () => Promise.resolve({});

describe('documentFeature', () => {
  it('names the menu entry, the routes, the permissions and the log after the type', () => {
    const feature = documentFeature({
      name: 'deliveryNotes',
      area: 'admin',
      nav: { icon: Icon, group: 'sales', after: '/admin/invoices' },
      list: { load, page: 'DeliveryNotesPage' },
      detail: { load, page: 'DeliveryNoteDetailPage' },
      logs: { entity: 'delivery_note', labels: { plannedDate: 'deliveryNotes.plannedDate' } },
    });
    expect(feature.nav).toEqual([
      {
        labelKey: 'nav.deliveryNotes',
        path: '/admin/deliveryNotes',
        icon: Icon,
        group: 'sales',
        permission: 'deliveryNotes.read',
        after: '/admin/invoices',
      },
    ]);
    expect(feature.routes?.map(({ path, page, guard }) => ({ path, page, guard }))).toEqual([
      { path: 'deliveryNotes', page: 'DeliveryNotesPage', guard: undefined },
      {
        path: 'deliveryNotes/new',
        page: 'DeliveryNoteDetailPage',
        guard: { requires: 'deliveryNotes.write', back: '/admin/deliveryNotes', backLabelKey: 'deliveryNotes.title' },
      },
      { path: 'deliveryNotes/:id', page: 'DeliveryNoteDetailPage', guard: undefined },
    ]);
    expect(feature.logs).toEqual({
      entity: 'delivery_note',
      statuses: 'deliveryNotes.statuses',
      labels: { plannedDate: 'deliveryNotes.plannedDate' },
    });
  });

  it('takes another resource, another route and no new page when the type says so', () => {
    const feature = documentFeature({
      name: 'creditNotes',
      resource: 'invoices',
      path: 'avoirs',
      area: 'admin',
      nav: { icon: Icon, group: 'sales' },
      list: { load, page: 'CreditNotesPage' },
      detail: { load, page: 'CreditNoteDetailPage' },
      noNew: true,
      logs: { entity: 'credit_note' },
    });
    expect(feature.nav?.[0]).toMatchObject({ path: '/admin/avoirs', permission: 'invoices.read' });
    expect(feature.routes?.map((route) => route.path)).toEqual(['avoirs', 'avoirs/:id']);
  });
});

import { describe, expect, it } from 'vitest';
import { ACTIVITY_ENTITIES, BASE_ACTIVITY_ENTITIES } from './activity-log';
import { DOCUMENT_KINDS, withDocumentKinds } from './document-kinds';
import { documentKind } from './documents';
import { BASE_RESOURCES, PERMISSIONS, RESOURCES } from './permissions';

describe('document kinds register themselves in the shared catalogues', () => {
  it('a declared type brings its permissions and its log entities, once, after the base lists', () => {
    // A type the product does not have.
    const probe = documentKind({
      name: 'stockTransfers',
      resource: 'stockTransfers',
      entity: 'stock_transfer',
      logs: ['transfer'],
      statuses: ['draft', 'sent', 'received'],
    });
    const kinds = [...DOCUMENT_KINDS, probe, probe];
    const resources = withDocumentKinds(
      BASE_RESOURCES,
      kinds.map((k) => k.resource),
    );
    expect(resources.slice(0, BASE_RESOURCES.length)).toEqual([...BASE_RESOURCES]);
    expect(resources.filter((r) => r === 'stockTransfers')).toHaveLength(1);
    const entities = withDocumentKinds(
      BASE_ACTIVITY_ENTITIES,
      kinds.flatMap((k) => [k.entity, ...('logs' in k ? k.logs : [])]),
    );
    expect(entities).toEqual(expect.arrayContaining(['stock_transfer', 'transfer']));
  });

  it('every registered type has its read and write permissions and its log entities in the catalogues', () => {
    expect(DOCUMENT_KINDS.map((k) => k.name)).toEqual(
      expect.arrayContaining(['creditNotes', 'invoices', 'outputs', 'platformOrders', 'proformas', 'purchaseOrders']),
    );
    for (const kind of DOCUMENT_KINDS) {
      expect(PERMISSIONS).toEqual(expect.arrayContaining([`${kind.resource}.read`, `${kind.resource}.write`]));
      expect(ACTIVITY_ENTITIES).toEqual(expect.arrayContaining([kind.entity, ...('logs' in kind ? kind.logs : [])]));
    }
  });

  it('keeps every permission resource and log entity the product had, each once', () => {
    const before = {
      resources:
        'dashboard suppliers categories articles reasons customers users roles logs tags readers terminals consumers attributions purchaseOrders paymentModes company platformOrders outputs invoices receivedInvoices',
      entities:
        'article|lot|category|reason|supplier|customer|customer group|payment mode|purchase_order|platform_order|output|proforma|invoice|credit_note|payment|received_invoice|company|user|role|tag|tag family|consumer|reader|terminal|attribution|category attribution',
    };
    expect(RESOURCES).toEqual(expect.arrayContaining(before.resources.split(' ')));
    expect(ACTIVITY_ENTITIES).toEqual(expect.arrayContaining(before.entities.split('|')));
    expect(new Set(RESOURCES).size).toBe(RESOURCES.length);
    expect(new Set(ACTIVITY_ENTITIES).size).toBe(ACTIVITY_ENTITIES.length);
  });
});

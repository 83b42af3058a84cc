import { describe, expect, it } from 'vitest';
import type { TInventory } from '@tagstock/contract';
import { check, countOf, draftOf, serverErrors } from './draft';

describe('an inventory draft', () => {
  it('starts on the whole stock, and sends no ids for it', () => {
    const draft = draftOf(null);
    expect(draft.header).toEqual({ scopeKind: 'all', scopeIds: '', notes: '' });
    expect(check(draft)).toEqual({ body: { scope: { kind: 'all', ids: [] }, notes: null }, errors: {} });
  });

  it('asks for the locations, categories or consumers of a narrower scope, on the field that picks them', () => {
    const draft = { header: { scopeKind: 'categories', scopeIds: '', notes: ' ' } };
    expect(check(draft).errors).toEqual({ scopeIds: 'inventories.validation.selectScope' });
    const picked = { header: { scopeKind: 'location', scopeIds: '4,9', notes: 'Réserve' } };
    expect(check(picked)).toEqual({ body: { scope: { kind: 'location', ids: [4, 9] }, notes: 'Réserve' }, errors: {} });
  });

  it('edits a saved draft with its scope, and puts the server’s errors on the scope field (one of them gone)', () => {
    const saved = { scopeKind: 'attributions', scopeIds: [3, 7], notes: null } as unknown as TInventory;
    expect(draftOf(saved).header).toEqual({ scopeKind: 'attributions', scopeIds: '3,7', notes: '' });
    const refused = {
      status: 400,
      problem: { code: 'validation', errors: [{ field: 'scope.ids.1', code: 'not_found', message: 'no such id' }] },
    };
    expect(serverErrors(refused)).toEqual({ scopeIds: 'fieldErrors.not_found' });
  });
});

describe('a manual count', () => {
  it('is a whole number of units, or nothing to clear it', () => {
    expect(countOf(7, ' 12 ')).toEqual({ body: { lines: [{ articleId: 7, quantity: 12 }] } });
    expect(countOf(7, '')).toEqual({ body: { lines: [{ articleId: 7, quantity: null }] } });
    for (const wrong of ['-1', '1.5', 'abc'])
      expect(countOf(7, wrong), wrong).toEqual({ error: 'inventories.validation.count' });
  });
});

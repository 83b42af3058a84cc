import { describe, expect, it } from 'vitest';
import { articleSlice, searchToRestore, setArticlesListSearch } from './article-slice';
import { disconnect } from './auth-slice';

describe('the persisted article group', () => {
  it('keeps the articles list’s last query string, and forgets it on sign-out', () => {
    const kept = articleSlice.reducer(undefined, setArticlesListSearch('?search=gant&limit=50'));
    expect(kept).toEqual({ listSearch: 'search=gant&limit=50' });
    expect(articleSlice.reducer(kept, disconnect())).toEqual({ listSearch: '' });
  });

  it('restores it only when the list is opened without one', () => {
    expect(searchToRestore('', 'search=gant&limit=50')).toBe('?search=gant&limit=50');
    expect(searchToRestore('?withoutSupplier=true', 'search=gant')).toBeNull();
    expect(searchToRestore('', '')).toBeNull();
  });
});

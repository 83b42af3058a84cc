import { describe, expect, it } from 'vitest';
import { parseListParams, patchListParams } from './use-list-params';

describe('list params in the URL', () => {
  it('reads defaults and ignores malformed values', () => {
    expect(parseListParams(new URLSearchParams(''), 'name:asc')).toEqual({
      page: 1,
      limit: 25,
      search: '',
      sort: 'name:asc',
    });
    expect(parseListParams(new URLSearchParams('page=-2&limit=5000&sort=drop table'))).toEqual({
      page: 1,
      limit: 100,
      search: '',
      sort: undefined,
    });
    expect(parseListParams(new URLSearchParams('page=3&limit=50&search=gant&sort=city:desc'))).toEqual({
      page: 3,
      limit: 50,
      search: 'gant',
      sort: 'city:desc',
    });
  });

  it('goes back to page 1 on a new search, and keeps other params', () => {
    const next = patchListParams(new URLSearchParams('page=4&withoutSupplier=true'), { search: ' gants ' });
    expect(next.toString()).toBe('withoutSupplier=true&search=gants');
    expect(patchListParams(next, { page: 2 }).get('page')).toBe('2');
    expect(patchListParams(new URLSearchParams('sort=name:asc'), { sort: null }).toString()).toBe('');
  });
});

describe('a second list on one page', () => {
  it('reads and writes its own keys', () => {
    const url = new URLSearchParams('page=3&sort=reference:asc&ordersPage=2&ordersSort=number:desc');
    expect(parseListParams(url, 'orderDate:desc', 'orders')).toMatchObject({
      page: 2,
      sort: 'number:desc',
      search: '',
    });
    const next = patchListParams(url, { search: 'BC' }, 'orders');
    expect(next.get('ordersSearch')).toBe('BC');
    expect(next.get('ordersPage')).toBeNull();
    expect(next.get('page')).toBe('3');
  });
});

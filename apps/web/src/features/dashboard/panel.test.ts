import { describe, expect, it, vi } from 'vitest';
import { allOf } from './Panel';

describe('a widget fed by several queries', () => {
  const state = (over: Partial<Parameters<typeof allOf>[0]> = {}) => ({
    isLoading: false,
    isFetching: false,
    isError: false,
    refetch: vi.fn(),
    data: {},
    ...over,
  });

  it('loads while any loads and has data once all answered', () => {
    expect(allOf(state(), state({ isLoading: true, data: undefined })).isLoading).toBe(true);
    expect(allOf(state(), state({ data: undefined })).data).toBeUndefined();
    expect(allOf(state(), state()).data).toBe(true);
  });

  it('fails when any failed, and its retry refetches only the failed ones', () => {
    const ok = state();
    const failed = state({ isError: true });
    const combined = allOf(ok, failed);
    expect(combined.isError).toBe(true);
    combined.refetch();
    expect(failed.refetch).toHaveBeenCalledOnce();
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { lastDays, periodDays, periodFromSearch, periodProblem, presetOf } from './period';

const now = new Date(2026, 2, 31, 15, 0); // 31 March 2026, local time

describe('dashboard period', () => {
  it('counts the last N days with today included', () => {
    expect(lastDays(7, now)).toEqual({ startDate: '2026-03-25', endDate: '2026-03-31' });
    expect(lastDays(1, now)).toEqual({ startDate: '2026-03-31', endDate: '2026-03-31' });
    expect(periodDays(lastDays(365, now))).toBe(365);
  });

  it('names the preset a period is, none for one chosen by hand', () => {
    expect(presetOf(lastDays(30, now), now)).toBe(30);
    expect(presetOf(lastDays(365, now), now)).toBe(365);
    expect(presetOf({ startDate: '2026-03-01', endDate: '2026-03-31' }, now)).toBeNull();
    // Yesterday's "last 7 days" is not today's.
    expect(presetOf(lastDays(7, new Date(2026, 2, 30)), now)).toBeNull();
  });

  it('says what is wrong with a period typed by hand', () => {
    expect(periodProblem({ startDate: '2026-01-01', endDate: '2026-03-31' })).toBeNull();
    expect(periodProblem({ startDate: '', endDate: '2026-03-31' })).toBe('invalid');
    expect(periodProblem({ startDate: '2026-02-30x', endDate: '2026-03-31' })).toBe('invalid');
    expect(periodProblem({ startDate: '2026-04-01', endDate: '2026-03-31' })).toBe('endBeforeStart');
    expect(periodProblem({ startDate: '2025-03-29', endDate: '2026-03-31' })).toBe('tooLong');
    expect(periodProblem({ startDate: '2025-03-30', endDate: '2026-03-31' })).toBeNull();
  });

  it('reads the period of the URL, the last 30 days when it is absent or wrong', () => {
    const of = (query: string) => periodFromSearch(new URLSearchParams(query), now);
    expect(of('startDate=2026-01-01&endDate=2026-01-31')).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(of('')).toEqual(lastDays(30, now));
    expect(of('startDate=2026-02-01&endDate=2026-01-31')).toEqual(lastDays(30, now));
  });
});

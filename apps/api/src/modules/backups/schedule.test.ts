import { describe, expect, it } from 'vitest';
import { createScheduler, localDay, nextRun, zonedInstant } from './schedule';

const at = (iso: string) => new Date(iso);
const paris = 'Europe/Paris';
const twoAm = [{ hour: 2, minute: 0 }];

describe('nextRun', () => {
  it('is the next daily time in the zone, strictly after the given instant', () => {
    // 27 November: Paris is UTC+1.
    expect(nextRun(at('2026-11-27T00:30:00Z'), twoAm, paris).toISOString()).toBe('2026-11-27T01:00:00.000Z');
    expect(nextRun(at('2026-11-27T01:00:00Z'), twoAm, paris).toISOString()).toBe('2026-11-28T01:00:00.000Z');
    expect(nextRun(at('2026-07-01T12:00:00Z'), twoAm, paris).toISOString()).toBe('2026-07-02T00:00:00.000Z');
    expect(nextRun(at('2026-11-27T12:00:00Z'), twoAm, 'UTC').toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });

  it('takes several times a day, in order', () => {
    const times = [
      { hour: 2, minute: 0 },
      { hour: 14, minute: 30 },
    ];
    expect(nextRun(at('2026-11-27T02:00:00Z'), times, paris).toISOString()).toBe('2026-11-27T13:30:00.000Z');
    expect(nextRun(at('2026-11-27T13:30:00Z'), times, paris).toISOString()).toBe('2026-11-28T01:00:00.000Z');
  });

  it('runs a time the clock skips when summer time starts just after the jump, and a doubled one once', () => {
    // 29 March 2026: 02:00 → 03:00 in Paris; 02:00 does not exist, 03:00 CEST is 01:00 UTC.
    expect(nextRun(at('2026-03-28T23:00:00Z'), twoAm, paris).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    const half = [{ hour: 2, minute: 30 }];
    expect(nextRun(at('2026-03-28T23:00:00Z'), half, paris).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:00 → 02:00; 02:00 comes twice, the first time (CEST) is 00:00 UTC.
    expect(nextRun(at('2026-10-24T22:00:00Z'), twoAm, paris).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(nextRun(at('2026-10-25T00:00:00Z'), twoAm, paris).toISOString()).toBe('2026-10-26T01:00:00.000Z');
  });

  it('names the calendar day in the zone', () => {
    expect(localDay(Date.parse('2026-11-27T23:30:00Z'), paris)).toBe('2026-11-28');
    expect(localDay(Date.parse('2026-11-27T23:30:00Z'), 'UTC')).toBe('2026-11-27');
    expect(new Date(zonedInstant(Date.UTC(2026, 10, 27, 2, 0), paris)).toISOString()).toBe('2026-11-27T01:00:00.000Z');
  });
});

describe('createScheduler', () => {
  it('says when it runs next once started, and nothing once stopped', () => {
    const scheduler = createScheduler(twoAm, paris, async () => undefined);
    expect(scheduler.next()).toBeNull();
    scheduler.start();
    const next = scheduler.next()!;
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    scheduler.stop();
    expect(scheduler.next()).toBeNull();
  });
});

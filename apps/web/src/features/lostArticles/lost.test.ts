import { describe, expect, it } from 'vitest';
import { decisionsFor, settingsOf, statusOf } from './lost';

describe('lost articles', () => {
  it('confirms or finds a suspicion, finds a loss, and leaves a found article alone', () => {
    expect(decisionsFor('suspected')).toEqual(['lost', 'found']);
    expect(decisionsFor('lost')).toEqual(['found']);
    expect(decisionsFor('found')).toEqual([]);
  });

  it('opens on the suspected ones unless the URL names another tab', () => {
    expect(statusOf('lost')).toBe('lost');
    expect(statusOf('found')).toBe('found');
    expect(statusOf(null)).toBe('suspected');
    expect(statusOf('whatever')).toBe('suspected');
  });

  it('takes whole numbers within the contract’s bounds as the rules', () => {
    expect(settingsOf({ missedInventories: ' 3 ', unseenDays: '30' })).toEqual({
      body: { missedInventories: 3, unseenDays: 30 },
    });
    expect(settingsOf({ missedInventories: '0', unseenDays: '' }).errors?.sort()).toEqual([
      'missedInventories',
      'unseenDays',
    ]);
    expect(settingsOf({ missedInventories: '2', unseenDays: '1.5' }).errors).toEqual(['unseenDays']);
  });
});

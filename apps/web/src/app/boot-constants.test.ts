import { describe, expect, it } from 'vitest';
import * as contract from '@tagstock/contract';
import { API_BASE, APP_VERSION, canUseDashboard } from './boot-constants';

describe('boot constants', () => {
  it('equal the contract', () => {
    expect(API_BASE).toBe(contract.API_BASE);
    expect(APP_VERSION).toBe(contract.APP_VERSION);
    for (const appType of [...contract.APP_TYPES, undefined, 'Other']) {
      expect(canUseDashboard(appType)).toBe(contract.canUseDashboard(appType));
    }
  });
});

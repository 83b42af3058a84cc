import { describe, expect, it } from 'vitest';
import { ZClientIdParams, ZId, ZListQuery } from './common';
import { ZMoney, ZPrice, ZRate } from './catalog';
import { ERROR_CODES, hasErrorCode, INT32_MAX } from './constants';
import { amount, id, isIsoDate, isIsoDateTime, optionalId, optionalText, quantity, required, text } from './fields';
import { ZVendorTimestamp } from './rfid';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('id builders', () => {
  it('accept 1 to the int32 maximum, as numbers or text', () => {
    expect(ok(ZId, '1')).toBe(true);
    expect(ok(id(), INT32_MAX)).toBe(true);
    expect(ok(ZId, String(INT32_MAX + 1))).toBe(false);
    expect(ok(ZId, '99999999999')).toBe(false);
    expect(ok(ZId, '0')).toBe(false);
    expect(ok(ZId, '1.5')).toBe(false);
    expect(optionalId.parse(null)).toBeNull();
    expect(ok(optionalId, 2 ** 31)).toBe(false);
  });

  it('bound the client id parameter the same way, keeping it text', () => {
    expect(ZClientIdParams.parse({ id: '42' })).toEqual({ id: '42' });
    expect(ok(ZClientIdParams, { id: String(INT32_MAX) })).toBe(true);
    expect(ok(ZClientIdParams, { id: '2147483648' })).toBe(false);
    expect(ok(ZClientIdParams, { id: '99999999999' })).toBe(false);
  });
});

describe('string builders', () => {
  it('refuse a NUL character anywhere', () => {
    for (const schema of [text(), required(), optionalText(), ZListQuery.shape.search]) {
      expect(ok(schema, 'a\u0000b')).toBe(false);
      expect(ok(schema, 'ab')).toBe(true);
    }
    expect(ok(ZListQuery, { search: '\u0000' })).toBe(false);
  });
});

describe('the date builder', () => {
  it('checks the real calendar', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-02-30')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-00-10')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2100-02-29')).toBe(false);
  });

  it('keeps years between 1900 and 2200', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2200-12-31')).toBe(true);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('9999-01-01')).toBe(false);
  });

  it('checks timestamps the same way, with the Zebra +0000 offset', () => {
    expect(isIsoDateTime('2024-03-12T09:15:02.114+0000')).toBe(true);
    expect(isIsoDateTime('2024-03-12T09:15:02.114538Z')).toBe(true);
    expect(isIsoDateTime('2024-03-12T11:15:02+02:00')).toBe(true);
    expect(isIsoDateTime('0000-01-01T00:00:00.000+0000')).toBe(false);
    expect(isIsoDateTime('2024-02-30T09:15:02Z')).toBe(false);
    expect(isIsoDateTime('2024-03-12T24:00:00Z')).toBe(false);
    expect(isIsoDateTime('2024-03-12T09:15:02')).toBe(false);
    expect(isIsoDateTime('now')).toBe(false);
    expect(ok(ZVendorTimestamp, '0000-01-01T00:00:00.000+0000')).toBe(false);
  });
});

describe('amounts and quantities', () => {
  it('fit their columns', () => {
    expect(ok(ZMoney, '9999999999.9999')).toBe(true);
    expect(ok(ZMoney, '99999999999')).toBe(false);
    expect(ok(ZMoney, '1.23456')).toBe(false);
    expect(ok(ZMoney, '1e3')).toBe(false);
    expect(ok(amount(3, 2), '999.99')).toBe(true);
    expect(ok(amount(3, 2), '1000')).toBe(false);
  });

  it('cap a pre-tax price so that the price incl. tax fits', () => {
    expect(ok(ZPrice, '999999999.99')).toBe(true);
    expect(ok(ZPrice, '9999999999')).toBe(false);
  });

  it('keep a pre-tax price to the cent, as it is shown', () => {
    for (const v of ['27.6', '27.60', '12']) expect(ok(ZPrice, v), v).toBe(true);
    for (const v of ['12.345', '0.001', '27,60']) expect(ok(ZPrice, v), v).toBe(false);
  });

  it('take VAT rates from 0 to 100', () => {
    for (const v of ['0', '5.5', '20', '100', '100.00']) expect(ok(ZRate, v), v).toBe(true);
    for (const v of ['100.01', '101', '-1', '5.555']) expect(ok(ZRate, v), v).toBe(false);
  });

  it('bound quantities to the business ceiling', () => {
    expect(ok(quantity(), 1_000_000_000)).toBe(true);
    expect(ok(quantity(), 1_000_000_001)).toBe(false);
    expect(ok(quantity(), 3e9)).toBe(false);
    expect(ok(quantity(true), 0)).toBe(false);
    expect(ok(quantity(true), 1)).toBe(true);
  });
});

describe('error codes', () => {
  it('are a closed list', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(hasErrorCode({ code: 'in_use' }, 'in_use')).toBe(true);
    expect(hasErrorCode({ code: 'in_use' }, 'not_found')).toBe(false);
    expect(hasErrorCode(undefined, 'not_found')).toBe(false);
  });
});

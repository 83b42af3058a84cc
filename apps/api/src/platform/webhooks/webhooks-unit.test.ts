import { describe, expect, it } from 'vitest';
import { isPublicAddress, resolvePublic, UnsafeAddress } from './address';
import { signatureHeader, signatureOf, verifySignature } from './signature';

describe('address classifier', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '2002:a00:1::',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '2001:db8::1',
    'not an address',
    '',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80f::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));

  it('refuses a host if any of its addresses is not public, and answers the first one otherwise', async () => {
    const resolver = (list: string[]) => async () =>
      list.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
    const url = new URL('https://hooks.example.com/in');
    await expect(resolvePublic(url, false, resolver(['93.184.216.34', '10.0.0.1']))).rejects.toBeInstanceOf(
      UnsafeAddress,
    );
    await expect(resolvePublic(url, false, resolver(['93.184.216.34', '2606:4700::1']))).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(resolvePublic(url, true, resolver(['10.0.0.1']))).resolves.toEqual({ address: '10.0.0.1', family: 4 });
    await expect(resolvePublic(new URL('http://[::1]:8080/'), false)).rejects.toThrow(/::1 is a private/);
  });
});

describe('signature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"e1","event":"stock.alert"}';

  it('is the hex HMAC-SHA256 of "<t>.<body>" in t=…,v1=…', () => {
    expect(signatureOf(secret, 1700000000, body)).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureHeader(secret, 1700000000, body)).toBe(`t=1700000000,v1=${signatureOf(secret, 1700000000, body)}`);
    // Known answer, computed apart: printf '1700000000.<body>' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureOf(secret, 1700000000, body)).toBe(
      'effcd2cfceec9263d55aff0cf0fb913042cad4d5874fa81cd1d80d2ed5d4666e',
    );
  });

  it('verifies a good signature and refuses a bad, altered, replayed or missing one', () => {
    const now = 1700000000;
    const header = signatureHeader(secret, now, body);
    expect(verifySignature(secret, header, body, { now })).toBe(true);
    expect(verifySignature(secret, header, body, { now: now + 299 })).toBe(true);
    expect(verifySignature('whsec_other', header, body, { now })).toBe(false);
    expect(verifySignature(secret, header, body.replace('stock', 'Stock'), { now })).toBe(false);
    expect(verifySignature(secret, header, body, { now: now + 301 })).toBe(false);
    expect(verifySignature(secret, undefined, body, { now })).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body, { now })).toBe(false);
    expect(verifySignature(secret, header.replace(`t=${now}`, `t=${now + 1}`), body, { now })).toBe(false);
  });
});

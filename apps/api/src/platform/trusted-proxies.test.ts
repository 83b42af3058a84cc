import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper';

// A proxy network, and a proxy on the same host as in docs/deployment.md.
const ctx = await setupTestApp({ trustedProxies: ['10.0.0.0/8', '127.0.0.1', '::1'], loginRateLimitPerMinute: 3 });

const signIn = (remoteAddress: string, forwardedFor: string, i: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/backend/api/auth/sign-in',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `proxy${i}@nowhere.test`, password: 'whatever-1' },
  });

describe('TRUSTED_PROXIES', () => {
  it('takes the client address from X-Forwarded-For sent by a trusted proxy', async () => {
    // Three clients behind the proxy: each has its own budget.
    for (let i = 0; i < 6; i++) expect((await signIn('10.1.2.3', `192.0.2.${10 + i}`, i)).statusCode).toBe(401);
    // One client past its budget is limited, through the proxy.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn('10.1.2.3', '192.0.2.99', i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn('203.0.113.20', `192.0.2.${30 + i}`, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('trusts a proxy on the same host, over IPv4, IPv6 or IPv4 mapped into IPv6', async () => {
    for (const [i, proxy] of ['127.0.0.1', '::1', '::ffff:127.0.0.1'].entries()) {
      const statuses: number[] = [];
      for (let j = 0; j < 4; j++) statuses.push((await signIn(proxy, `192.0.2.${50 + i}`, j)).statusCode);
      // Another client through the same proxy has its own budget.
      statuses.push((await signIn(proxy, `192.0.2.${60 + i}`, 0)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 401]);
    }
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TList, TWebhookDelivery } from '@tagstock/contract';
import { withTenant } from '../../db/client';
import { emitWebhookEvent } from '../../platform/webhooks/emit';
import { secretBox } from '../../platform/secrets';
import { apiCalls, platformRows, setupTestApp, testConfig } from '../../test/helper';

// Without WEBHOOK_ALLOW_PRIVATE (production's default): webhooks go to public addresses only.
const ctx = await setupTestApp();
const db = ctx.database.db;
let admin = '';
const { call, ok } = apiCalls(ctx, () => admin);
let hits = 0;
const receiver = createServer((_req, res) => {
  hits += 1;
  res.end('ok');
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

beforeAll(async () => {
  admin = await ctx.token('admin@demo.test');
});

describe('webhook SSRF rule', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://127.1.2.3:8080/hook',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://2130706433/hook',
    'http://localhost/hook',
  ])('refuses %s at registration with a 400 on the url field', async (url) => {
    const res = await call('POST', '/webhooks', { url, events: ['stock.alert'] });
    expect(res.statusCode, res.body).toBe(400);
    const problem = res.json() as { code: string; detail: string; errors: { field: string; code: string }[] };
    expect(problem.code).toBe('validation_failed');
    expect(problem.detail).toMatch(/private, loopback, link-local or reserved address/);
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'url', code: 'private_address' })]);
  });

  it('refuses a host that does not resolve', async () => {
    const res = await call('POST', '/webhooks', { url: 'https://no-such-host.invalid/hook', events: ['stock.alert'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'url', code: 'invalid_url' });
  });

  it('checks again at delivery: an endpoint whose host now resolves to a private address is not called', async () => {
    const tenantId = (await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`))[0]!.id;
    const sealed = secretBox(testConfig().jwtSecret).seal('whsec_test');
    // As if the name resolved to a public address at registration and to this machine now (DNS rebinding).
    const [endpoint] = await platformRows<{ id: number }>(
      db,
      sql`insert into webhook_endpoints (tenant_id, url, events, secret)
          values (${tenantId}, ${`http://localhost:${port}/hook`}, array['invoice.paid'], ${sealed})
          returning id`,
    );
    await withTenant(db, tenantId, (tx) => emitWebhookEvent(tx, tenantId, 'invoice.paid', { id: 1 }));
    await ctx.app.outbox.run();
    const { items } = await ok<TList<TWebhookDelivery>>('GET', `/webhooks/${endpoint!.id}/deliveries`);
    expect(items[0]).toMatchObject({ status: 'failed', httpStatus: null });
    expect(items[0]!.error).toMatch(/localhost resolves to .*private, loopback/);
    expect(hits).toBe(0);
  });
});

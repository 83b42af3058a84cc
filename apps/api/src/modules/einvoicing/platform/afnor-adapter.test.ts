import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerStatus, facturXPdf, type FixtureInvoice } from '../../../../../../tools/pa-simulator/src/fixtures';
import { startPaSimulator, type PaSimulator } from '../../../../../../tools/pa-simulator/src/server';
import { PlatformError, type PlatformAdapter } from './adapter';
import { createAfnorAdapter, type AfnorAdapterOptions } from './afnor-adapter';
import { verifyWebhookSignature } from './webhook-signature';

const seller = { siren: '100000009', name: 'Demo' };
const buyer = { siren: '200000008', name: 'Acme' };
const SELLER_SECRET = 'seller-very-secret-value';

let sim: PaSimulator;
let tokenCalls = 0;
const countingFetch: typeof fetch = (input, init) => {
  if (String(input).endsWith('/auth-service/token')) tokenCalls += 1;
  return fetch(input, init);
};

function adapter(overrides: Partial<AfnorAdapterOptions> = {}): PlatformAdapter {
  return createAfnorAdapter({
    baseUrl: sim.url,
    clientId: 'demo',
    clientSecret: SELLER_SECRET,
    organizationId: seller.siren,
    fetch: countingFetch,
    timeoutMs: 2000,
    ...overrides,
  });
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function invoice(number: string, extra: Partial<FixtureInvoice> = {}) {
  const pdf = await facturXPdf({ number, seller, buyer, ...extra });
  return { pdf, sha256: sha(pdf), fixture: { number, seller, buyer, ...extra } };
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await wait(20);
  }
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error('expected a PlatformError');
}

beforeAll(async () => {
  sim = await startPaSimulator({ stepMs: 20 });
  sim.control.addAccount({ clientId: 'demo', clientSecret: SELLER_SECRET, ...seller });
  sim.control.addAccount({ clientId: 'acme', clientSecret: 'acme-secret', ...buyer });
  sim.control.addCompany({ siren: '300000007', name: 'Closed Line SA', line: 'Disabled' });
  sim.control.addCompany({ siren: '400000006', name: 'Paper Only SARL', line: null });
});

afterAll(async () => {
  await sim?.close();
});

describe('AFNOR adapter against the PA simulator', () => {
  const demo = () => adapter();
  let cursor = '';
  let firstFlowId = '';
  let firstPdf: Buffer = Buffer.alloc(0);

  it('fetches a token once and reuses it until it expires', async () => {
    let clock = Date.now();
    const platform = adapter({ now: () => clock });
    tokenCalls = 0;
    await platform.health();
    await platform.lookupSiren(buyer.siren);
    expect(tokenCalls).toBe(1);
    clock += 3600_000;
    await platform.health();
    expect(tokenCalls).toBe(2);
  });

  it('fetches a new token once when the platform forgets the old one (401)', async () => {
    const platform = adapter();
    await platform.health();
    tokenCalls = 0;
    sim.control.revokeTokens();
    await platform.health();
    expect(tokenCalls).toBe(1);
  });

  it('submits a Factur-X and finds it by trackingId; the buyer receives it', async () => {
    const { pdf, sha256 } = await invoice('F-2026-0001');
    firstPdf = pdf;
    const { flowId, submittedAt } = await demo().submitFlow({
      trackingId: 'invoice-1',
      fileName: 'F-2026-0001.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256,
    });
    firstFlowId = flowId;
    expect(flowId).toBeTruthy();
    expect(Date.parse(submittedAt)).not.toBeNaN();
    const { flows } = await demo().searchFlows({ trackingId: 'invoice-1' });
    expect(flows).toEqual([
      expect.objectContaining({
        flowId,
        trackingId: 'invoice-1',
        direction: 'Out',
        syntax: 'Factur-X',
        type: 'CustomerInvoice',
        status: 'Ok',
        reasons: [],
      }),
    ]);
    const acme = adapter({ clientId: 'acme', clientSecret: 'acme-secret', organizationId: buyer.siren });
    const inbox = await until(
      () => acme.searchFlows({ direction: 'In', types: ['SupplierInvoice'] }),
      (r) => r.flows.length > 0,
    );
    expect(inbox.flows).toHaveLength(1);
    expect(await acme.downloadFlow(inbox.flows[0]!.flowId)).toEqual(pdf);
  });

  it('searches incoming flows since a cursor (the last updatedAt): the lifecycle 200 → 203, then only newer flows', async () => {
    const first = await until(
      () => demo().searchFlows({ direction: 'In' }),
      (r) => r.flows.length >= 4,
    );
    expect(first.flows.map((f) => [f.type, f.name])).toEqual([
      ['CustomerInvoiceLC', 'F-2026-0001_200.xml'],
      ['CustomerInvoiceLC', 'F-2026-0001_201.xml'],
      ['CustomerInvoiceLC', 'F-2026-0001_202.xml'],
      ['CustomerInvoiceLC', 'F-2026-0001_203.xml'],
    ]);
    cursor = first.flows.at(-1)!.updatedAt;
    expect((await demo().searchFlows({ direction: 'In', updatedAfter: cursor })).flows).toEqual([]);

    // The buyer approves: its 205 comes back to the seller, after the cursor.
    const acme = adapter({ clientId: 'acme', clientSecret: 'acme-secret', organizationId: buyer.siren });
    const status = buyerStatus({ number: 'F-2026-0001', seller, buyer }, '205');
    await acme.submitFlow({
      trackingId: 'status-1',
      fileName: 'F-2026-0001_205.xml',
      data: status,
      syntax: 'CDAR',
      sha256: sha(status),
    });
    const next = await until(
      () => demo().searchFlows({ direction: 'In', updatedAfter: cursor }),
      (r) => r.flows.length > 0,
    );
    expect(next.flows).toHaveLength(1);
    expect(next.flows[0]).toMatchObject({ type: 'CustomerInvoiceLC', syntax: 'CDAR' });
    expect((await demo().downloadFlow(next.flows[0]!.flowId)).toString('utf8')).toContain(
      '<ram:ProcessConditionCode>205</ram:ProcessConditionCode>',
    );
  });

  it('reads a page cut by limit to its end with nextCursor', async () => {
    const page1 = await demo().searchFlows({ direction: 'In', limit: 2 });
    expect(page1.flows).toHaveLength(2);
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await demo().searchFlows({ direction: 'In', limit: 2, cursor: page1.nextCursor! });
    const page3 = await demo().searchFlows({ direction: 'In', limit: 2, cursor: page2.nextCursor! });
    expect(page3.nextCursor).toBeUndefined();
    const ids = [...page1.flows, ...page2.flows, ...page3.flows].map((f) => f.flowId);
    expect(new Set(ids).size).toBe(5);
  });

  it('downloads the original file, and reads a flow’s metadata (null when unknown)', async () => {
    expect(await demo().downloadFlow(firstFlowId)).toEqual(firstPdf);
    expect(await demo().getFlow(firstFlowId)).toMatchObject({ flowId: firstFlowId, status: 'Ok' });
    expect(await demo().getFlow('unknown-flow')).toBeNull();
    expect((await failure(demo().downloadFlow('unknown-flow'))).kind).toBe('not_found');
  });

  it('looks companies up in the directory', async () => {
    expect(await demo().lookupSiren(buyer.siren)).toEqual({
      siren: buyer.siren,
      name: 'Acme',
      active: true,
      entityType: 'PrivateVatRegistered',
    });
    expect(await demo().lookupSiren('999999999')).toBeNull();
    expect(await demo().lookupAddressee(buyer.siren)).toMatchObject({
      siren: buyer.siren,
      addressingIdentifier: buyer.siren,
      status: 'Enabled',
      canReceive: true,
    });
    expect(await demo().lookupAddressee('300000007')).toMatchObject({ status: 'Disabled', canReceive: false });
    expect(await demo().lookupAddressee('400000006')).toBeNull();
    expect(await demo().lookupSiren('400000006')).toMatchObject({ name: 'Paper Only SARL' });
  });

  it('a second submit under the same trackingId fails the unicity check; the first flow stays as it was', async () => {
    const { pdf, sha256 } = await invoice('F-2026-0001');
    const again = await demo().submitFlow({
      trackingId: 'invoice-1',
      fileName: 'F-2026-0001.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256,
    });
    expect(again.flowId).not.toBe(firstFlowId);
    const { flows } = await demo().searchFlows({ trackingId: 'invoice-1' });
    expect(flows.map((f) => [f.flowId, f.status, f.reasons.map((r) => r.code)])).toEqual([
      [firstFlowId, 'Ok', []],
      [again.flowId, 'Error', ['AlreadyExistingFlow']],
    ]);
    // Told to, the platform takes the next submit for a duplicate whatever its trackingId.
    sim.control.fail({ duplicate: true });
    const forced = await demo().submitFlow({
      trackingId: 'invoice-x',
      fileName: 'x.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256,
    });
    expect(await demo().getFlow(forced.flowId)).toMatchObject({
      status: 'Error',
      reasons: [expect.objectContaining({ code: 'AlreadyExistingFlow' })],
    });
  });

  it('a wrong checksum is acknowledged Error (ChecksumMismatch)', async () => {
    const { pdf } = await invoice('F-2026-0002');
    const { flowId } = await demo().submitFlow({
      trackingId: 'invoice-2',
      fileName: 'F-2026-0002.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256: 'a'.repeat(64),
    });
    expect(await demo().getFlow(flowId)).toMatchObject({
      status: 'Error',
      reasons: [expect.objectContaining({ code: 'ChecksumMismatch' })],
    });
  });

  it('a 500 is a PlatformError `server` (retryable)', async () => {
    sim.control.fail({ error500: 1 });
    const error = await failure(demo().searchFlows({ trackingId: 'invoice-1' }));
    expect(error).toMatchObject({ kind: 'server', status: 500, code: 'INTERNAL_ERROR', retryable: true });
    await demo().health();
  });

  it('a platform down is `unreachable` (connection refused) or `server` (503); it works again once up', async () => {
    const platform = demo();
    await platform.health();
    await sim.control.down('refuse');
    const refused = await failure(platform.health());
    expect(refused).toMatchObject({ kind: 'unreachable', retryable: true });
    expect(refused.status).toBeUndefined();
    await sim.control.up();
    await platform.health();
    await sim.control.down('503');
    expect(await failure(platform.health())).toMatchObject({ kind: 'server', status: 503 });
    await sim.control.reset();
    await platform.health();
  });

  it('a platform too slow to answer is `unreachable` (timeout)', async () => {
    const platform = adapter({ timeoutMs: 100 });
    await platform.health();
    sim.control.fail({ slowMs: 400 });
    try {
      expect(await failure(platform.health())).toMatchObject({ kind: 'unreachable' });
    } finally {
      await sim.control.reset();
    }
  });

  it('bad credentials are `unauthorized`, and the secret appears nowhere in the error', async () => {
    const wrong = 'wrong-secret-never-shown';
    const error = await failure(adapter({ clientSecret: wrong }).health());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, retryable: false });
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain(wrong);
    // Acting for another organization is refused too.
    expect(await failure(adapter({ organizationId: '200000008' }).health())).toMatchObject({
      kind: 'unauthorized',
      status: 403,
    });
  });

  it('a status the buyer may not send, or one sent in the seller’s name, is acknowledged Error', async () => {
    const acme = adapter({ clientId: 'acme', clientSecret: 'acme-secret', organizationId: buyer.siren });
    const submit = async (code: '200' | '212') => {
      const status = buyerStatus({ number: 'F-2026-0001', seller, buyer }, code);
      const { flowId } = await acme.submitFlow({
        trackingId: `status-${code}`,
        fileName: 's.xml',
        data: status,
        syntax: 'CDAR',
        sha256: sha(status),
      });
      return (await acme.getFlow(flowId))!;
    };
    expect(await submit('200')).toMatchObject({
      status: 'Error',
      reasons: [expect.objectContaining({ code: 'InvoiceLCStatusError' })],
    });
    expect(await submit('212')).toMatchObject({
      status: 'Error',
      reasons: [expect.objectContaining({ code: 'InvoiceLCAccessDenied' })],
    });
  });
});

describe('AFNOR adapter: webhooks and the platform statuses', () => {
  let hooks: Server;
  const calls: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

  beforeAll(async () => {
    hooks = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        calls.push({ headers: request.headers, body });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => hooks.close(resolve));
  });

  it('subscribes a webhook: each incoming flow is posted, signed with the key the platform returned', async () => {
    const acme = adapter({ clientId: 'acme', clientSecret: 'acme-secret', organizationId: buyer.siren });
    const port = (hooks.address() as AddressInfo).port;
    const { uid, secret } = await acme.subscribeWebhook({
      callbackUrl: `http://127.0.0.1:${port}/afnor`,
      direction: 'In',
    });
    expect(uid).toBeTruthy();
    const { pdf, sha256 } = await invoice('F-2026-0003');
    await adapter().submitFlow({
      trackingId: 'invoice-3',
      fileName: 'F-2026-0003.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256,
    });
    await until(
      async () => calls.length,
      (n) => n >= 3,
    );
    const bodies = calls.map((c) => JSON.parse(c.body) as { flowType: string; name: string });
    expect(bodies.map((b) => [b.flowType, b.name])).toEqual([
      ['SupplierInvoice', 'F-2026-0003.pdf'],
      ['SupplierInvoiceLC', 'F-2026-0003_202.xml'],
      ['SupplierInvoiceLC', 'F-2026-0003_203.xml'],
    ]);
    for (const call of calls)
      expect(verifyWebhookSignature(secret, call.headers, call.body)).toMatchObject({ ok: true });
    expect(verifyWebhookSignature(secret, calls[0]!.headers, calls[1]!.body).ok).toBe(false);
    await acme.unsubscribeWebhook(uid);
    await acme.unsubscribeWebhook(uid);
  });

  it('an invoice number deposited twice (new trackingId) gets 213 DOUBLON; an unknown buyer 213 DEST_INC', async () => {
    const { pdf, sha256 } = await invoice('F-2026-0003');
    const since = new Date().toISOString();
    await adapter().submitFlow({
      trackingId: 'invoice-3b',
      fileName: 'F-2026-0003.pdf',
      data: pdf,
      syntax: 'Factur-X',
      sha256,
    });
    const stranger = await invoice('F-2026-0004', { buyer: { siren: '400000006', name: 'Paper Only SARL' } });
    await adapter().submitFlow({
      trackingId: 'invoice-4',
      fileName: 'F-2026-0004.pdf',
      data: stranger.pdf,
      syntax: 'Factur-X',
      sha256: stranger.sha256,
    });
    const statuses = await until(
      () => adapter().searchFlows({ direction: 'In', updatedAfter: since }),
      (r) => r.flows.length >= 3,
    );
    const texts = await Promise.all(
      statuses.flows.map(async (f) => (await adapter().downloadFlow(f.flowId)).toString('utf8')),
    );
    const summary = texts.map((t) => [
      /<ram:IssuerAssignedID>([^<]+)/.exec(t)?.[1],
      /<ram:ProcessConditionCode>(\d+)/.exec(t)?.[1],
      /<ram:ReasonCode>([^<]+)/.exec(t)?.[1] ?? null,
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['F-2026-0003', '213', 'DOUBLON'],
        ['F-2026-0004', '200', null],
        ['F-2026-0004', '213', 'DEST_INC'],
      ]),
    );
  });
});

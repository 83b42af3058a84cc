import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../apps/api/src/modules/einvoicing/platform/webhook-signature';
import { facturXPdf } from './fixtures';
import { startPaSimulator, type PaSimulator } from './server';

/*
 * The simulator's real answers against the AFNOR OpenAPI 1.3.0 files: each implemented operation's response body
 * is validated (ajv, JSON Schema draft 4/7 as OpenAPI 3.0 uses it) against the schema the spec gives for that
 * operation and status.
 */

type Spec = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, Response> }>>;
  components: { responses: Record<string, Response> };
};
type Response = {
  $ref?: string;
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, { schema?: object }>;
};

const dir = join(import.meta.dirname, '../../../apps/api/src/modules/einvoicing/platform/afnor');
const specs = {
  flow: JSON.parse(readFileSync(join(dir, 'afnor-flow-service-1.3.0.json'), 'utf8')) as Spec,
  directory: JSON.parse(readFileSync(join(dir, 'afnor-directory-service-1.3.0.json'), 'utf8')) as Spec,
};

const ajv = new Ajv({ schemaId: 'auto', allErrors: true, validateSchema: false });
ajv.addFormat('byte', /^[A-Za-z0-9+/]*={0,2}$/);
ajv.addFormat('binary', () => true);
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
let compiled = 0;

/** The operation with that id, and its path in the spec. */
function operation(spec: Spec, operationId: string) {
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) if (op.operationId === operationId) return { path, method, op };
  }
  throw new Error(`No operation ${operationId}`);
}

function responseOf(spec: Spec, operationId: string, status: number): Response {
  const { op } = operation(spec, operationId);
  const response = op.responses[String(status)] ?? op.responses.default;
  if (!response) throw new Error(`${operationId} declares no ${status} response`);
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const resolved = spec.components.responses[name];
  if (!resolved) throw new Error(`Unresolved ${response.$ref}`);
  return resolved;
}

/** Validates a JSON body with the schema of `operationId`'s `status` response; returns the errors. */
function violations(specName: keyof typeof specs, operationId: string, status: number, body: unknown): string[] {
  const spec = specs[specName];
  const response = responseOf(spec, operationId, status);
  const media = response.content?.['application/json'] ?? response.content?.['application/problem+json'];
  if (!media?.schema) return body === null || body === '' ? [] : [`${operationId} ${status} declares no JSON body`];
  // The target schema inside a copy of the whole document, so its `#/components/…` references resolve.
  const validate = ajv.compile({ ...spec, $id: `afnor-${++compiled}`, allOf: [media.schema] });
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.dataPath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

let sim: PaSimulator;
let hooks: Server;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const tokens: Record<string, string> = {};

async function token(clientId: string, secret: string): Promise<string> {
  const response = await fetch(`${sim.url}/auth-service/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
  return body.access_token;
}

type Call = { status: number; body: unknown; headers: Headers };
async function call(
  service: 'flow' | 'directory',
  method: string,
  path: string,
  options: { as?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Call> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokens[options.as ?? 'seller']}`,
    ...options.headers,
  };
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const response = await fetch(`${sim.url}/${service}-service${path}`, { method, headers, body });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: type.includes('json') && text ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

function flowForm(info: Record<string, unknown>, data: Buffer, type = 'application/pdf') {
  const form = new FormData();
  form.append('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }));
  form.append('file', new Blob([new Uint8Array(data)], { type }), String(info.name ?? 'file'));
  return form;
}

const seller = { siren: '100000009', name: 'Vendeur' };
const buyer = { siren: '200000008', name: 'Acheteur' };

beforeAll(async () => {
  sim = await startPaSimulator({ stepMs: 5 });
  sim.control.addAccount({ clientId: 'seller', clientSecret: 'seller-secret', ...seller, sirets: ['10000000900017'] });
  sim.control.addAccount({ clientId: 'buyer', clientSecret: 'buyer-secret', ...buyer });
  tokens.seller = await token('seller', 'seller-secret');
  tokens.buyer = await token('buyer', 'buyer-secret');
  hooks = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await sim?.close();
  await new Promise((resolve) => hooks?.close(resolve));
});

describe('PA simulator against the AFNOR Flow Service OpenAPI', () => {
  let flowId = '';
  let signingKey = '';

  it('(the validator is not vacuous: it refuses bodies the spec does not allow)', () => {
    expect(violations('flow', 'getFlow', 200, { flowId: 'x' })).not.toEqual([]);
    expect(violations('flow', 'createFlow', 400, { errorMessage: 'no code' })).not.toEqual([]);
    expect(violations('directory', 'getCompanyBySiren', 200, { siren: '12' })).not.toEqual([]);
  });

  it('getHealth: 200', async () => {
    const health = await call('flow', 'GET', '/v1/healthcheck');
    expect(health.status).toBe(200);
    expect(violations('flow', 'getHealth', 200, health.body)).toEqual([]);
  });

  it('createWebhook 201, listWebhooks 200, and the callback is a signed Flow', async () => {
    const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/afnor`;
    const created = await call('flow', 'POST', '/v1/webhooks', {
      as: 'buyer',
      json: { callbackUrl: url, flowDirection: 'In' },
    });
    expect(created.status).toBe(201);
    expect(violations('flow', 'createWebhook', 201, created.body)).toEqual([]);
    signingKey = (created.body as { signingKey: string }).signingKey;
    expect(Buffer.from(signingKey, 'base64')).toHaveLength(32);
    const list = await call('flow', 'GET', '/v1/webhooks', { as: 'buyer' });
    expect(list.status).toBe(200);
    expect(violations('flow', 'listWebhooks', 200, list.body)).toEqual([]);
    expect(list.body).toMatchObject({ count: 1 });
    const bad = await call('flow', 'POST', '/v1/webhooks', { as: 'buyer', json: { callbackUrl: 'not a url' } });
    expect(bad.status).toBe(400);
    expect(violations('flow', 'createWebhook', 400, bad.body)).toEqual([]);
  });

  it('createFlow: 202 with the FullFlowInfo', async () => {
    const pdf = await facturXPdf({ number: 'C-1', seller, buyer });
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const created = await call('flow', 'POST', '/v1/flows', {
      form: flowForm(
        {
          trackingId: 'c-1',
          name: 'C-1.pdf',
          flowSyntax: 'Factur-X',
          flowProfile: 'CIUS',
          processingRule: 'B2B',
          sha256,
        },
        pdf,
      ),
      headers: { 'Organization-Id': seller.siren, 'Request-Id': crypto.randomUUID() },
    });
    expect(created.status).toBe(202);
    expect(violations('flow', 'createFlow', 202, created.body)).toEqual([]);
    expect(created.body).toMatchObject({ trackingId: 'c-1', flowSyntax: 'Factur-X', sha256 });
    flowId = (created.body as { flowId: string }).flowId;
  });

  it('createFlow errors: 400 without file, 401 without token, 403 for another organization', async () => {
    const form = new FormData();
    form.append('flowInfo', JSON.stringify({ name: 'x.pdf', flowSyntax: 'Factur-X' }));
    const missing = await call('flow', 'POST', '/v1/flows', { form });
    expect(missing.status).toBe(400);
    expect(violations('flow', 'createFlow', 400, missing.body)).toEqual([]);
    const anonymous = await fetch(`${sim.url}/flow-service/v1/flows`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(violations('flow', 'createFlow', 401, await anonymous.json())).toEqual([]);
    const foreign = await call('flow', 'POST', '/v1/flows', { form, headers: { 'Organization-Id': '999999999' } });
    expect(foreign.status).toBe(403);
    expect(violations('flow', 'createFlow', 403, foreign.body)).toEqual([]);
  });

  it('searchFlows: 200 with Flow results, paginated by nextCursor; 400 without a criterion', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    const all = await call('flow', 'POST', '/v1/flows/search', {
      json: { where: { updatedAfter: '2000-01-01T00:00:00Z' } },
    });
    expect(all.status).toBe(200);
    expect(violations('flow', 'searchFlows', 200, all.body)).toEqual([]);
    const results = (all.body as { results: { flowType: string }[] }).results;
    expect(results.map((r) => r.flowType)).toEqual([
      'CustomerInvoice',
      'CustomerInvoiceLC',
      'CustomerInvoiceLC',
      'CustomerInvoiceLC',
      'CustomerInvoiceLC',
    ]);
    const first = await call('flow', 'POST', '/v1/flows/search', {
      json: { where: { flowDirection: ['In'] }, limit: 3 },
    });
    expect(violations('flow', 'searchFlows', 200, first.body)).toEqual([]);
    const page1 = first.body as { results: { flowId: string }[]; nextCursor?: string };
    expect(page1.results).toHaveLength(3);
    expect(page1.nextCursor).toBeTruthy();
    const second = await call('flow', 'POST', '/v1/flows/search', {
      json: { where: { flowDirection: ['In'] }, limit: 3, cursor: page1.nextCursor },
    });
    const page2 = second.body as { results: { flowId: string }[]; nextCursor?: string };
    expect(page2.results).toHaveLength(1);
    expect(page2.nextCursor).toBeUndefined();
    const empty = await call('flow', 'POST', '/v1/flows/search', { json: { where: {} } });
    expect(empty.status).toBe(400);
    expect(violations('flow', 'searchFlows', 400, empty.body)).toEqual([]);
  });

  it('getFlow: Metadata is a Flow, Original the file with its Content-Disposition, 404 for an unknown flow', async () => {
    const meta = await call('flow', 'GET', `/v1/flows/${flowId}?docType=Metadata`);
    expect(meta.status).toBe(200);
    expect(violations('flow', 'getFlow', 200, meta.body)).toEqual([]);
    expect(meta.body).toMatchObject({ flowId, acknowledgement: { status: 'Ok' }, flowDirection: 'Out' });
    const original = await fetch(`${sim.url}/flow-service/v1/flows/${flowId}?docType=Original`, {
      headers: { authorization: `Bearer ${tokens.seller}` },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('application/octet-stream');
    expect(original.headers.get('content-disposition')).toMatch(/^attachment;filename=/);
    expect(
      Buffer.from(await original.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const unknown = await call('flow', 'GET', '/v1/flows/nope');
    expect(unknown.status).toBe(404);
    expect(violations('flow', 'getFlow', 404, unknown.body)).toEqual([]);
    // Another account's flow is not there for it.
    const foreign = await call('flow', 'GET', `/v1/flows/${flowId}`, { as: 'buyer' });
    expect(foreign.status).toBe(404);
  });

  it("the buyer's webhook got the incoming invoice, as a Flow, signed", async () => {
    const calls = received.filter((r) => JSON.parse(r.body).flowType === 'SupplierInvoice');
    expect(calls).toHaveLength(1);
    const [hook] = calls;
    const body = JSON.parse(hook!.body);
    expect(violations('flow', 'getFlow', 200, body)).toEqual([]);
    const verdict = verifyWebhookSignature(signingKey, hook!.headers, hook!.body);
    expect(verdict.ok).toBe(true);
    expect(hook!.headers['afnor-signature-timestamp']).toMatch(/^\d+$/);
  });

  it('deleteWebhook: 204, then 404', async () => {
    const list = (await call('flow', 'GET', '/v1/webhooks', { as: 'buyer' })).body as {
      webhooks: { webhookId: string }[];
    };
    const uid = list.webhooks[0]!.webhookId;
    const deleted = await call('flow', 'DELETE', `/v1/webhooks/${uid}`, { as: 'buyer' });
    expect(deleted.status).toBe(204);
    const again = await call('flow', 'DELETE', `/v1/webhooks/${uid}`, { as: 'buyer' });
    expect(again.status).toBe(404);
    expect(violations('flow', 'deleteWebhook', 404, again.body)).toEqual([]);
  });

  it('faults answer with the spec error shapes: 500, 503; unknown routes a 404 Error', async () => {
    sim.control.fail({ error500: 1 });
    const failed = await call('flow', 'POST', '/v1/flows/search', { json: { where: { trackingId: 'c-1' } } });
    expect(failed.status).toBe(500);
    expect(violations('flow', 'searchFlows', 500, failed.body)).toEqual([]);
    await sim.control.down('503');
    const down = await call('flow', 'GET', '/v1/healthcheck');
    expect(down.status).toBe(503);
    expect(violations('flow', 'getHealth', 503, down.body)).toEqual([]);
    await sim.control.reset();
    const unknown = await call('flow', 'GET', '/v2/nothing');
    expect(unknown.status).toBe(404);
    expect(violations('flow', 'getFlow', 404, unknown.body)).toEqual([]);
  });
});

describe('PA simulator against the AFNOR Directory Service OpenAPI', () => {
  it('searchCompanyBySiren and getCompanyBySiren (200, 404)', async () => {
    const search = await call('directory', 'POST', '/v1/siren/search', {
      json: { filters: { siren: { op: 'strict', value: buyer.siren } }, limit: 10 },
    });
    expect(search.status).toBe(200);
    expect(violations('directory', 'searchCompanyBySiren', 200, search.body)).toEqual([]);
    expect(search.body).toMatchObject({
      totalNumberOfResults: 1,
      results: [{ siren: buyer.siren, businessName: buyer.name }],
    });
    const byName = await call('directory', 'POST', '/v1/siren/search', {
      json: { filters: { businessName: { op: 'contains', value: 'vend' } }, fields: ['siren'] },
    });
    expect(byName.body).toMatchObject({ results: [{ siren: seller.siren }] });
    const get = await call('directory', 'GET', `/v1/siren/code-insee:${buyer.siren}`);
    expect(get.status).toBe(200);
    expect(violations('directory', 'getCompanyBySiren', 200, get.body)).toEqual([]);
    const missing = await call('directory', 'GET', '/v1/siren/code-insee:300000007');
    expect(missing.status).toBe(404);
    expect(violations('directory', 'getCompanyBySiren', 404, missing.body)).toEqual([]);
  });

  it('searchFacilityBySiret and getFacilityBySiret', async () => {
    const search = await call('directory', 'POST', '/v1/siret/search', {
      json: { filters: { siret: { op: 'strict', value: '10000000900017' } } },
    });
    expect(search.status).toBe(200);
    expect(violations('directory', 'searchFacilityBySiret', 200, search.body)).toEqual([]);
    expect(search.body).toMatchObject({ totalNumberOfResults: 1 });
    const get = await call('directory', 'GET', '/v1/siret/code-insee:10000000900017');
    expect(get.status).toBe(200);
    expect(violations('directory', 'getFacilityBySiret', 200, get.body)).toEqual([]);
    const missing = await call('directory', 'GET', '/v1/siret/code-insee:10000000900025');
    expect(violations('directory', 'getFacilityBySiret', missing.status, missing.body)).toEqual([]);
  });

  it('searchRoutingCode and getRoutingCodeBySiretAndId (no routing codes here)', async () => {
    const search = await call('directory', 'POST', '/v1/routing-code/search', { json: { filters: {} } });
    expect(search.status).toBe(200);
    expect(violations('directory', 'searchRoutingCode', 200, search.body)).toEqual([]);
    const get = await call('directory', 'GET', '/v1/routing-code/siret:10000000900017/code:SERVICE1');
    expect(get.status).toBe(404);
    expect(violations('directory', 'getRoutingCodeBySiretAndId', 404, get.body)).toEqual([]);
  });

  it('searchDirectoryLine and getDirectoryLineById', async () => {
    const search = await call('directory', 'POST', '/v1/directory-line/search', {
      json: { filters: { siren: { op: 'strict', value: buyer.siren } }, include: ['siren'] },
    });
    expect(search.status).toBe(200);
    expect(violations('directory', 'searchDirectoryLine', 200, search.body)).toEqual([]);
    expect(search.body).toMatchObject({
      results: [
        { addressingIdentifier: buyer.siren, directoryLineStatus: 'Enabled', legalUnit: { siren: buyer.siren } },
      ],
    });
    const get = await call('directory', 'GET', `/v1/directory-line/code:${buyer.siren}`);
    expect(get.status).toBe(200);
    expect(violations('directory', 'getDirectoryLineById', 200, get.body)).toEqual([]);
    const missing = await call('directory', 'GET', '/v1/directory-line/code:nobody');
    expect(missing.status).toBe(404);
    expect(violations('directory', 'getDirectoryLineById', 404, missing.body)).toEqual([]);
    const health = await call('directory', 'GET', '/v1/healthcheck');
    expect(health.status).toBe(200);
  });

  it('refuses a call without a valid token (401, the Error shape)', async () => {
    const response = await fetch(`${sim.url}/directory-service/v1/siren/code-insee:${buyer.siren}`, {
      headers: { authorization: 'Bearer forged' },
    });
    expect(response.status).toBe(401);
    expect(violations('directory', 'getCompanyBySiren', 401, await response.json())).toEqual([]);
  });
});

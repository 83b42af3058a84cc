import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, setupTestApp } from '../test/helper';
import { bodyExamples, PROBLEM_SCHEMA } from './openapi';

const ctx = await setupTestApp();

type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { $ref?: string }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; servers: unknown[]; info: { license?: unknown } };

let source: string;
let doc: Doc;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/backend/docs/json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json() as Doc;
});

describe('OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const ref = 'tagstock-openapi.json';
    const config = await createConfig({ extends: ['recommended'] });
    // Accepted exceptions, not a disabled rule: the liveness and readiness probes answer 200 or 5xx, never a 4xx,
    // and documenting one they cannot send would be false.
    config.styleguide.ignore[ref] = {
      'operation-4xx-response': new Set([
        '#/paths/~1backend~1health/get/responses',
        '#/paths/~1backend~1ready/get/responses',
      ]),
    };
    const problems = (await lintFromString({ source, absoluteRef: ref, config })).filter((p) => !p.ignored);
    const report = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(report).toEqual([]);
  });

  it('names every operation once, readably, and summarizes it', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.length).toBeGreaterThan(200);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.summary, `${method} ${path}`).toMatch(/^[A-Z]/);
    }
    const byRoute = Object.fromEntries(
      operations().map(({ path, method, op }) => [`${method} ${path}`, op.operationId]),
    );
    // Stable names integrators' clients depend on.
    expect(byRoute).toMatchObject({
      'GET /backend/api/invoices': 'listInvoices',
      'GET /backend/api/invoices/{id}': 'getInvoice',
      'POST /backend/api/invoices': 'createInvoice',
      'PUT /backend/api/invoices/{id}': 'updateInvoice',
      'DELETE /backend/api/invoices/{id}': 'deleteInvoice',
      'POST /backend/api/invoices/{id}/status': 'setInvoiceStatus',
      'GET /backend/api/invoices/{id}/history': 'getInvoiceHistory',
      'GET /backend/api/invoices/{id}/pdf': 'getInvoicePdf',
      'POST /backend/api/invoices/{id}/payments': 'createInvoicePayment',
      'GET /backend/api/articles/export': 'exportArticles',
      'POST /backend/api/readers/{id}/rotate-secret': 'rotateReaderSecret',
      'GET /backend/api/platform/readers': 'listPlatformReaders',
      'GET /backend/api/platform/platform-orders': 'listAdminPlatformOrders',
      'POST /backend/api/auth/sign-in': 'signIn',
      // A route that declares its own summary keeps it.
      'GET /backend/api/tenant/export': 'exportTenant',
    });
  });

  it('gives every operation the problem responses its route can answer', () => {
    const responses = (method: string, path: string) =>
      Object.keys(doc.paths[path]![method.toLowerCase()]!.responses).sort();
    // Body and id: 400, 404; a permission: 401, 403; a signed-in write: 409; a body: 413.
    expect(responses('PUT', '/backend/api/invoices/{id}')).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    expect(responses('GET', '/backend/api/invoices')).toEqual(['200', '400', '401', '403']);
    expect(responses('GET', '/backend/api/auth/me')).toEqual(['200', '401']);
    // Public, rate limited, and a wrong password is a 401.
    expect(responses('POST', '/backend/api/auth/sign-in')).toEqual(['200', '400', '401', '413', '429']);
    expect(doc.paths['/backend/api/auth/sign-in']!.post!.security).toEqual([]);
    expect(doc.paths['/backend/api/ingest/zebra']!.post!.security).toEqual([{ reader: [] }, { readerBasic: [] }]);
    for (const { op } of operations())
      for (const [status, response] of Object.entries(op.responses))
        if (status.startsWith('4')) expect(response.$ref).toMatch(/^#\/components\/responses\//);
    expect(doc.servers).toEqual([{ url: '/' }]);
    expect(doc.info.license).toMatchObject({ name: 'Proprietary' });
  });

  it('describes the problems the error handler really sends', async () => {
    const admin = await ctx.token('admin@demo.test');
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/backend/api/articles' }),
      await ctx.as(admin, { method: 'GET', url: '/backend/api/articles/2147483647' }),
      await ctx.as(admin, { method: 'POST', url: '/backend/api/categories', payload: { name: '' } }),
      await ctx.as(await ctx.token('viewer@demo.test'), {
        method: 'POST',
        url: '/backend/api/categories',
        payload: { name: 'x' },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 404, 400, 403]);
    const properties = PROBLEM_SCHEMA.properties;
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = answer.json() as Record<string, unknown>;
      for (const key of PROBLEM_SCHEMA.required) expect(body).toHaveProperty(key);
      for (const key of Object.keys(body)) expect(Object.keys(properties)).toContain(key);
      expect(properties.code.enum).toContain(body.code);
      for (const error of (body.errors ?? []) as Record<string, unknown>[]) {
        for (const key of properties.errors.items.required) expect(error).toHaveProperty(key);
        expect(properties.errors.items.properties.code.enum).toContain(error.code);
      }
    }
  });

  it("gives the documents' create and update bodies examples the routes accept", async () => {
    const examples = bodyExamples();
    const documents =
      /^(create|update)(Invoice|CreditNote|Proforma|PurchaseOrder|PlatformOrder|Output|DeliveryNote|Reservation|Inventory)$/;
    const withBody = operations().filter(({ op }) => documents.test(op.operationId!) && op.requestBody);
    expect(withBody.length).toBeGreaterThanOrEqual(15);
    for (const { path, method, op } of withBody) {
      const documented = op.requestBody!.content['application/json']!.examples;
      expect(documented, op.operationId).toEqual(examples[op.operationId!]);
      for (const [name, { value }] of Object.entries(documented!)) {
        // Unsigned: the route validates the body first, then refuses the caller, so 401 means the body passed.
        const url = path.replace('{id}', '1');
        const res = await ctx.app.inject({ method: method as 'POST', url, payload: value as object });
        expect(res.statusCode, `${op.operationId} ${name}: ${res.body}`).toBe(401);
      }
    }
    expect(Object.keys(examples).sort()).toEqual(withBody.map(({ op }) => op.operationId).sort());
  });
});

const requireHere = createRequire(import.meta.url);

/** Type-checks the files in `dir` as one strict program; answers the diagnostics. */
function typeCheck(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    // The generated client lives outside the repository: its one import is resolved to ours.
    paths: { 'openapi-fetch': [join(requireHere.resolve('openapi-fetch'), '../index.d.mts')] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const CLIENT = `import type createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function run(create: typeof createClient, baseUrl: string, email: string, password: string) {
  const client = create<paths>({ baseUrl });
  const signIn = await client.POST('/backend/api/auth/sign-in', { body: { email, password } });
  if (!signIn.data) throw new Error('sign-in failed: ' + signIn.error.code);
  const token: string = signIn.data.token;
  const headers = { authorization: 'Bearer ' + token };
  const articles = await client.GET('/backend/api/articles', {
    params: { query: { page: 1, limit: 5, sort: 'reference:asc' } },
    headers,
  });
  if (!articles.data) throw new Error('list failed: ' + articles.error.code);
  const references: string[] = articles.data.items.map((a) => a.reference);
  const missing = await client.GET('/backend/api/articles/{id}', { params: { path: { id: 2147483647 } }, headers });
  const wrong = await client.POST('/backend/api/auth/sign-in', { body: { email, password: password + '!' } });
  return {
    total: articles.data.total,
    references,
    missing: { status: missing.response.status, code: missing.error?.code },
    wrong: { status: wrong.response.status, code: wrong.error?.code },
  };
}
`;

describe('A client generated from the document', () => {
  it('compiles strictly and calls the API', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tagstock-client-'));
    try {
      const schema = astToString(await openapiTS(source));
      await writeFile(join(dir, 'schema.ts'), schema);
      await writeFile(join(dir, 'client.ts'), CLIENT);
      expect(typeCheck([join(dir, 'client.ts')])).toEqual([]);
      // The types are real: a sign-in without its password does not compile.
      await writeFile(join(dir, 'wrong.ts'), CLIENT.replace('body: { email, password } }', 'body: { email } }'));
      expect(typeCheck([join(dir, 'wrong.ts')]).join('\n')).toMatch(/password/);

      const js = ts.transpileModule(CLIENT, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      await writeFile(join(dir, 'client.mjs'), js);
      const { run } = (await import(pathToFileURL(join(dir, 'client.mjs')).href)) as {
        run: (create: typeof createClient, baseUrl: string, email: string, password: string) => Promise<unknown>;
      };
      const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const result = (await run(createClient, address, 'admin@demo.test', DEMO_PASSWORD)) as {
        total: number;
        references: string[];
        missing: { status: number; code?: string };
        wrong: { status: number; code?: string };
      };
      expect(result.total).toBeGreaterThan(0);
      expect(result.references.length).toBeGreaterThan(0);
      expect(result.missing).toEqual({ status: 404, code: 'not_found' });
      expect(result.wrong).toEqual({ status: 401, code: 'invalid_credentials' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

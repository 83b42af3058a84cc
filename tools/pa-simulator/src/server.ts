import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { signWebhook, newSigningKey } from '../../../apps/api/src/modules/einvoicing/platform/webhook-signature';
import { createControl, controlRoutes, type Faults, type PaSimControl, type WebhookCall } from './control';
import { createRouter, sha } from './routing';
import { createStore, type Account, type FlowDirection, type SimFlow, type Store } from './store';

/*
 * A local approved platform (PA) speaking AFNOR XP Z12-013 1.3.0, for tests and the demo. Layout (the adapter's
 * single-base-URL convention): `${url}/flow-service/v1/…`, `${url}/directory-service/v1/…`, the OAuth2 token at
 * `${url}/auth-service/token`, and a control API under `${url}/_sim/…` (control.ts).
 */

export type PaSimulatorOptions = {
  port?: number;
  host?: string;
  /** Time between the lifecycle statuses the platform plays (200 → 201 → 202 → 203) and before a relay. */
  stepMs?: number;
  tokenTtlSeconds?: number;
  /** Fastify's logger (off by default). */
  logger?: boolean;
};

export type PaSimulator = { url: string; port: number; close(): Promise<void>; control: PaSimControl };

type ApiError = { errorCode: string; errorMessage?: string };

const SYNTAXES = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const;
const PROFILES = ['Basic', 'CIUS', 'Extended-CTC-FR', 'Undefined'] as const;
const RULES = ['B2B', 'B2BInt', 'B2C', 'B2G', 'B2GInt', 'OutOfScope', 'B2GOutOfScope', 'ArchiveOnly', 'NotApplicable'];
const FLOW_TYPES = ['CustomerInvoice', 'SupplierInvoice', 'CustomerInvoiceLC', 'SupplierInvoiceLC'];

function fail(reply: FastifyReply, status: number, errorCode: string, errorMessage?: string) {
  const body: ApiError = errorMessage ? { errorCode, errorMessage } : { errorCode };
  return reply.code(status).type('application/json').send(body);
}

/** A flow as the Flow schema of the spec shows it. */
export function flowJson(flow: SimFlow) {
  return {
    flowId: flow.flowId,
    ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
    name: flow.name,
    processingRule: flow.processingRule,
    flowSyntax: flow.syntax,
    flowProfile: flow.profile,
    submittedAt: flow.submittedAt,
    updatedAt: flow.updatedAt,
    flowType: flow.type,
    processingRuleSource: flow.processingRuleSource,
    flowDirection: flow.direction,
    acknowledgement: flow.ack,
  };
}

const cursorOf = (flow: SimFlow) =>
  Buffer.from(JSON.stringify({ u: flow.updatedAt, i: flow.flowId })).toString('base64url');
function readCursor(cursor: string): { u: string; i: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { u?: unknown; i?: unknown };
    return typeof value.u === 'string' && typeof value.i === 'string' ? { u: value.u, i: value.i } : null;
  } catch {
    return null;
  }
}
const order = (a: SimFlow, b: SimFlow) => a.updatedAt.localeCompare(b.updatedAt) || a.flowId.localeCompare(b.flowId);

type Multipart = { flowInfo?: unknown; file?: { name: string; type: string; data: Buffer } };
async function readMultipart(body: Buffer, contentType: string): Promise<Multipart | null> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return null;
  }
  const out: Multipart = {};
  const info = form.get('flowInfo');
  if (info !== null) {
    const text = typeof info === 'string' ? info : await info.text();
    try {
      out.flowInfo = JSON.parse(text);
    } catch {
      out.flowInfo = null;
    }
  }
  const file = form.get('file');
  if (file !== null && typeof file !== 'string') {
    out.file = { name: file.name, type: file.type, data: Buffer.from(await file.arrayBuffer()) };
  }
  return out;
}

export async function startPaSimulator(options: PaSimulatorOptions = {}): Promise<PaSimulator> {
  const host = options.host ?? '127.0.0.1';
  const stepMs = options.stepMs ?? 300;
  const store = createStore({ tokenTtlSeconds: options.tokenTtlSeconds ?? 3600 });
  const faults: Faults = { down: false, error500: 0, slowMs: 0, duplicate: false };
  const webhookCalls: WebhookCall[] = [];

  const router = createRouter({
    store,
    stepMs,
    notify: (flow) => void callWebhooks(flow),
    platform: { id: '9999', name: 'Simulateur PA' },
  });

  async function callWebhooks(flow: SimFlow) {
    const body = JSON.stringify(flowJson(flow));
    for (const hook of store.webhooks.values()) {
      if (hook.clientId !== flow.clientId) continue;
      if (hook.flowDirection && hook.flowDirection !== flow.direction) continue;
      if (hook.flowTypes?.length && !hook.flowTypes.includes(flow.type)) continue;
      const started = Date.now();
      const call: WebhookCall = {
        webhookId: hook.uid,
        flowId: flow.flowId,
        url: hook.callbackUrl,
        at: new Date().toISOString(),
      };
      webhookCalls.push(call);
      try {
        const response = await fetch(hook.callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signWebhook(hook.signingKey, body, Math.floor(Date.now() / 1000)),
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        await response.body?.cancel();
        call.status = response.status;
      } catch (error) {
        call.error = error instanceof Error ? error.message : String(error);
      }
      call.durationMs = Date.now() - started;
    }
  }

  let server: Server | undefined;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 110 * 1024 * 1024,
    serverFactory: (handler) => {
      server = createServer(handler);
      return server;
    },
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.setNotFoundHandler((request, reply) =>
    fail(reply, 404, 'MISSING_RESOURCE', `No route ${request.method} ${request.url}`),
  );
  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return fail(reply, status, status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST', error.message);
  });

  // Faults apply to the platform's API, never to the control API.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_sim/')) return;
    if (faults.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
    if (faults.down === '503') return fail(reply, 503, 'RESOURCE_ERROR', 'The platform is down (simulated)');
    if (faults.error500 > 0) {
      faults.error500 -= 1;
      return fail(reply, 500, 'INTERNAL_ERROR', 'Simulated failure');
    }
  });

  // --- OAuth2 client credentials -------------------------------------------------------------------------------
  app.post('/auth-service/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (form.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    const account = clientId ? store.accounts.get(clientId) : undefined;
    if (!account || account.clientSecret !== clientSecret) {
      return reply.code(401).header('www-authenticate', 'Basic realm="pa-simulator"').send({ error: 'invalid_client' });
    }
    const { token, expiresIn } = store.issueToken(account.clientId);
    return reply
      .header('cache-control', 'no-store')
      .send({ access_token: token, token_type: 'Bearer', expires_in: expiresIn });
  });

  /** The account behind the bearer token, or an answer sent (401, or 403 for a foreign Organization-Id). */
  function authenticate(request: FastifyRequest, reply: FastifyReply, flowService: boolean): Account | undefined {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer) {
      void fail(reply, 401, 'MISSING_TOKEN');
      return undefined;
    }
    const account = store.accountOfToken(bearer);
    if (!account) {
      void fail(reply, 401, 'INVALID_TOKEN', 'The token is unknown or expired');
      return undefined;
    }
    const organization = request.headers['organization-id'];
    if (flowService && typeof organization === 'string' && organization && organization !== account.organizationId) {
      void fail(reply, 403, 'FORBIDDEN_ACCESS', 'This client does not act for that organization');
      return undefined;
    }
    return account;
  }

  // --- Flow service ----------------------------------------------------------------------------------------------
  await app.register(
    async (flowApi) => {
      flowApi.get('/v1/healthcheck', async (request, reply) => {
        if (!authenticate(request, reply, true)) return reply;
        return reply.code(200).send();
      });

      flowApi.post('/v1/flows', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const contentType = request.headers['content-type'] ?? '';
        if (!contentType.startsWith('multipart/form-data') || !Buffer.isBuffer(request.body)) {
          return fail(reply, 400, 'INVALID_REQUEST', 'A flow is posted as multipart/form-data (flowInfo, file)');
        }
        const parts = await readMultipart(request.body, contentType);
        const info = parts?.flowInfo as Record<string, unknown> | null | undefined;
        if (!parts?.file || !info || typeof info !== 'object') {
          return fail(reply, 400, 'MISSING_REQUIRED_FIELD', 'flowInfo (JSON) and file are required');
        }
        const syntax = SYNTAXES.find((s) => s === info.flowSyntax);
        const profile = info.flowProfile === undefined ? 'Undefined' : PROFILES.find((p) => p === info.flowProfile);
        const rule = info.processingRule;
        const trackingId = info.trackingId;
        const problems = [
          typeof info.name !== 'string' || !info.name || info.name.length > 255 ? 'name' : null,
          syntax ? null : 'flowSyntax',
          profile ? null : 'flowProfile',
          rule === undefined || RULES.includes(rule as string) ? null : 'processingRule',
          trackingId === undefined || (typeof trackingId === 'string' && trackingId.length <= 64) ? null : 'trackingId',
          info.sha256 === undefined || (typeof info.sha256 === 'string' && /^[a-f0-9]{64}$/.test(info.sha256))
            ? null
            : 'sha256',
        ].filter(Boolean);
        if (problems.length || !syntax || !profile) {
          return fail(reply, 400, 'INVALID_FIELD', `Invalid flowInfo: ${problems.join(', ')}`);
        }
        const data = parts.file.data;
        const digest = sha(data);
        const original =
          typeof trackingId === 'string'
            ? store
                .flowsOf(account.clientId)
                .find(
                  (f) =>
                    f.direction === 'Out' &&
                    f.trackingId === trackingId &&
                    f.ack.details?.[0]?.reasonCode !== 'AlreadyExistingFlow',
                )
            : undefined;
        const flow = store.addFlow({
          clientId: account.clientId,
          ...(typeof trackingId === 'string' ? { trackingId } : {}),
          name: info.name as string,
          syntax,
          profile,
          processingRule: (rule as string | undefined) ?? 'B2B',
          processingRuleSource: rule === undefined ? 'Computed' : 'Input',
          type: syntax === 'CDAR' ? 'SupplierInvoiceLC' : 'CustomerInvoice',
          direction: 'Out',
          ack: { status: 'Pending' },
          file: data,
          contentType: parts.file.type || 'application/octet-stream',
          sha256: digest,
        });
        const forced = faults.duplicate;
        faults.duplicate = false;
        if (original || forced) {
          await router.submitted(account, flow, { flowId: original?.flowId });
        } else if (typeof info.sha256 === 'string' && info.sha256 !== digest) {
          flow.ack = {
            status: 'Error',
            details: [
              {
                level: 'Error',
                item: 'sha256',
                reasonCode: 'ChecksumMismatch',
                reasonMessage: `The file's SHA-256 is ${digest}`,
              },
            ],
          };
          flow.updatedAt = store.stamp();
        } else {
          await router.submitted(account, flow);
        }
        return reply.code(202).send({
          flowId: flow.flowId,
          submittedAt: flow.submittedAt,
          ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
          name: flow.name,
          processingRule: flow.processingRule,
          flowSyntax: flow.syntax,
          flowProfile: flow.profile,
          sha256: digest,
        });
      });

      flowApi.post('/v1/flows/search', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const body = (request.body ?? {}) as { where?: Record<string, unknown>; limit?: unknown; cursor?: unknown };
        const where = body.where;
        if (!where || typeof where !== 'object' || Object.keys(where).length === 0) {
          return fail(reply, 400, 'MISSING_REQUIRED_FIELD', 'where needs at least one criterion');
        }
        const limit = body.limit === undefined ? 25 : body.limit;
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 100) {
          return fail(reply, 400, 'INVALID_FIELD', 'limit is an integer from 1 to 100');
        }
        const cursor = typeof body.cursor === 'string' ? readCursor(body.cursor) : undefined;
        if (cursor === null) return fail(reply, 400, 'INVALID_FIELD', 'Unknown cursor');
        const after = typeof where.updatedAfter === 'string' ? Date.parse(where.updatedAfter) : undefined;
        const before = typeof where.updatedBefore === 'string' ? Date.parse(where.updatedBefore) : undefined;
        if (Number.isNaN(after) || Number.isNaN(before))
          return fail(reply, 400, 'INVALID_FIELD', 'A date is not a date-time');
        const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : undefined);
        const directions = list(where.flowDirection);
        const types = list(where.flowType);
        const rules = list(where.processingRule);
        const matching = store
          .flowsOf(account.clientId)
          .filter(
            (f) =>
              (after === undefined || Date.parse(f.updatedAt) > after) &&
              (before === undefined || Date.parse(f.updatedAt) < before) &&
              (where.trackingId === undefined || f.trackingId === where.trackingId) &&
              (where.ackStatus === undefined || f.ack.status === where.ackStatus) &&
              (!directions || directions.includes(f.direction)) &&
              (!types || types.includes(f.type)) &&
              (!rules || rules.includes(f.processingRule)),
          )
          .sort(order);
        const start = cursor
          ? matching.findIndex((f) => order(f, { updatedAt: cursor.u, flowId: cursor.i } as SimFlow) > 0)
          : 0;
        const page = start < 0 ? [] : matching.slice(start, start + limit);
        const more = start >= 0 && start + limit < matching.length;
        const last = page.at(-1);
        return reply.send({
          limit,
          filters: where,
          results: page.map(flowJson),
          ...(more && last ? { nextCursor: cursorOf(last) } : {}),
        });
      });

      flowApi.get('/v1/flows/:flowId', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const { flowId } = request.params as { flowId: string };
        const { docType = 'Metadata' } = request.query as { docType?: string };
        if (!['Metadata', 'Original', 'Converted', 'ReadableView'].includes(docType)) {
          return fail(reply, 400, 'INVALID_FIELD', 'docType is Metadata, Original, Converted or ReadableView');
        }
        const flow = store.flows.get(flowId);
        if (!flow || flow.clientId !== account.clientId) return fail(reply, 404, 'MISSING_RESOURCE', 'Unknown flow');
        if (docType === 'Metadata') return reply.send(flowJson(flow));
        if (docType !== 'Original') return fail(reply, 404, 'MISSING_RESOURCE', `No ${docType} document for this flow`);
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment;filename=${flow.name}`)
          .send(flow.file);
      });

      flowApi.get('/v1/webhooks', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const mine = [...store.webhooks.values()].filter((w) => w.clientId === account.clientId);
        return reply.send({
          count: mine.length,
          webhookIds: mine.map((w) => w.uid),
          webhooks: mine.map((w) => ({
            webhookId: w.uid,
            createdAt: w.createdAt,
            callbackUrl: w.callbackUrl,
            ...(w.flowDirection ? { flowDirection: w.flowDirection } : {}),
            ...(w.flowTypes ? { flowTypes: w.flowTypes } : {}),
          })),
        });
      });

      flowApi.post('/v1/webhooks', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const body = (request.body ?? {}) as { callbackUrl?: unknown; flowDirection?: unknown; flowTypes?: unknown };
        let url: URL | null = null;
        try {
          url = typeof body.callbackUrl === 'string' ? new URL(body.callbackUrl) : null;
        } catch {
          url = null;
        }
        if (!url || !['http:', 'https:'].includes(url.protocol)) {
          return fail(reply, 400, 'INVALID_FIELD', 'callbackUrl must be an http(s) URL');
        }
        const direction = body.flowDirection;
        if (direction !== undefined && direction !== 'In' && direction !== 'Out') {
          return fail(reply, 400, 'INVALID_FIELD', 'flowDirection is In or Out');
        }
        const types = Array.isArray(body.flowTypes) ? (body.flowTypes as unknown[]).map(String) : undefined;
        if (types?.some((t) => !FLOW_TYPES.includes(t))) return fail(reply, 400, 'INVALID_FIELD', 'Unknown flowType');
        const hook = {
          uid: crypto.randomUUID(),
          clientId: account.clientId,
          callbackUrl: url.href,
          ...(direction ? { flowDirection: direction as FlowDirection } : {}),
          ...(types ? { flowTypes: types } : {}),
          signingKey: newSigningKey(),
          createdAt: new Date().toISOString(),
        };
        store.webhooks.set(hook.uid, hook);
        return reply.code(201).send({ webhookId: hook.uid, signingKey: hook.signingKey, createdAt: hook.createdAt });
      });

      flowApi.delete('/v1/webhooks/:webhookUid', async (request, reply) => {
        const account = authenticate(request, reply, true);
        if (!account) return reply;
        const { webhookUid } = request.params as { webhookUid: string };
        const hook = store.webhooks.get(webhookUid);
        if (!hook || hook.clientId !== account.clientId) return fail(reply, 404, 'MISSING_RESOURCE', 'Unknown webhook');
        store.webhooks.delete(webhookUid);
        return reply.code(204).send();
      });
    },
    { prefix: '/flow-service' },
  );

  await app.register(directoryRoutes(store, authenticate), { prefix: '/directory-service' });

  const control = createControl({
    store,
    router,
    faults,
    webhookCalls,
    down: () => stopListening(),
    up: () => listen(),
  });
  await app.register(controlRoutes(control), { prefix: '/_sim' });

  await app.listen({ port: options.port ?? 0, host });
  const port = (server?.address() as AddressInfo).port;
  let listening = true;

  async function stopListening() {
    if (!server || !listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
  async function listen() {
    if (!server || listening) return;
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, host, () => {
        server?.off('error', reject);
        resolve();
      });
    });
    listening = true;
  }

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    control,
    async close() {
      router.clear();
      control.clearTimers();
      if (!listening) await listen();
      server?.closeAllConnections();
      await app.close();
    },
  };
}

// --- Directory service ---------------------------------------------------------------------------------------------

type Authenticate = (request: FastifyRequest, reply: FastifyReply, flowService: boolean) => Account | undefined;

function pickFields<T extends Record<string, unknown>>(value: T, fields: unknown): Partial<T> {
  const wanted = typeof fields === 'string' ? fields.split(',') : Array.isArray(fields) ? (fields as string[]) : null;
  if (!wanted?.length) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => wanted.includes(k))) as Partial<T>;
}

function directoryRoutes(store: Store, authenticate: Authenticate) {
  const legalUnit = (siren: string) => {
    const company = store.companies.get(siren);
    if (!company) return undefined;
    return {
      siren: company.siren,
      businessName: company.name.slice(0, 150),
      entityType: 'PrivateVatRegistered' as const,
      administrativeStatus: 'A' as const,
      instructions: { isSalesProspectingForbidden: false },
    };
  };
  const facilities = () =>
    [...store.companies.values()].flatMap((c) =>
      c.sirets.map((siret) => ({
        siret,
        siren: c.siren,
        name: c.name.slice(0, 100),
        facilityType: 'P' as const,
        administrativeStatus: 'A' as const,
      })),
    );
  const lines = () =>
    [...store.companies.values()]
      .filter((c) => c.line !== null)
      .map((c) => ({
        addressingIdentifier: c.siren,
        platformType: 'WK' as const,
        directoryLineStatus: c.line as 'Enabled' | 'Disabled',
        siren: c.siren,
      }));
  type Filter = { op?: string; value?: unknown } | undefined;
  const matches = (filter: Filter, value: string | undefined) => {
    if (!filter || filter.value === undefined) return true;
    const wanted = String(filter.value).toLowerCase();
    const actual = (value ?? '').toLowerCase();
    if (filter.op === 'contains') return actual.includes(wanted);
    if (filter.op === 'startWith' || filter.op === 'startsWith') return actual.startsWith(wanted);
    return actual === wanted;
  };
  type Search = { filters?: Record<string, Filter>; limit?: number; ignore?: number; fields?: unknown };
  const page = <T>(search: Search, all: T[]) => {
    const ignore = Math.max(0, search.ignore ?? 0);
    const limit = Math.max(1, Math.min(search.limit ?? 50, 1000));
    return { search, totalNumberOfResults: all.length, results: all.slice(ignore, ignore + limit) };
  };
  const refOf = (value: string, prefix: string) => (value.startsWith(prefix) ? value.slice(prefix.length) : null);

  return async (api: FastifyInstance) => {
    api.get('/v1/healthcheck', async (_request, reply) => reply.code(200).send());

    api.post('/v1/siren/search', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const search = (request.body ?? {}) as Search;
      const f = search.filters ?? {};
      const found = [...store.companies.keys()]
        .map((siren) => legalUnit(siren)!)
        .filter((u) => matches(f.siren, u.siren) && matches(f.businessName, u.businessName))
        .map((u) => pickFields(u, search.fields));
      return reply.send(page(search, found));
    });
    api.get('/v1/siren/:ref', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const siren = refOf((request.params as { ref: string }).ref, 'code-insee:');
      if (!siren || !/^\d{9}$/.test(siren)) return fail(reply, 400, 'INVALID_FIELD', 'A SIREN has 9 digits');
      const unit = legalUnit(siren);
      if (!unit) return fail(reply, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
      return reply.send(pickFields(unit, (request.query as { fields?: string }).fields));
    });

    api.post('/v1/siret/search', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const search = (request.body ?? {}) as Search;
      const f = search.filters ?? {};
      const found = facilities()
        .filter((s) => matches(f.siret, s.siret) && matches(f.name, s.name))
        .map((s) => pickFields(s, search.fields));
      return reply.send(page(search, found));
    });
    api.get('/v1/siret/:ref', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const siret = refOf((request.params as { ref: string }).ref, 'code-insee:');
      if (!siret || !/^\d{14}$/.test(siret)) return fail(reply, 400, 'INVALID_FIELD', 'A SIRET has 14 digits');
      const facility = facilities().find((s) => s.siret === siret);
      if (!facility) return fail(reply, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
      return reply.send(pickFields(facility, (request.query as { fields?: string }).fields));
    });

    // No company here declares routing codes.
    api.post('/v1/routing-code/search', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      return reply.send(page((request.body ?? {}) as Search, []));
    });
    api.get('/v1/routing-code/:siret/:code', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      return fail(reply, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
    });

    api.post('/v1/directory-line/search', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const search = (request.body ?? {}) as Search & { include?: unknown };
      const f = search.filters ?? {};
      const include = Array.isArray(search.include) ? (search.include as string[]) : [];
      const found = lines()
        .filter((l) => matches(f.siren, l.siren) && matches(f.addressingIdentifier, l.addressingIdentifier))
        .filter(() => !f.siret && !f.routingIdentifier && !f.addressingSuffix)
        .map((l) => ({
          ...pickFields(l, search.fields),
          ...(include.includes('siren') ? { legalUnit: legalUnit(l.siren) } : {}),
        }));
      return reply.send(page(search, found));
    });
    api.get('/v1/directory-line/:ref', async (request, reply) => {
      if (!authenticate(request, reply, false)) return reply;
      const id = refOf((request.params as { ref: string }).ref, 'code:');
      const line = lines().find((l) => l.addressingIdentifier === id);
      if (!line) return fail(reply, 404, 'MISSING_RESOURCE', 'Requested resource is Not Found');
      const query = request.query as { fields?: string; include?: string };
      return reply.send({
        ...pickFields(line, query.fields),
        ...(query.include?.split(',').includes('siren') ? { legalUnit: legalUnit(line.siren) } : {}),
      });
    });
  };
}

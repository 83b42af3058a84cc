import { randomUUID } from 'node:crypto';
import type { components as DirectoryComponents } from './afnor/directory-service.gen';
import type { components as FlowComponents } from './afnor/flow-service.gen';
import {
  PlatformError,
  type PlatformAdapter,
  type PlatformAddressee,
  type PlatformCompany,
  type PlatformFlow,
  type PlatformFlowType,
  type SearchFlowsInput,
  type SubmitFlowInput,
} from './adapter';

/*
 * The AFNOR XP Z12-013 (1.3.0) implementation of the PlatformAdapter, on Node's fetch.
 *
 * One base URL per platform, the layout of the standard's server URLs (`https://{host}{base-path}/{service-name}`):
 *   Flow service       `${baseUrl}/flow-service`        (override: flowUrl)
 *   Directory service  `${baseUrl}/directory-service`   (override: directoryUrl)
 *   OAuth2 token       `${baseUrl}/auth-service/token`  (override: tokenUrl; the spec's example is per customer)
 * Authentication: OAuth2 client credentials (RFC 6749 §4.4, client authenticated with HTTP Basic), the token kept
 * until shortly before it expires and fetched again once when a call answers 401. `Organization-Id` (the Flow
 * service's delegation header) is sent on every Flow call; the Directory service does not define it.
 */

type Flow = FlowComponents['schemas']['Flow'];
type FlowInfo = FlowComponents['schemas']['FlowInfo'];
type FullFlowInfo = FlowComponents['schemas']['FullFlowInfo'];
type SearchFlowParams = FlowComponents['schemas']['SearchFlowParams'];
type SearchFlowContent = FlowComponents['schemas']['SearchFlowContent'];
type WebhookParams = FlowComponents['schemas']['WebhookParams'];
type WebhookIdParam = FlowComponents['schemas']['WebhookIdParam'];
type ApiError = FlowComponents['schemas']['Error'];
type LegalUnit = DirectoryComponents['schemas']['legalUnitPayloadHistory'];
type SearchDirectoryLine = DirectoryComponents['schemas']['searchDirectoryLine'];
type DirectoryLines = DirectoryComponents['schemas']['directoryLineSearchPost200Response'];
type DirectoryLine = DirectoryComponents['schemas']['directoryLinePayloadStatusLegalUnitFacilityRoutingCode'];

export type AfnorAdapterOptions = {
  /** The platform's API root; the services sit below it (see above). */
  baseUrl: string;
  flowUrl?: string;
  directoryUrl?: string;
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Sent as `Organization-Id` on Flow calls (the organisation acted for); omitted when empty. */
  organizationId?: string;
  /** Per call (default 15 s); an upload gets four times as long. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock, for the token's expiry (tests). */
  now?: () => number;
};

const TOKEN_MARGIN_MS = 30_000;

const TYPES: Record<string, PlatformFlowType> = {
  CustomerInvoice: 'CustomerInvoice',
  SupplierInvoice: 'SupplierInvoice',
  CustomerInvoiceLC: 'CustomerInvoiceLC',
  SupplierInvoiceLC: 'SupplierInvoiceLC',
};

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function kindOf(status: number): PlatformError['kind'] {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429 || status >= 500) return 'server';
  return 'rejected';
}

/** The platform's `errorCode` and message, if its body is the spec's Error object; never our own request. */
async function errorOf(response: Response): Promise<{ code?: string; message?: string }> {
  try {
    const body = (await response.json()) as Partial<ApiError> & { error?: unknown; error_description?: unknown };
    const code =
      typeof body.errorCode === 'string' ? body.errorCode : typeof body.error === 'string' ? body.error : undefined;
    const raw =
      typeof body.errorMessage === 'string'
        ? body.errorMessage
        : typeof body.error_description === 'string'
          ? body.error_description
          : undefined;
    return { code, message: raw?.slice(0, 200) };
  } catch {
    return {};
  }
}

export function toPlatformFlow(flow: Flow): PlatformFlow {
  return {
    flowId: flow.flowId,
    ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
    name: flow.name,
    direction: flow.flowDirection,
    syntax: flow.flowSyntax,
    type: TYPES[flow.flowType] ?? 'Other',
    status: flow.acknowledgement.status,
    reasons: (flow.acknowledgement.details ?? []).map((detail) => ({
      level: detail.level,
      code: detail.reasonCode,
      item: detail.item,
      message: detail.reasonMessage,
    })),
    submittedAt: flow.submittedAt,
    updatedAt: flow.updatedAt,
  };
}

export function createAfnorAdapter(options: AfnorAdapterOptions): PlatformAdapter {
  const base = trimSlash(options.baseUrl);
  const flowUrl = trimSlash(options.flowUrl ?? `${base}/flow-service`);
  const directoryUrl = trimSlash(options.directoryUrl ?? `${base}/directory-service`);
  const tokenUrl = options.tokenUrl ?? `${base}/auth-service/token`;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;

  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** fetch, with a timeout and every failure to get an answer turned into `unreachable`. */
  async function send(what: string, url: string, init: RequestInit, timeout = timeoutMs): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeout) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
      const detail = timedOut
        ? `no answer within ${timeout} ms`
        : ((cause as NodeJS.ErrnoException)?.code ?? 'network error');
      throw new PlatformError('unreachable', `AFNOR ${what}: ${detail}`, { cause: timedOut ? undefined : cause });
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`);
    const response = await send('token', tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic.toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (!response.ok) {
      const { code } = await errorOf(response);
      // RFC 6749 §5.2: a refused client is 400 invalid_client or 401.
      const kind = response.status === 400 || response.status === 401 ? 'unauthorized' : kindOf(response.status);
      throw new PlatformError(kind, `AFNOR token: HTTP ${response.status}${code ? ` ${code}` : ''}`, {
        status: response.status,
        ...(code ? { code } : {}),
      });
    }
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new PlatformError('server', 'AFNOR token: the answer holds no access_token', { status: response.status });
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 300_000;
    token = { value: body.access_token, expiresAt: now() + Math.max(lifetime - TOKEN_MARGIN_MS, lifetime / 2) };
    return body.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  /** An authenticated call; a 401 drops the token and tries once more with a new one. */
  async function call(
    what: string,
    url: string,
    init: {
      method: string;
      headers?: Record<string, string>;
      body?: string | FormData;
      flow?: boolean;
      timeout?: number;
    },
    expected: number[] = [200],
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'Request-Id': randomUUID(),
        ...init.headers,
        authorization: `Bearer ${await accessToken()}`,
      };
      if (init.flow && options.organizationId) headers['Organization-Id'] = options.organizationId;
      const response = await send(what, url, { method: init.method, headers, body: init.body }, init.timeout);
      if (expected.includes(response.status)) return response;
      if (response.status === 401 && attempt === 0) {
        token = null;
        await response.body?.cancel();
        continue;
      }
      const { code, message } = await errorOf(response);
      throw new PlatformError(
        kindOf(response.status),
        `AFNOR ${what}: HTTP ${response.status}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}`,
        { status: response.status, ...(code ? { code } : {}) },
      );
    }
  }

  function json(body: unknown): { headers: Record<string, string>; body: string } {
    return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  }

  async function getFlow(flowId: string): Promise<PlatformFlow | null> {
    const url = `${flowUrl}/v1/flows/${encodeURIComponent(flowId)}?docType=Metadata`;
    const response = await call('getFlow', url, { method: 'GET', flow: true }, [200, 404]);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return toPlatformFlow((await response.json()) as Flow);
  }

  return {
    async health() {
      const response = await call('healthcheck', `${flowUrl}/v1/healthcheck`, { method: 'GET', flow: true });
      await response.body?.cancel();
    },

    async submitFlow(input: SubmitFlowInput) {
      const flowInfo: FlowInfo = {
        trackingId: input.trackingId,
        name: input.fileName,
        flowSyntax: input.syntax,
        // Our invoices are EN 16931 with the French rules (the CIUS); a CDAR has no invoice profile.
        flowProfile: input.syntax === 'Factur-X' ? 'CIUS' : 'Basic',
        processingRule: 'B2B',
        sha256: input.sha256,
      };
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }), 'flowInfo.json');
      const type = input.syntax === 'Factur-X' ? 'application/pdf' : 'application/xml';
      form.append('file', new Blob([new Uint8Array(input.data)], { type }), input.fileName);
      const response = await call(
        'createFlow',
        `${flowUrl}/v1/flows`,
        { method: 'POST', body: form, flow: true, timeout: timeoutMs * 4 },
        [200, 201, 202],
      );
      const created = (await response.json()) as FullFlowInfo;
      if (typeof created.flowId !== 'string' || !created.flowId) {
        throw new PlatformError('server', 'AFNOR createFlow: the answer holds no flowId', { status: response.status });
      }
      return { flowId: created.flowId, submittedAt: created.submittedAt };
    },

    async searchFlows(input: SearchFlowsInput) {
      const where: SearchFlowParams['where'] = {};
      if (input.updatedAfter) where.updatedAfter = input.updatedAfter;
      if (input.trackingId) where.trackingId = input.trackingId;
      if (input.direction) where.flowDirection = [input.direction];
      if (input.types?.length) where.flowType = input.types;
      // The platform wants at least one criterion: "everything" is "updated since the epoch".
      if (Object.keys(where).length === 0) where.updatedAfter = '1970-01-01T00:00:00Z';
      const params: SearchFlowParams = { where, limit: Math.min(input.limit ?? 100, 100) };
      if (input.cursor) params.cursor = input.cursor;
      const response = await call('searchFlows', `${flowUrl}/v1/flows/search`, {
        method: 'POST',
        flow: true,
        ...json(params),
      });
      const content = (await response.json()) as SearchFlowContent;
      const flows = (content.results ?? []).map(toPlatformFlow);
      flows.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
      return content.nextCursor ? { flows, nextCursor: content.nextCursor } : { flows };
    },

    getFlow,

    async downloadFlow(flowId: string) {
      const url = `${flowUrl}/v1/flows/${encodeURIComponent(flowId)}?docType=Original`;
      const response = await call('getFlow', url, {
        method: 'GET',
        headers: { accept: 'application/octet-stream, application/pdf, application/xml, */*' },
        flow: true,
        timeout: timeoutMs * 4,
      });
      return Buffer.from(await response.arrayBuffer());
    },

    async subscribeWebhook(input) {
      const params: WebhookParams = { callbackUrl: input.callbackUrl };
      if (input.direction) params.flowDirection = input.direction;
      const response = await call(
        'createWebhook',
        `${flowUrl}/v1/webhooks`,
        { method: 'POST', flow: true, ...json(params) },
        [200, 201],
      );
      const created = (await response.json()) as WebhookIdParam;
      if (!created.webhookId || !created.signingKey) {
        throw new PlatformError('server', 'AFNOR createWebhook: the answer holds no webhookId or signing key', {
          status: response.status,
        });
      }
      return { uid: created.webhookId, secret: created.signingKey };
    },

    async unsubscribeWebhook(uid: string) {
      const url = `${flowUrl}/v1/webhooks/${encodeURIComponent(uid)}`;
      // Already gone (404) is what we asked for.
      const response = await call('deleteWebhook', url, { method: 'DELETE', flow: true }, [200, 204, 404]);
      await response.body?.cancel();
    },

    async lookupSiren(siren: string): Promise<PlatformCompany | null> {
      const url = `${directoryUrl}/v1/siren/code-insee:${encodeURIComponent(siren)}`;
      const response = await call('getCompanyBySiren', url, { method: 'GET' }, [200, 404]);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const unit = (await response.json()) as LegalUnit;
      return {
        siren: unit.siren ?? siren,
        name: unit.businessName ?? '',
        active: unit.administrativeStatus !== 'C',
        ...(unit.entityType ? { entityType: unit.entityType } : {}),
      };
    },

    async lookupAddressee(siren: string): Promise<PlatformAddressee | null> {
      const search: SearchDirectoryLine = {
        filters: { siren: { op: 'strict', value: siren } },
        include: ['siren'],
        limit: 50,
      };
      const response = await call(
        'searchDirectoryLine',
        `${directoryUrl}/v1/directory-line/search`,
        { method: 'POST', ...json(search) },
        [200, 404],
      );
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      const lines = ((await response.json()) as DirectoryLines).results ?? [];
      const usable = lines.filter(
        (line): line is DirectoryLine & { addressingIdentifier: string } =>
          !!line.addressingIdentifier && (line.siren === undefined || line.siren === siren),
      );
      // The SIREN-level line (no facility, routing code or suffix) addresses the company as a whole.
      const rank = (line: DirectoryLine) =>
        (line.directoryLineStatus === 'Enabled' ? 0 : 2) +
        (line.siret || line.routingIdentifier || line.addressingSuffix ? 1 : 0);
      const line = usable.sort((a, b) => rank(a) - rank(b))[0];
      if (!line) return null;
      const status = line.directoryLineStatus ?? 'Enabled';
      return {
        siren,
        addressingIdentifier: line.addressingIdentifier,
        ...(line.siret ? { siret: line.siret } : {}),
        ...(line.routingIdentifier ? { routingIdentifier: line.routingIdentifier } : {}),
        ...(line.platformType ? { platformType: line.platformType } : {}),
        status,
        canReceive: status === 'Enabled',
      };
    },
  };
}

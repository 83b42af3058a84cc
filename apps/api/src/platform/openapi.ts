import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { addDaysTo, API_BASE, APP_VERSION, ERROR_CODES, FIELD_ERROR_CODES, reservationToday } from '@tagstock/contract';
import { dashboardAppOnly } from './auth';

/**
 * The OpenAPI document integrators generate clients from: every operation gets a stable operationId and a
 * summary derived from its method and path (OVERRIDES for the routes whose path does not say it), and the
 * problem responses it can answer, derived from what the route declares (schemas, guards, rate limit).
 */

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; responses?: Json; requestBody?: Json; security?: unknown[] };
type Problems = readonly ProblemStatus[];

const PROBLEMS = {
  400: ['BadRequest', 'The request is invalid: a malformed body, parameter or query, or a value the data refuses.'],
  401: ['Unauthorized', 'No valid credentials: missing, expired or revoked token, or a wrong password.'],
  403: ['Forbidden', 'The caller lacks the permission, or its account type may not use this route.'],
  404: ['NotFound', 'The resource does not exist, or belongs to another tenant.'],
  409: ['Conflict', 'The change conflicts with the current state (a locked document, a record in use, a duplicate).'],
  413: ['ContentTooLarge', 'The request body is larger than this route accepts.'],
  429: ['TooManyRequests', 'Too many requests from this address or for this account; retry after `Retry-After`.'],
  503: [
    'ServiceUnavailable',
    'A dependency (the database) did not answer in time; retry, or route to another instance.',
  ],
} as const;
type ProblemStatus = keyof typeof PROBLEMS;

/** Routes whose path does not say what they do (legacy widget paths, verbs, the auth flow). Keyed by `METHOD /path`. */
const OVERRIDES: Record<string, { operationId: string; summary: string; problems?: Problems; security?: 'reader' }> = {
  'GET /backend/health': {
    operationId: 'getHealth',
    summary: 'Check that the server process answers (liveness, no database query)',
  },
  'GET /backend/ready': {
    operationId: 'getReadiness',
    summary: 'Check that the server can reach its database (readiness)',
    problems: [503],
  },
  'POST /auth/sign-in': { operationId: 'signIn', summary: 'Sign in with email and password', problems: [401] },
  'GET /auth/me': { operationId: 'getCurrentUser', summary: 'Get the signed-in user and permissions' },
  'PUT /auth/profile': { operationId: 'updateProfile', summary: "Update the signed-in user's profile" },
  'PUT /auth/password': { operationId: 'changePassword', summary: "Change the signed-in user's password" },
  'POST /auth/password-reset': {
    operationId: 'resetPassword',
    summary: 'Set a new password with a one-time link handed over by the super admin',
    problems: [400],
  },
  'POST /auth/sign-out-everywhere': {
    operationId: 'signOutEverywhere',
    summary: 'Revoke every token of the signed-in user',
  },
  // Readers authenticate with their own secret, before the body is read.
  'POST /ingest/impinj': {
    operationId: 'ingestImpinjReads',
    summary: 'Ingest a batch of Impinj reader events',
    problems: [401],
    security: 'reader',
  },
  'POST /ingest/zebra': {
    operationId: 'ingestZebraEvents',
    summary: 'Ingest Zebra IoT Connector events',
    problems: [401],
    security: 'reader',
  },
  'POST /terminals/sessions': { operationId: 'uploadTerminalSession', summary: 'Upload a handheld counting session' },
  'POST /articles/{id}/increment': { operationId: 'incrementArticleStock', summary: "Add to an article's stock" },
  'POST /articles/{id}/decrement': { operationId: 'decrementArticleStock', summary: "Take from an article's stock" },
  'POST /roles/{id}/permissions': { operationId: 'addRolePermissions', summary: 'Add permissions to a role' },
  'PUT /roles/{id}/permissions': { operationId: 'replaceRolePermissions', summary: "Replace a role's permissions" },
  'POST /roles/{id}/permissions/remove': {
    operationId: 'removeRolePermissions',
    summary: 'Remove permissions from a role',
  },
  'POST /platform/platform-orders/{id}/epcs': {
    operationId: 'deliverPlatformOrderEpcs',
    summary: "Deliver EPCs on a tenant's platform order",
  },
  'POST /delivery-notes/{id}/picks': { operationId: 'pickDeliveryNoteEpcs', summary: 'Pick EPCs for a delivery note' },
  'GET /delivery-notes/remaining': {
    operationId: 'listRemainingDeliveries',
    summary: 'List what remains to be delivered',
  },
  'GET /logs': { operationId: 'listActivityLog', summary: 'List the activity log' },
  'GET /redear/TagMouvement/{id}': {
    operationId: 'listTagMovements',
    summary: "List a tenant's tag movements, newest first",
  },
  'GET /dashboard/articles/summary/{id}': {
    operationId: 'getArticlesSummaryWidget',
    summary: 'Widget: articles summary',
  },
  'GET /dashboard/tags/overview/{id}': { operationId: 'getTagsOverviewWidget', summary: 'Widget: tags overview' },
  'GET /dashboard/tags/non-active/{id}': { operationId: 'listNonActiveTagsWidget', summary: 'Widget: non-active tags' },
  'GET /dashboard/tags/by-family/{id}': {
    operationId: 'getTagsByFamilyWidget',
    summary: 'Widget: tags in stock, out and unbound per tag family',
  },
  'GET /dashboard/invoices-to-deliver-today/{id}': {
    operationId: 'getInvoicesToDeliverTodayWidget',
    summary: 'Widget: invoices to deliver today',
  },
  'GET /dashboard/getClientsToDeliverTodayByClient/{id}': {
    operationId: 'getCustomersToDeliverTodayWidget',
    summary: 'Widget: customers to deliver today',
  },
  'GET /dashboard/late-deliveries/{id}': { operationId: 'getLateDeliveriesWidget', summary: 'Widget: late deliveries' },
  'GET /dashboard/client/{id}/latest-inventaire-count': {
    operationId: 'getLatestInventoryCountWidget',
    summary: 'Widget: latest inventory count',
  },
  'GET /dashboard/sum-ecart/{id}': {
    operationId: 'getInventoryGapSumWidget',
    summary: 'Widget: sum of inventory gaps',
  },
  'GET /dashboard/sum-ecart-en-valeur/{id}': {
    operationId: 'getInventoryGapValueWidget',
    summary: 'Widget: value of inventory gaps',
  },
  'GET /dashboard/ecartAttribution/{id}': {
    operationId: 'getInventoryGapsByAttributionWidget',
    summary: 'Widget: inventory gaps by attribution',
  },
  'GET /dashboard/getinventory/{id}': {
    operationId: 'getRecentInventoriesWidget',
    summary: 'Widget: last finished inventories',
  },
  'GET /dashboard/total-montantht-payed-facturer/{id}': {
    operationId: 'getInvoicedVsPaidWidget',
    summary: 'Widget: invoiced and paid amounts excluding tax',
  },
  'GET /dashboard/total-partiel-payed/{id}': {
    operationId: 'getPartiallyPaidWidget',
    summary: 'Widget: partially paid invoices',
  },
  'GET /dashboard/late-invoices/{id}': { operationId: 'getLateInvoicesWidget', summary: 'Widget: late invoices' },
  'GET /dashboard/motifsByClient/{id}': {
    operationId: 'getOutputReasonsWidget',
    summary: 'Widget: stock outputs by reason',
  },
  'GET /dashboard/motifsOverview/{id}': {
    operationId: 'getOutputReasonsOverviewWidget',
    summary: 'Widget: overview of stock outputs by reason',
  },
  'GET /dashboard/commandeEnCours/{id}': {
    operationId: 'getOrdersInProgressWidget',
    summary: 'Widget: purchase orders in progress',
  },
  'GET /dashboard/achats/{id}': { operationId: 'getPurchasesPerMonthWidget', summary: 'Widget: purchases per month' },
  'GET /dashboard/top-5-fournisseur-by-quantity/{id}': {
    operationId: 'getTopSuppliersWidget',
    summary: 'Widget: top 5 suppliers by quantity',
  },
  'GET /dashboard/count-articles-quantity/{id}': {
    operationId: 'getPurchasedQuantityWidget',
    summary: 'Widget: quantity of articles purchased',
  },
  'GET /dashboard/mostRepeatedReferences/{id}': {
    operationId: 'getRepeatedReferencesWidget',
    summary: 'Widget: most repeated references',
  },
};

/** Last path segments that are verbs: `POST /tags/bind` is `bindTags`, `GET /suppliers/export` `exportSuppliers`. */
const ACTIONS = new Set([
  'bind',
  'cancel',
  'convert',
  'export',
  'import',
  'rescan',
  'resend',
  'retry',
  'rotate-secret',
  'send',
  'test',
]);
/** Last path segments ending in `s` that are not collections: `GET …/settings` is a get, not a list. */
const SINGLETONS = new Set(['settings', 'status']);
const ACRONYMS: Record<string, string> = { pdf: 'PDF', epcs: 'EPCs', facturx: 'Factur-X', xml: 'XML' };

const words = (segment: string) =>
  segment
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .split(/[-._]/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
const singular = (w: string) =>
  w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
const pascal = (ws: string[]) => ws.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
const isParam = (segment: string) => segment.startsWith('{');

/** `/backend/api/invoices/:id/status` → `/invoices/{id}/status`: the key of OVERRIDES and the input of the naming. */
export function operationPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
}

/**
 * A readable operationId and summary from method and path: `GET /invoices` listInvoices, `GET /invoices/{id}`
 * getInvoice, `POST /invoices/{id}/status` setInvoiceStatus, `GET /invoices/{id}/history` getInvoiceHistory,
 * `POST /invoices/{id}/payments` createInvoicePayment. `/platform/…` (the super admin's side) adds `Platform`,
 * or `Admin` before a resource already named platform-…
 */
export function nameOperation(method: string, url: string): { operationId: string; summary: string } {
  const path = operationPath(url);
  const override = OVERRIDES[`${method} ${path}`];
  if (override) return { operationId: override.operationId, summary: override.summary };
  let segments = path.split('/').filter(Boolean);
  const scope: string[] = [];
  if (segments[0] === 'platform' && segments.length > 1) {
    scope.push(segments[1]!.startsWith('platform') ? 'admin' : 'platform');
    segments = segments.slice(1);
  }
  // Each literal segment's words, singular when an id follows it (`invoices/{id}` is one invoice).
  const nouns = (list: string[], singularLast: boolean) =>
    list.flatMap((s, i) => {
      if (isParam(s)) return [];
      const ws = words(s);
      const one = isParam(list[i + 1] ?? '') || (i < list.length - 1 ? true : singularLast);
      return one ? [...ws.slice(0, -1), singular(ws.at(-1)!)] : ws;
    });
  const last = segments.at(-1)!;
  let verb: string;
  let object: string[];
  if (isParam(last)) {
    verb = { GET: 'get', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[method] ?? 'set';
    object = nouns(segments, true);
  } else if (ACTIONS.has(last)) {
    const [first, ...rest] = words(last);
    verb = first!;
    const before = segments.slice(0, -1);
    object = [...nouns(before, isParam(before.at(-1) ?? '')), ...rest];
    // `GET /suppliers/export`: the collection keeps its plural.
    if (!isParam(before.at(-1) ?? ''))
      object = [...nouns(before.slice(0, -1), true), ...words(before.at(-1)!), ...rest];
  } else {
    const collection = last.endsWith('s') && !SINGLETONS.has(last);
    const parents = nouns(segments.slice(0, -1), true);
    if (method === 'GET') {
      verb = collection ? 'list' : 'get';
      object = [...parents, ...words(last)];
    } else if (method === 'POST') {
      verb = collection ? 'create' : 'set';
      object = [...parents, ...(collection ? nouns([last], true) : words(last))];
    } else {
      verb = method === 'DELETE' ? 'delete' : 'update';
      object = [...parents, ...words(last)];
    }
  }
  const all = [...scope, ...object];
  const operationId = verb + pascal(all);
  const text = all.map((w) => ACRONYMS[w] ?? w).join(' ');
  return { operationId, summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${text}` };
}

const handlers = (hook: unknown): unknown[] => [hook ?? []].flat();

/** The problem statuses a route can answer, from what it declares. */
export function problemsOf(route: RouteOptions, authenticate: unknown): ProblemStatus[] {
  const schema = (route.schema ?? {}) as Json;
  const method = String(route.method);
  const preHandlers = handlers(route.preHandler);
  const user = preHandlers.includes(authenticate);
  const guarded = preHandlers.some((h) => h !== authenticate);
  const writes = method !== 'GET' && method !== 'HEAD';
  const hasId = route.url.includes(':');
  const statuses = new Set<ProblemStatus>(OVERRIDES[`${method} ${operationPath(route.url)}`]?.problems ?? []);
  if (schema.body || schema.params || schema.querystring || hasId) statuses.add(400);
  if (user) statuses.add(401);
  // Every dashboard route refuses mobile accounts (dashboardAppOnly); the others check a permission.
  if (user && (guarded || preHandlers.includes(dashboardAppOnly))) statuses.add(403);
  if (hasId) statuses.add(404);
  // A signed-in write may break a state rule or a database constraint (mapped to 409 by the error handler).
  if (writes && user) statuses.add(409);
  // The body limit answers before validation. Uploads (multipart) have one too, but no body schema to say so.
  if (schema.body) statuses.add(413);
  const config = (route.config ?? {}) as Json;
  if (config.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** What errors.ts sends: problem(), plus the extension members an AppError may carry. */
export const PROBLEM_SCHEMA = {
  type: 'object',
  description:
    'RFC 9457 problem details. `detail` and `errors[].message` are English for developers; translate `code`.',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string', format: 'uri', description: '`https://tagstock.app/problems/<code>`' },
    title: { type: 'string', description: "The HTTP status' reason phrase" },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    code: { type: 'string', enum: [...ERROR_CODES], description: 'Stable machine-readable code' },
    detail: { type: 'string' },
    params: {
      type: 'object',
      description: 'Values the translated text of `code` needs',
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
    },
    errors: {
      type: 'array',
      description: 'Per-field errors (validation_failed, import_invalid…)',
      items: {
        type: 'object',
        required: ['field', 'message', 'code'],
        properties: {
          field: {
            type: 'string',
            description: 'Dotted path of the field (`lines.0.quantity`), or body/querystring/params',
          },
          message: { type: 'string' },
          code: { type: 'string', enum: [...FIELD_ERROR_CODES] },
          params: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
        },
      },
    },
  },
  // Some problems carry extension members (RFC 9457 §3.2), e.g. the lines beyond what is available.
  additionalProperties: true,
} as const;

const problemExample = (status: ProblemStatus, code: string, detail: string, extra: Json = {}) => ({
  type: `https://tagstock.app/problems/${code}`,
  title: {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Content Too Large',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  }[status],
  status,
  code,
  detail,
  ...extra,
});

const EXAMPLES: Record<ProblemStatus, Json> = {
  400: problemExample(400, 'validation_failed', 'Invalid body', {
    errors: [
      {
        field: 'lines.0.quantity',
        message: 'Too small: expected number to be >0',
        code: 'too_small',
        params: { minimum: 0, inclusive: false },
      },
    ],
  }),
  401: problemExample(401, 'unauthorized', 'Authentication required'),
  403: problemExample(403, 'forbidden', 'You do not have the permission for this action'),
  404: problemExample(404, 'not_found', 'Resource not found'),
  409: problemExample(409, 'document_locked', 'This document can no longer be changed'),
  413: problemExample(413, 'payload_too_large', 'The request body is too large'),
  429: problemExample(429, 'rate_limited', 'Too many requests, retry later'),
  503: problemExample(503, 'database_unavailable', 'The database did not answer within 2000 ms'),
};

function problemResponses(): Json {
  const responses: Json = {};
  for (const [status, [name, description]] of Object.entries(PROBLEMS)) {
    responses[name] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: {
        'application/problem+json': {
          schema: { $ref: '#/components/schemas/Problem' },
          example: EXAMPLES[Number(status) as ProblemStatus],
        },
      },
    };
  }
  return responses;
}

type Example = { summary: string; value: Json };

const pricedLines = [
  { articleId: 1, quantity: 10, unitPrice: '12.50', vatRate: '20' },
  {
    articleId: 2,
    designation: 'Safety boots, size 42',
    quantity: 2,
    unitPrice: '149.00',
    discount: '5',
    vatRate: '20',
  },
];
const invoice: Example = {
  summary: 'Two lines, paid by transfer within 30 days',
  value: {
    customerId: 1,
    invoiceDate: '2025-03-14',
    paymentTermDays: 30,
    paymentType: 'sepa_transfer',
    notes: 'Spring restock',
    lines: pricedLines,
  },
};
const proforma: Example = {
  summary: 'A quote valid one month',
  value: { customerId: 1, proformaDate: '2025-03-14', validUntil: '2025-04-13', lines: pricedLines },
};
const purchaseOrder: Example = {
  summary: 'Fifty articles expected in two weeks',
  value: {
    supplierId: 1,
    paymentModeId: 1,
    orderDate: '2025-03-14',
    expectedDate: '2025-03-28',
    lines: [{ articleId: 1, quantity: 50, unitPrice: '7.20', vatRate: '20' }],
  },
};
const output: Example = {
  summary: 'Two tagged items handed to a consumer',
  value: {
    reasonId: 1,
    outputDate: '2025-03-14',
    consumerId: 1,
    lines: [{ articleId: 1, quantity: 2, epcs: ['E28011606000020400000A01', 'E28011606000020400000A02'] }],
  },
};
const deliveryNote: Example = {
  summary: "Delivering an invoice's articles",
  value: {
    customerId: 1,
    invoiceId: 1,
    plannedDate: '2025-03-17',
    deliveryAddress: '12 rue des Lilas, 69003 Lyon',
    lines: [{ articleId: 1, quantity: 10 }],
  },
};
const inventory: Example = {
  summary: 'Counting two categories',
  value: { scope: { kind: 'categories', ids: [1, 2] }, notes: 'Quarterly count' },
};

/**
 * Request body examples of the documents' create and update operations, keyed by operationId then example name.
 * Built when the document is: a reservation's `until` must lie ahead.
 */
export function bodyExamples(today = reservationToday()): Record<string, Record<string, Example>> {
  return {
    createInvoice: { invoice },
    updateInvoice: { invoice },
    createCreditNote: {
      partial: {
        summary: 'Crediting two items of an invoice line',
        value: { invoiceId: 1, reason: 'Two items returned damaged', lines: [{ invoiceLineId: 1, quantity: 2 }] },
      },
      full: { summary: 'Crediting a whole invoice', value: { invoiceId: 1, full: true, reason: 'Invoice canceled' } },
    },
    createProforma: { proforma },
    updateProforma: { proforma },
    createPurchaseOrder: { purchaseOrder },
    updatePurchaseOrder: { purchaseOrder },
    createPlatformOrder: {
      tags: {
        summary: 'Ordering tags from the platform',
        value: { notes: 'Urgent', lines: [{ productId: 1, quantity: 1000 }] },
      },
    },
    createOutput: { output },
    updateOutput: { output },
    createDeliveryNote: { deliveryNote },
    updateDeliveryNote: { deliveryNote },
    createReservation: {
      reservation: {
        summary: 'Holding five articles for a customer for a week',
        value: { articleId: 1, quantity: 5, customerId: 1, until: addDaysTo(today, 7) },
      },
    },
    createInventory: { inventory },
    updateInventory: { inventory },
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const PROBLEMS_KEY = 'x-tagstock-problems';

/** The @fastify/swagger options: the route transform and the final touches on the whole document. */
export function swaggerOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tagstock API',
        version: APP_VERSION,
        description: 'Stock, purchasing, sales documents and inventory of RFID-tagged items.',
        // The repository has no licence file and its package is private: proprietary.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes the server it is read from.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of auth/sign-in' },
          reader: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: '<readerId>.<secret>',
            description: "A reader's id and secret (readers/{id}/rotate-secret)",
          },
          readerBasic: {
            type: 'http',
            scheme: 'basic',
            description: "The reader's id as user, its secret as password",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const { route } = input;
      const own = (input.schema ?? {}) as { operationId?: string; summary?: string };
      const named = nameOperation(String(route.method), route.url);
      // Read when the document is built: the auth plugin registers after swagger.
      const authenticate = (app as FastifyInstance & { authenticate?: unknown }).authenticate;
      const problems = problemsOf(route, authenticate);
      const security: Record<string, string[]>[] | undefined = handlers(route.preHandler).includes(authenticate)
        ? undefined
        : OVERRIDES[`${String(route.method)} ${operationPath(route.url)}`]?.security === 'reader'
          ? [{ reader: [] }, { readerBasic: [] }]
          : [];
      return {
        url,
        schema: {
          ...schema,
          operationId: own.operationId ?? named.operationId,
          summary: own.summary ?? named.summary,
          ...(security ? { security } : {}),
          [PROBLEMS_KEY]: problems,
        },
      };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) return input.swaggerObject;
      const doc = input.openapiObject as Json & {
        paths?: Record<string, Record<string, Operation>>;
        components?: Json;
      };
      const examples = bodyExamples();
      doc.components = {
        ...doc.components,
        schemas: { ...(doc.components?.schemas as Json), Problem: PROBLEM_SCHEMA },
        responses: { ...(doc.components?.responses as Json), ...problemResponses() },
      };
      for (const item of Object.values(doc.paths ?? {})) {
        for (const method of METHODS) {
          const op = item[method];
          if (!op) continue;
          const problems = (op[PROBLEMS_KEY] ?? []) as ProblemStatus[];
          delete op[PROBLEMS_KEY];
          for (const status of problems) {
            op.responses = { ...op.responses };
            op.responses[status] ??= { $ref: `#/components/responses/${PROBLEMS[status][0]}` };
          }
          const media = (op.requestBody?.content as Record<string, Json> | undefined)?.['application/json'];
          if (media && op.operationId && examples[op.operationId]) media.examples = examples[op.operationId];
        }
      }
      return doc;
    },
  };
}

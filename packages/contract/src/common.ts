import { z } from 'zod';

import { FIELD_ERROR_CODES, INT32_MAX, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants';
import { id, text } from './fields';

export const ZId = id();
export const ZIdParams = z.object({ id: ZId });
export type TIdParams = z.infer<typeof ZIdParams>;

/** `{id}` path parameter that names the client (tenant), sent as text by the web client. */
export const ZClientIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a client id')
    .refine((v) => Number(v) <= INT32_MAX, 'must be a client id'),
});

/** Values a translated message needs (an article's name, a count, a maximum length). */
export const ZProblemParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One field's error: `code` and `params` are what the web translates; `message` is English, for developers. */
export const ZFieldError = z.object({
  field: z.string(),
  message: z.string(),
  code: z.enum(FIELD_ERROR_CODES).optional(),
  params: ZProblemParams.optional(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/**
 * RFC 9457 problem details, with a stable `code` (and its `params`) and per-field errors for validation.
 * `detail` is English, for developers and logs: the web never shows it.
 */
export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  params: ZProblemParams.optional(),
  errors: z.array(ZFieldError).optional(),
});
export type TProblem = z.infer<typeof ZProblem>;

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  search: text(200).optional(),
  sort: z
    .string()
    .regex(/^[A-Za-z_]+:(asc|desc)$/, 'expected field:asc or field:desc')
    .optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

/**
 * One list contract for every resource: `{ items, total, page, limit }`. Very large lists (tag logs) stop
 * counting at a cap: `totalCapped: true` says there are more than `total`.
 */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
  });
export type TList<T> = { items: T[]; total: number; totalCapped?: boolean; page: number; limit: number };

export const ZOk = z.object({ ok: z.literal(true) });

/** What still refers to a record (asked before deleting it): one entry per referencing resource in use. */
export const ZUsage = z.object({
  usages: z.array(z.object({ resource: z.string(), count: z.number().int() })),
});
export type TUsage = z.infer<typeof ZUsage>;

/** Liveness (`GET /backend/health`): the process answers; no database query. */
export const ZHealth = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeS: z.number().int().nonnegative(),
});
export type THealth = z.infer<typeof ZHealth>;
/** Readiness (`GET /backend/ready`): the database answered a ping within the timeout (else 503 problem+json). */
export const ZReady = z.object({ status: z.literal('ok'), database: z.literal('up'), version: z.string() });
export type TReady = z.infer<typeof ZReady>;
export const ZMeta = z.object({ version: z.string() });

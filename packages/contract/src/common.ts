import { z } from 'zod';

import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants';

export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });
export type TIdParams = z.infer<typeof ZIdParams>;

/** `{id}` path parameter that names the client (tenant), sent as text by the web client. */
export const ZClientIdParams = z.object({ id: z.string().regex(/^\d+$/, 'must be a client id') });

/** RFC 9457 problem details, with a stable `code` and per-field messages for validation. */
export const ZProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TProblem = z.infer<typeof ZProblem>;

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  search: z.string().trim().max(200).optional(),
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

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('up'), version: z.string() });
export const ZMeta = z.object({ version: z.string() });

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldErrorCode, ProblemParams, TProblem } from '@tagstock/contract';
import { companyFieldErrorCode } from '@tagstock/contract';
import { pgError } from './db-errors';

/** `message` is English for developers; `code` and `params` are what the web translates. */
export type FieldError = { field: string; message: string; code?: FieldErrorCode; params?: ProblemParams };

/** The one error type: a stable code and an HTTP status, mapped once to problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** What the translated text of `code` needs (e.g. which records use the one being deleted). */
    readonly params?: ProblemParams,
    /** Extension members of the problem (RFC 9457 §3.2), e.g. the lines beyond what is available. */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'You do not have the permission for this action');
export const unauthorized = (code: ErrorCode = 'unauthorized', message = 'Authentication required') =>
  new AppError(401, code, message);
export const conflict = (code: ErrorCode, message: string, errors?: FieldError[], params?: ProblemParams) =>
  new AppError(409, code, message, errors, undefined, params);
export const badRequest = (code: ErrorCode, message: string, errors?: FieldError[], params?: ProblemParams) =>
  new AppError(400, code, message, errors, undefined, params);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: ErrorCode,
  detail?: string,
  errors?: FieldError[],
  params?: ProblemParams,
): TProblem {
  return {
    type: `https://tagstock.app/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(params ? { params } : {}),
    ...(errors?.length ? { errors: errors.map((e) => ({ ...e, code: e.code ?? 'invalid' })) } : {}),
  };
}

type ZodIssueParams = {
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  expected?: string;
};

// The contract's own messages (fields.ts, rfid.ts…) for the checks zod has no code of its own for.
const BY_MESSAGE: [RegExp, FieldErrorCode][] = [
  [/^required$|is required$/i, 'required'],
  [/passwords do not match/i, 'passwords_mismatch'],
  [/amount like/i, 'invalid_amount'],
  [/rate like/i, 'invalid_rate'],
  [/YYYY-MM-DD|ISO-8601/i, 'invalid_date'],
  [/should be greater than 0/i, 'too_small'],
  [/expected 15 digits/i, 'invalid_imei'],
  [/expected hexadecimal/i, 'invalid_epc'],
  [/MAC address/i, 'invalid_mac'],
  [/each port once/i, 'antennas'],
  [/an article or a tag/i, 'article_or_tag'],
  [/a consumer or a location/i, 'consumer_or_location'],
  [/before the start date/i, 'end_before_start'],
  [/field:asc/i, 'invalid_sort'],
  [/no such id|client id/i, 'not_found'],
];

const num = (v: number | bigint | undefined) => (v === undefined ? undefined : Number(v));

/** A zod issue as a stable field error code with the bounds the translated text shows. */
export function fieldErrorOf(issue: { keyword: string; message?: string; params?: unknown }): {
  code: FieldErrorCode;
  params?: ProblemParams;
} {
  const p = (issue.params ?? {}) as ZodIssueParams;
  const message = issue.message ?? '';
  const company = companyFieldErrorCode(message);
  if (company) return { code: company };
  for (const [pattern, code] of BY_MESSAGE) {
    if (!pattern.test(message)) continue;
    if (code === 'invalid_amount') {
      const m = /at most (\d+) digits before the point, (\d+) after/.exec(message);
      return m ? { code, params: { digits: Number(m[1]), decimals: Number(m[2]) } } : { code };
    }
    if (code === 'too_small') return { code, params: { minimum: 0, inclusive: false } };
    return { code };
  }
  const text = p.origin === 'string';
  switch (issue.keyword) {
    case 'too_big':
      if (p.origin === 'array' || p.origin === 'set') return { code: 'too_many', params: { maximum: num(p.maximum)! } };
      return text
        ? { code: 'too_long', params: { maximum: num(p.maximum)! } }
        : { code: 'too_large', params: { maximum: num(p.maximum)!, inclusive: p.inclusive !== false } };
    case 'too_small':
      if (text)
        return num(p.minimum) === 1
          ? { code: 'required' }
          : { code: 'too_short', params: { minimum: num(p.minimum)! } };
      if (p.origin === 'array' || p.origin === 'set') return { code: 'required' };
      return { code: 'too_small', params: { minimum: num(p.minimum)!, inclusive: p.inclusive !== false } };
    case 'invalid_type':
      if (p.expected === 'int') return { code: 'not_integer' };
      return /received undefined|received null/.test(message) ? { code: 'required' } : { code: 'invalid' };
    case 'invalid_format':
      return p.format === 'email' ? { code: 'invalid_email' } : { code: 'invalid' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'invalid_choice' };
    case 'unrecognized_keys':
      return { code: 'invalid' };
    default:
      return { code: 'invalid' };
  }
}

export function sendProblem(reply: FastifyReply, p: TProblem, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.code(p.status).type('application/problem+json').send(p);
}

/**
 * What may be logged of an error: for a database error only its code, constraint and table — the driver's
 * message carries the query and its parameters (password hashes, personal data).
 */
export function loggable(err: unknown): Record<string, unknown> {
  const pg = pgError(err);
  if (!pg) return { err };
  return { db: { code: pg.code, constraint: pg.constraint, table: pg.table } };
}

/**
 * The last wall behind the contract's bounds: a value the database cannot take (class 22: out of range, bad
 * date, NUL byte, bad text representation) is the client's 400; a constraint it breaks (class 23) a 409.
 */
function dbProblem(err: unknown): TProblem | undefined {
  const pg = pgError(err);
  if (!pg?.code) return undefined;
  if (pg.code.startsWith('22')) return problem(400, 'invalid_data', 'A value is out of range or malformed');
  if (pg.code === '23505') return problem(409, 'already_exists', 'This record already exists');
  if (pg.code === '23503') return problem(409, 'reference_conflict', 'A referenced record is missing or still used');
  if (pg.code.startsWith('23')) return problem(409, 'constraint_violation', 'The change breaks a data rule');
  return undefined;
}

/** Maps every error to RFC 9457 problem+json; never sends a stack trace. */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    const p = problem(err.status, err.code, err.message, err.errors, err.params);
    return sendProblem(reply, err.extensions ? { ...err.extensions, ...p } : p, err.headers);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = err.validationContext ?? 'body';
    const errors = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
      message: v.message ?? 'invalid value',
      ...fieldErrorOf(v),
    }));
    return sendProblem(reply, problem(400, 'validation_failed', `Invalid ${where}`, errors));
  }
  const db = dbProblem(err);
  if (db) {
    request.log.warn(loggable(err), 'database rejected the request');
    return sendProblem(reply, db);
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return sendProblem(reply, problem(413, 'payload_too_large', 'The request body is too large'));
  if (status === 429) {
    return sendProblem(reply, problem(429, 'rate_limited', 'Too many requests, retry later'));
  }
  if (status >= 400 && status < 500) {
    const code = status === 415 ? 'unsupported_media_type' : 'bad_request';
    return sendProblem(reply, problem(status, code, err.message));
  }
  request.log.error(loggable(err), 'unhandled error');
  return sendProblem(reply, problem(500, 'internal_error', 'An unexpected error occurred'));
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TProblem } from '@tagstock/contract';

export type FieldError = { field: string; message: string };

/** The one error type: a stable code and an HTTP status, mapped once to problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = () => new AppError(403, 'forbidden', 'You do not have the permission for this action');
export const unauthorized = (code = 'unauthorized', message = 'Authentication required') =>
  new AppError(401, code, message);
export const conflict = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(409, code, message, errors);
export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, errors);

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
  503: 'Service Unavailable',
};

export function problem(status: number, code: string, detail?: string, errors?: FieldError[]): TProblem {
  return {
    type: `https://tagstock.app/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(errors?.length ? { errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, p: TProblem, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.code(p.status).type('application/problem+json').send(p);
}

/** Maps every error to RFC 9457 problem+json; never sends a stack trace. */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return sendProblem(reply, problem(err.status, err.code, err.message, err.errors), err.headers);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = err.validationContext ?? 'body';
    const errors = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
      message: v.message ?? 'invalid value',
    }));
    return sendProblem(reply, problem(400, 'validation_failed', `Invalid ${where}`, errors));
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
  request.log.error({ err }, 'unhandled error');
  return sendProblem(reply, problem(500, 'internal_error', 'An unexpected error occurred'));
}

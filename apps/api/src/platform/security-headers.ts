import type { FastifyInstance } from 'fastify';

/** A policy from its directives; every page policy shares the same base (own origin, no plugins, no framing). */
const policy = (extra: { img: string; font?: string }) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${extra.img}`,
    ...(extra.font ? [`font-src ${extra.font}`] : []),
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The web app: scripts only from its own files; styles may be inline because MUI (emotion) injects them;
 * Socket.IO's WebSocket is same-origin, which 'self' covers in CSP 3.
 */
export const APP_CSP = policy({ img: "'self' data: blob:", font: "'self' data:" });

/** Swagger UI sets inline styles and data: images; its scripts are files of its own. */
export const DOCS_CSP = policy({ img: "'self' data:" });

/** API answers (JSON, files) are never rendered as a page. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Security headers on every response (an onSend hook: no dependency, and static files get them too). */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url;
    const csp = path.startsWith('/backend/docs') ? DOCS_CSP : path.startsWith('/backend/') ? API_CSP : APP_CSP;
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    return payload;
  });
}

import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { PERMISSIONS, type TPermission, type TSessionUser } from '@tagstock/contract';
import type { Db } from '../db/client';
import { authRepository, type SessionRow } from '../modules/auth/auth.repository';
import { forbidden, notFound, unauthorized } from './errors';
import { SessionCache, type Sessions } from './session-cache';

export const TOKEN_AUDIENCE = 'tagstock';
export const TOKEN_TTL = '12h';
/** How long another process may serve a session after a change made elsewhere (this process: at once). */
const SESSION_TTL_MS = 10_000;

type TokenPayload = { sub: string; ver: number };

export type AuthContext = {
  userId: number;
  tenantId: number | null;
  rb: boolean;
  permissions: ReadonlySet<TPermission>;
  session: SessionRow;
};

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    requirePermission(permission: TPermission): preHandlerAsyncHookHandler[];
    requireSuperAdmin: preHandlerAsyncHookHandler[];
    sessions: Sessions;
    signToken(userId: number, tokenVersion: number): string;
    verifyToken(token: string): Promise<AuthContext>;
  }
}

/** Super admins hold every permission; others hold their role's. */
export function permissionsOf(row: SessionRow): TPermission[] {
  if (row.rb) return [...PERMISSIONS];
  return row.permissions.filter((p): p is TPermission => (PERMISSIONS as readonly string[]).includes(p));
}

export function toSessionUser(row: SessionRow): TSessionUser {
  return {
    IDUser: row.id,
    IDClient: String(row.tenantId ?? 0),
    rb: row.rb,
    App_Type: row.appType,
    name: row.name,
    email: row.email,
    role: row.roleName,
    tenantName: row.tenantName ?? 'Tagstock',
  };
}

export const authPlugin = fp<{ db: Db; secret: string }>(async (app, { db, secret }) => {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', aud: TOKEN_AUDIENCE, expiresIn: TOKEN_TTL },
    // `cache`: a token already verified is not checked again (expiry still is).
    verify: { algorithms: ['HS256'], allowedAud: TOKEN_AUDIENCE, cache: true },
  });

  const cache = new SessionCache<AuthContext>(SESSION_TTL_MS);
  const loadContext = async (userId: number): Promise<AuthContext | undefined> => {
    const row = await authRepository.findSessionById(db, userId);
    return (
      row && {
        userId: row.id,
        tenantId: row.tenantId,
        rb: row.rb,
        permissions: new Set(permissionsOf(row)),
        session: row,
      }
    );
  };
  app.decorate('sessions', { invalidate: (id: number) => cache.invalidate(id), clear: () => cache.clear() });

  app.decorate('signToken', (userId: number, tokenVersion: number) =>
    app.jwt.sign({ sub: String(userId), ver: tokenVersion }),
  );

  async function verifyToken(token: string): Promise<AuthContext> {
    let payload: TokenPayload;
    try {
      payload = app.jwt.verify<TokenPayload>(token);
    } catch {
      throw unauthorized('invalid_token', 'The token is invalid or expired');
    }
    const userId = Number(payload.sub);
    const context = Number.isInteger(userId) ? await cache.get(userId, loadContext) : undefined;
    // A bumped token version (password change, sign-out everywhere, disabling) revokes older tokens.
    if (!context || context.session.disabled || context.session.tokenVersion !== payload.ver) {
      throw unauthorized('invalid_token', 'The token is invalid or expired');
    }
    return context;
  }
  app.decorate('verifyToken', verifyToken);

  app.decorateRequest('auth', null as unknown as AuthContext);
  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthorized();
    request.auth = await verifyToken(match[1]!);
  };
  app.decorate('authenticate', authenticate);

  app.decorate('requirePermission', (permission: TPermission) => [
    authenticate,
    async (request: FastifyRequest) => {
      if (!request.auth.permissions.has(permission)) throw forbidden();
    },
  ]);
  app.decorate('requireSuperAdmin', [
    authenticate,
    async (request: FastifyRequest) => {
      if (!request.auth.rb) throw forbidden();
    },
  ]);
});

/**
 * The tenant guard for a `{id}` path parameter that names the client: it must be the caller's own
 * tenant unless the caller is a super admin; anything else is a 404 (never reveal it exists).
 */
export function tenantFromParam(auth: AuthContext, id: string | number): number {
  const tenantId = Number(id);
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw notFound('Client');
  if (!auth.rb && tenantId !== auth.tenantId) throw notFound('Client');
  return tenantId;
}

/** The caller's own tenant, for tenant-scoped routes without a client parameter. */
export function callerTenant(auth: AuthContext): number {
  if (auth.tenantId === null) throw notFound('Client');
  return auth.tenantId;
}

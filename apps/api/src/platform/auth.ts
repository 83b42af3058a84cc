import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { canUseDashboard, PERMISSIONS, type TPermission, type TSessionUser } from '@tagstock/contract';
import { withPlatform, withTenant, type Db, type Tx } from '../db/client';
import { AppError, forbidden, notFound, unauthorized } from './errors';
import type { SharedRedis } from './redis';
import { SessionCache, type Sessions } from './session-cache';
import { sessionRepository, type SessionRow } from './session-repository';

export type { SessionRow } from './session-repository';

export const TOKEN_AUDIENCE = 'tagstock';
export const TOKEN_TTL = '12h';
/**
 * How long another process may serve a session after a change made elsewhere when it missed the invalidation
 * published on Redis, or when there is no Redis (this process: at once).
 */
const SESSION_TTL_MS = 10_000;
/** Carries the id of a user whose session changed, or `*` for everyone. */
const SESSIONS_CHANNEL = 'sessions';

type TokenPayload = { sub: string; ver: number };

/**
 * What a token must carry. @fastify/jwt checks `aud` and `exp` only when present, so a token signed with the
 * secret but lacking them would pass: every claim is required here.
 */
const ZTokenClaims = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
  ver: z.number().int().min(0),
  aud: z.literal(TOKEN_AUDIENCE),
  exp: z.number().int().positive(),
});
const MAX_USER_ID = 2 ** 31 - 1;

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
    /** When a token (already verified) expires, in ms since the epoch. */
    tokenExpiresAt(token: string): number;
  }
}

/** Super admins hold every permission; others hold their role's. */
/** What a request of this user may do, read from the database (the auth plugin caches it per user). */
export async function loadAuthContext(db: Db, userId: number): Promise<AuthContext | undefined> {
  // Platform work: the caller's tenant is what this lookup finds out.
  const row = await withPlatform(db, (tx) => sessionRepository.findById(tx, userId));
  return (
    row && {
      userId: row.id,
      tenantId: row.tenantId,
      rb: row.rb,
      permissions: new Set(permissionsOf(row)),
      session: row,
    }
  );
}

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
    language: row.language,
  };
}

export const authPlugin = fp<{ db: Db; secret: string; redis?: SharedRedis }>(async (app, { db, secret, redis }) => {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', aud: TOKEN_AUDIENCE, expiresIn: TOKEN_TTL },
    // `cache`: a token already verified is not checked again (expiry still is).
    verify: { algorithms: ['HS256'], allowedAud: TOKEN_AUDIENCE, cache: true },
  });

  const cache = new SessionCache<AuthContext>(SESSION_TTL_MS);
  const loadContext = (userId: number) => loadAuthContext(db, userId);
  const listeners: ((userId: number | null) => Promise<void>)[] = [];
  const changed = async (userId: number | null) => {
    // A listener failing (e.g. Redis down) must not fail the change that was already committed.
    await Promise.all(
      listeners.map((l) => l(userId).catch((err: unknown) => app.log.warn({ err, userId }, 'session change listener'))),
    );
  };
  const sessions: Sessions = {
    async invalidate(userId) {
      cache.invalidate(userId);
      await changed(userId);
    },
    async clear() {
      cache.clear();
      await changed(null);
    },
    onChange: (listener) => void listeners.push(listener),
  };
  app.decorate('sessions', sessions);
  if (redis) {
    // Every process drops the sessions that changed in another one.
    await redis.subscribe(SESSIONS_CHANNEL, (message) =>
      message === '*' ? cache.clear() : cache.invalidate(Number(message)),
    );
    sessions.onChange((userId) => redis.publish(SESSIONS_CHANNEL, userId === null ? '*' : String(userId)));
  }

  app.decorate('signToken', (userId: number, tokenVersion: number) =>
    app.jwt.sign({ sub: String(userId), ver: tokenVersion }),
  );

  async function verifyToken(token: string): Promise<AuthContext> {
    let payload: z.infer<typeof ZTokenClaims>;
    try {
      payload = ZTokenClaims.parse(app.jwt.verify<TokenPayload>(token));
    } catch {
      throw unauthorized('invalid_token', 'The token is invalid or expired');
    }
    const userId = Number(payload.sub);
    const context = userId <= MAX_USER_ID ? await cache.get(userId, loadContext) : undefined;
    // A bumped token version (password change, sign-out everywhere, disabling) revokes older tokens.
    if (!context || context.session.disabled || context.session.tokenVersion !== payload.ver) {
      throw unauthorized('invalid_token', 'The token is invalid or expired');
    }
    // A 401 too: the client signs out, as for a revoked token, and says why.
    if (context.session.tenantDisabled) throw tenantDisabled();
    return context;
  }
  app.decorate('verifyToken', verifyToken);
  app.decorate('tokenExpiresAt', (token: string) => ZTokenClaims.parse(app.jwt.decode(token)).exp * 1000);

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

/** The answer to a user of a tenant the super admin disabled, on every request and at sign-in. */
export const tenantDisabled = () => unauthorized('tenant_disabled', 'This organization is disabled');

/** Mobile-only accounts (App_Type Mobile) may sign in and upload handheld sessions, not use the dashboard API. */
export const dashboardAppOnly: preHandlerAsyncHookHandler = async (request) => {
  // Routes without a signed-in caller (none in the dashboard today) have nothing to check.
  if (request.auth && !canUseDashboard(request.auth.session.appType)) {
    throw new AppError(403, 'app_type_forbidden', 'This account may not use the web dashboard');
  }
};

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

/** Runs `fn` in a transaction of the caller's own tenant (404 for a caller without one, the super admin). */
export const tenantScope =
  (db: Db) =>
  <T>(auth: AuthContext, fn: (tx: Tx, tenantId: number) => Promise<T>): Promise<T> => {
    const tenantId = callerTenant(auth);
    return withTenant(db, tenantId, (tx) => fn(tx, tenantId));
  };

import type { Server as HttpServer } from 'node:http';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PATH, SocketEvents, ZJoinRoom, type TPermission } from '@tagstock/contract';
import type { AuthContext } from './auth';

/** The tenant room carries tag movements, stock totals and reader status: joining it needs this permission. */
export const REALTIME_PERMISSION: TPermission = 'tags.read';
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Kept small and serializable: the Redis adapter ships it to other processes (fetchSockets). */
type SocketData = { token: string; userId: number };

const userRoom = (userId: number) => `user:${userId}`;

export type Realtime = {
  io: Server;
  /** Emits an event to every socket that joined the tenant's room, on every process (Redis adapter). */
  notifyTenant(tenantId: number, event: string, payload: unknown): void;
  /**
   * Re-checks the token of every socket of a user (null: of everyone), on every process, and disconnects those
   * whose token was revoked or whose user may no longer listen.
   */
  recheck(userId: number | null): Promise<void>;
  close(): Promise<void>;
};

type Options = {
  verifyToken(token: string): Promise<AuthContext>;
  tokenExpiresAt(token: string): number;
  redisUrl?: string;
  /** Starts the adapter's stream, channels and keys, like every other Redis key of the app. */
  redisPrefix: string;
  log: { warn(obj: unknown, msg: string): void };
};

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string') return fromAuth;
  return socket.handshake.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

export async function createRealtime(server: HttpServer, opts: Options): Promise<Realtime> {
  const io = new Server(server, { path: SOCKET_PATH, serveClient: false });
  let redis: RedisClientType | undefined;
  if (opts.redisUrl) {
    // Loaded only when configured: most single-process installs never need it.
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    redis = createClient({ url: opts.redisUrl }) as RedisClientType;
    redis.on('error', (err: unknown) => opts.log.warn({ err }, 'redis adapter error'));
    await redis.connect();
    const name = `${opts.redisPrefix}socket.io`;
    io.adapter(createAdapter(redis, { streamName: name, channelPrefix: name, sessionKeyPrefix: `${name}:session:` }));
  }

  const mayListen = (auth: AuthContext) => auth.permissions.has(REALTIME_PERMISSION);
  const verified = (token: string) => opts.verifyToken(token).catch(() => undefined);

  // The handshake must carry a valid token; otherwise the connection is refused.
  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    const auth = token ? await verified(token) : undefined;
    if (!token || !auth) return next(new Error('unauthorized'));
    socket.data = { token, userId: auth.userId } satisfies SocketData;
    next();
  });

  io.on('connection', (socket) => {
    const { token, userId } = socket.data as SocketData;
    // The per-user room lets a revocation reach this socket from any process.
    void socket.join(userRoom(userId));
    // A socket lives no longer than its token: a request with it would be refused after that.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(MAX_TIMER_MS, Math.max(0, opts.tokenExpiresAt(token) - Date.now())),
    );
    socket.on('disconnect', () => clearTimeout(expiry));

    socket.on(SocketEvents.joinRoom, async (room: unknown, ack?: unknown) => {
      // Checked again at each join: the token may have been revoked since the handshake.
      const auth = await verified(token);
      const parsed = ZJoinRoom.safeParse(room);
      const allowed =
        auth !== undefined && mayListen(auth) && parsed.success && (auth.rb || parsed.data === String(auth.tenantId));
      if (allowed) await socket.join(parsed.data);
      if (typeof ack === 'function') ack({ ok: allowed });
      if (!auth) socket.disconnect(true);
    });
  });

  return {
    io,
    notifyTenant: (tenantId, event, payload) => {
      io.to(String(tenantId)).emit(event, payload);
    },
    async recheck(userId) {
      const sockets = await (userId === null ? io : io.in(userRoom(userId))).fetchSockets();
      await Promise.all(
        sockets.map(async (socket) => {
          const auth = await verified((socket.data as SocketData).token);
          if (!auth || !mayListen(auth)) socket.disconnect(true);
        }),
      );
    },
    async close() {
      await io.close();
      if (redis?.isOpen) await redis.quit();
    },
  };
}

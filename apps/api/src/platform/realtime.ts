import type { Server as HttpServer } from 'node:http';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import { SOCKET_PATH, SocketEvents, ZJoinRoom } from '@tagstock/contract';
import type { AuthContext } from './auth';

export type Realtime = {
  io: Server;
  /** Emits an event to every socket that joined the tenant's room, on every process (Redis adapter). */
  notifyTenant(tenantId: number, event: string, payload: unknown): void;
  close(): Promise<void>;
};

type Options = {
  verifyToken(token: string): Promise<AuthContext>;
  redisUrl?: string;
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
    io.adapter(createAdapter(redis));
  }

  // The handshake must carry a valid token; otherwise the connection is refused.
  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('unauthorized'));
    try {
      socket.data.auth = await opts.verifyToken(token);
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    const auth = socket.data.auth as AuthContext;
    socket.on(SocketEvents.joinRoom, async (room: unknown, ack?: unknown) => {
      const parsed = ZJoinRoom.safeParse(room);
      const allowed = parsed.success && (auth.rb || parsed.data === String(auth.tenantId));
      if (allowed) await socket.join(parsed.data);
      if (typeof ack === 'function') ack({ ok: allowed });
    });
  });

  return {
    io,
    notifyTenant: (tenantId, event, payload) => {
      io.to(String(tenantId)).emit(event, payload);
    },
    async close() {
      await io.close();
      if (redis?.isOpen) await redis.quit();
    },
  };
}

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH, SocketEvents, type TReaderStatusEvent, type TSendNotification } from '@tagstock/contract';
import { platformRows, setupTestApp } from '../test/helper';
import { startDemoReaders, type DemoReaders } from './demo-readers';

const ctx = await setupTestApp();
const db = ctx.database.db;
const sockets: Socket[] = [];
let readers: DemoReaders | undefined;
afterAll(async () => {
  await readers?.stop();
  sockets.forEach((s) => s.close());
});

/** Resolves with the first event of that name whose payload matches, as it arrives on the socket. */
const next = <T>(socket: Socket, event: string, matches: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve) => {
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

describe('DEMO_READERS', () => {
  it('posts walk-outs to the demo gate through ingestion and has the storage reader drop and come back', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const [demo] = await platformRows<{ id: number }>(db, sql`select id from tenants where name = 'Demo'`);
    const [storage] = await platformRows<{ id: number }>(
      db,
      sql`select id from readers where tenant_id = ${demo!.id} and role = 'storage'`,
    );
    const token = await ctx.token('admin@demo.test');
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(server, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(s);
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
    const joined = await new Promise((resolve) => socket.emit(SocketEvents.joinRoom, String(demo!.id), resolve));
    expect(joined).toEqual({ ok: true });
    // Listening before the readers start: every event is caught from the first tick on.
    const ofStorage = (e: TReaderStatusEvent) => e.readerId === storage!.id;
    const walkOut = next<TSendNotification>(
      socket,
      SocketEvents.sendNotification,
      (n) => n.newTagMouvement?.eventType === 'OUT',
    );
    const connected = next<TReaderStatusEvent>(socket, SocketEvents.readerConnect, ofStorage);
    const dropped = next<TReaderStatusEvent>(socket, SocketEvents.readerDisconnect, ofStorage);
    readers = await startDemoReaders({
      db,
      server,
      readerStatus: ctx.app.readerStatus,
      everyMs: 50,
      dropEvery: 4,
      dropFor: 2,
      log: { warn: (obj, msg) => console.warn(msg, obj) },
    });
    expect(readers).toBeDefined();

    const out = await walkOut;
    expect(out.newTagMouvement?.Reader.name).toBe('Portique quai A');
    const [movement] = await platformRows<{ source: string; eventType: string }>(
      db,
      sql`select source, event_type as "eventType" from tag_movements where id = ${out.newTagMouvement!.id}`,
    );
    expect(movement).toEqual({ source: 'impinj', eventType: 'OUT' });
    await connected;
    await dropped;
    // Back after its silence: connected again.
    await next<TReaderStatusEvent>(socket, SocketEvents.readerConnect, ofStorage);
  });
});

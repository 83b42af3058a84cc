import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { SOCKET_PATH, SocketEvents, type TReaderStatusEvent, type TSendNotification } from '@tagstock/contract';
import { tagLogsPathFor } from './alarm-slice';
import { createSocket, registerSocketHandlers, SOCKET_OPTIONS } from './socket';

// A real Socket.IO server on a random port, speaking the contract's event names.
const httpServer = createServer();
const io = new Server(httpServer, { path: SOCKET_PATH, transports: ['websocket'] });
const joins: { room: string; token: unknown }[] = [];
let url = '';

io.use((socket, next) => {
  if (socket.handshake.auth.token === 'good-token') next();
  else next(new Error('unauthorized'));
});
io.on('connection', (socket: ServerSocket) => {
  socket.on(SocketEvents.joinRoom, (room: string) => {
    joins.push({ room, token: socket.handshake.auth.token });
    void socket.join(room);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await io.close();
});

type Action = { type: string; payload?: unknown };

const setup = () => {
  const actions: Action[] = [];
  const notify = { success: vi.fn(), error: vi.fn() };
  const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
  const socket = createSocket('good-token', url);
  const unregister = registerSocketHandlers({
    socket,
    idClient: '7',
    dispatch: (a) => actions.push(a),
    t,
    notify,
  });
  socket.connect();
  return { socket, actions, notify, unregister };
};

const reader: TReaderStatusEvent = {
  readerId: 3,
  name: 'Gate A',
  emplacement: 'Quai 1',
  at: '2025-01-01T10:00:00.000Z',
};
const notification = (isAuthorized: boolean): TSendNotification => ({
  result: { totalQuantity: 1234, totalValorization: 5678.9 },
  isAuthorized,
  authorizationMessage: isAuthorized ? null : 'No open output',
  updatedArticle: { id: 11, Designation: 'Perceuse Bosch' },
  newTagMouvement: { id: 99, eventType: 'OUT', Reader: { id: 3, name: 'Gate A', emplacement: 'Quai 1' } },
});

let current: Socket | null = null;
afterEach(() => {
  current?.disconnect();
  current = null;
  joins.length = 0;
});

describe('socket', () => {
  it('uses the spec timings and websocket only', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      path: '/backend-socket/socket.io',
      transports: ['websocket'],
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
    });
  });

  it('sends the token in the handshake and joins the IDClient room on every connect', async () => {
    const { socket } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toEqual([{ room: '7', token: 'good-token' }]));
    // Drop the transport: the client reconnects by itself and must join again.
    const [serverSocket] = await io.fetchSockets();
    (io.sockets.sockets.get(serverSocket!.id) as ServerSocket).conn.close();
    await vi.waitFor(() => expect(joins).toHaveLength(2), { timeout: 8000 });
    expect(joins[1]).toEqual({ room: '7', token: 'good-token' });
  });

  it('toasts reader connect and disconnect for 5 s and tracks the flag', async () => {
    const { socket, notify, actions } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    io.to('7').emit(SocketEvents.readerDisconnect, reader);
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(notify.error.mock.calls[0]?.[0]).toBe('realtime.readerDisconnected');
    expect(notify.error.mock.calls[0]?.[1]).toMatchObject({ autoClose: 5000 });
    expect(actions).toContainEqual({ type: 'dashboard/setReaderDisconnected', payload: true });
    expect(actions.find((a) => a.type === 'api/invalidateTags')?.payload).toEqual(expect.arrayContaining(['Readers']));

    io.to('7').emit(SocketEvents.readerConnect, reader);
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledTimes(1));
    expect(notify.success.mock.calls[0]?.[0]).toBe('realtime.readerConnected');
    expect(notify.success.mock.calls[0]?.[1]).toMatchObject({ autoClose: 5000 });
    expect(actions).toContainEqual({ type: 'dashboard/setReaderDisconnected', payload: false });
  });

  it('updates live stock from send_notification without an alarm when authorized', async () => {
    const { socket, actions } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    io.to('7').emit(SocketEvents.sendNotification, notification(true));
    await vi.waitFor(() => expect(actions).toContainEqual({ type: 'dashboard/setStockValorisation', payload: 5678.9 }));
    expect(actions).toContainEqual({ type: 'dashboard/setStockQuantity', payload: 1234 });
    expect(actions.filter((a) => a.type === 'alarm/exitRaised')).toEqual([]);
    // Lists fed by tag movements (tag logs, tags, articles) refetch.
    const invalidation = actions.find((a) => a.type === 'api/invalidateTags');
    expect(invalidation?.payload).toEqual(expect.arrayContaining(['TagLogs', 'Tags', 'Articles']));
  });

  it('raises an exit alarm for an unauthorized exit, linked to that movement', async () => {
    const { socket, actions } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    io.to('7').emit(SocketEvents.sendNotification, notification(false));
    await vi.waitFor(() => expect(actions.filter((a) => a.type === 'alarm/exitRaised')).toHaveLength(1));
    const raised = actions.find((a) => a.type === 'alarm/exitRaised')?.payload as {
      movementId: number;
      notification: TSendNotification;
      receivedAt: string;
    };
    expect(raised.movementId).toBe(notification(false).newTagMouvement?.id);
    expect(raised.notification).toEqual(notification(false));
    expect(Number.isNaN(Date.parse(raised.receivedAt))).toBe(false);
    expect(actions).toContainEqual({ type: 'dashboard/setStockQuantity', payload: 1234 });
    expect(tagLogsPathFor(raised.movementId)).toBe(`/admin/tagLogs?movementId=${raised.movementId}`);
    expect(tagLogsPathFor(-1)).toBe('/admin/tagLogs?unauthorized=true');
  });

  it('toasts a lost article seen again, in words for one written off the stock, and refreshes the lost articles', async () => {
    const { socket, notify, actions } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    const seen = { tagId: 5, epc: 'E200', articleId: 11, designation: 'Perceuse Bosch', location: 'Quai 1' };
    io.to('7').emit(SocketEvents.lostArticleFound, { ...seen, wasLost: false });
    io.to('7').emit(SocketEvents.lostArticleFound, { ...seen, tagId: 6, location: null, wasLost: true });
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledTimes(2));
    expect(notify.success.mock.calls[0]?.[0]).toBe(
      'realtime.lostArticleFound {"article":"Perceuse Bosch","epc":"E200","location":"Quai 1"}',
    );
    expect(notify.success.mock.calls[1]?.[0]).toBe(
      'realtime.lostArticleBack {"article":"Perceuse Bosch","epc":"E200","location":"realtime.unknownLocation"}',
    );
    expect(actions.find((a) => a.type === 'api/invalidateTags')?.payload).toEqual(
      expect.arrayContaining(['LostArticles', 'Articles']),
    );
  });

  it('toasts a webhook endpoint switched off and refreshes the webhooks and the log', async () => {
    const { socket, notify, actions } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    io.to('7').emit(SocketEvents.webhookDisabled, { endpointId: 3, url: 'https://erp.example/hook', reason: 'x' });
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(notify.error.mock.calls[0]?.[0]).toBe('realtime.webhookDisabled {"url":"https://erp.example/hook"}');
    expect(actions.find((a) => a.type === 'api/invalidateTags')?.payload).toEqual(['Webhooks', 'Logs']);
  });

  it('ignores malformed payloads and stops listening once unregistered', async () => {
    const { socket, actions, unregister } = setup();
    current = socket;
    await vi.waitFor(() => expect(joins).toHaveLength(1));
    io.to('7').emit(SocketEvents.sendNotification, { result: 'nope' });
    unregister();
    io.to('7').emit(SocketEvents.sendNotification, notification(true));
    // Events arrive in order: once a later probe is here, the two before it were handled (or ignored).
    const probed = new Promise((resolve) => socket.once('probe', resolve));
    io.to('7').emit('probe');
    await probed;
    expect(actions).toEqual([]);
  });

  it('is refused without a valid token', async () => {
    const socket = createSocket('bad-token', url);
    current = socket;
    const error = await new Promise<Error>((resolve) => {
      socket.once('connect_error', resolve);
      socket.connect();
    });
    expect(error.message).toBe('unauthorized');
  });
});

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, signInThroughApi } from './helpers';

/** Calls the real API as a user (bearer token), like another client would: readers, tags, ingestion. */
export type ApiSession = { token: string; idClient: string; headers: Record<string, string> };

export const apiSignIn = async (request: APIRequestContext, email: string = ACCOUNTS.admin): Promise<ApiSession> => {
  const body = await signInThroughApi(request, email);
  return { token: body.token, idClient: body.user.IDClient, headers: { Authorization: `Bearer ${body.token}` } };
};

export const apiPost = async <T>(request: APIRequestContext, session: ApiSession, path: string, data: unknown) => {
  const res = await request.post(`/backend/api${path}`, { headers: session.headers, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

export const apiGet = async <T>(request: APIRequestContext, session: ApiSession, path: string) => {
  const res = await request.get(`/backend/api${path}`, { headers: session.headers });
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

export type CreatedReader = { id: number; name: string; location: string; secret: string };

export const createReader = (
  request: APIRequestContext,
  session: ApiSession,
  reader: { name: string; location: string; vendor: 'zebra' | 'impinj'; heartbeatTimeoutSeconds?: number },
) =>
  apiPost<CreatedReader>(request, session, '/readers', {
    role: 'exit_gate',
    antennas: [
      { port: 1, side: 'inner' },
      { port: 2, side: 'outer' },
    ],
    ...reader,
  });

/** A fresh 96-bit EPC (24 hex digits) per call. */
let epcCounter = 0;
export const freshEpc = () =>
  `E2E0${Date.now().toString(16).toUpperCase().padStart(16, '0')}${(epcCounter++ % 0xffff).toString(16).toUpperCase().padStart(4, '0')}`;

export const createArticle = (
  request: APIRequestContext,
  session: ApiSession,
  reference: string,
  designation: string,
) =>
  apiPost<{ id: number; reference: string; designation: string }>(request, session, '/articles', {
    reference,
    designation,
    priceHt: '12.00',
    vatRate: '20',
    stockAlert: 0,
    initialQuantity: 10,
  });

/** Zebra IoT Connector timestamps: ISO with a `+0000` offset. */
const zebraTime = (date: Date) => date.toISOString().replace('Z', '+0000');
let eventNum = Math.floor(Date.now() / 1000) % 1_000_000_000;

/** A walk-out through an exit gate: inner antenna (1) then outer antenna (2) one second later = OUT. */
export const walkOut = async (request: APIRequestContext, secret: string, epc: string) => {
  const now = Date.now();
  const base = { peakRssi: -50, reads: 2, MAC: '84:24:8D:FC:08:06' };
  const res = await request.post('/backend/api/ingest/zebra', {
    headers: { Authorization: `Bearer ${secret}` },
    data: [
      {
        type: 'SIMPLE',
        timestamp: zebraTime(new Date(now)),
        data: { ...base, idHex: epc, antenna: 1, eventNum: ++eventNum },
      },
      {
        type: 'SIMPLE',
        timestamp: zebraTime(new Date(now + 1000)),
        data: { ...base, idHex: epc, antenna: 2, eventNum: ++eventNum },
      },
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { reads: number; duplicates: number; presences: number; movements: number };
};

/** An idle Impinj webhook batch: the reader is alive. */
export const impinjHeartbeat = async (request: APIRequestContext, secret: string) => {
  const res = await request.post('/backend/api/ingest/impinj', {
    headers: { Authorization: `Bearer ${secret}` },
    data: [],
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
};

export const today = () => new Date().toISOString().slice(0, 10);

/** Ack id of the probe below: far above the ids the page's own Socket.IO client uses. */
const PROBE_ACK = 987654;

/**
 * Call before the page opens its socket. Answers a function that resolves once the server has put the page's
 * socket in its tenant room (`count` times: each page load joins again): the page's frames pass through untouched,
 * and right after its `join_room` the test sends the same request with an ack on that socket. The server handles
 * one socket's packets in order, so the ack proves the page's join was done (a positive signal instead of a pause).
 */
export const watchRoomJoin = async (page: Page) => {
  let joins = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  await page.routeWebSocket(/\/backend-socket\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      server.send(message);
      const join = typeof message === 'string' ? /^42\["join_room",(".*")\]$/.exec(message) : null;
      if (join) server.send(`42${PROBE_ACK}["join_room",${join[1]}]`);
    });
    server.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith(`43${PROBE_ACK}[`)) {
        expect(message).toContain('"ok":true');
        joins += 1;
        for (const waiter of waiting.filter((w) => w.count <= joins)) waiter.resolve();
      } else ws.send(message);
    });
  });
  return (count = 1) =>
    joins >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
};

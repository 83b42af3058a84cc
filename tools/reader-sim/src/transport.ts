import mqtt, { type MqttClient } from 'mqtt';
import type { Vendor } from './payloads';

export type Transport = 'http' | 'mqtt';

export type SendResult =
  | { ok: true; status: number; report?: { reads: number; duplicates: number; presences: number; movements: number } }
  | { ok: false; status: number | null; error: string };

export type Sender = {
  /** Sends one body on the vendor's endpoint (or the reader's status topic over MQTT). */
  send(kind: Vendor | 'status', body: unknown): Promise<SendResult>;
  close(): Promise<void>;
};

export type SenderOptions = {
  transport: Transport;
  /** `<readerId>.<random>` */
  secret: string;
  server?: string;
  mqttUrl?: string;
  /** Per request; a server that hangs counts as not acknowledged. */
  timeoutMs?: number;
};

export function readerIdOf(secret: string): number {
  const m = /^(\d{1,9})\./.exec(secret);
  if (!m) throw new Error('the secret must look like <readerId>.<random>');
  return Number(m[1]);
}

/** HTTP: POST {server}/backend/api/ingest/{vendor} with the reader's bearer secret; acknowledged = 200. */
export function httpSender(opts: SenderOptions): Sender {
  const server = (opts.server ?? 'http://localhost:8080').replace(/\/$/, '');
  return {
    async send(kind, body) {
      if (kind === 'status') return { ok: true, status: 204 }; // HTTP readers have no status channel
      try {
        const res = await fetch(`${server}/backend/api/ingest/${kind}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.secret}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        const text = await res.text();
        if (res.status !== 200) return { ok: false, status: res.status, error: text.slice(0, 300) };
        return { ok: true, status: 200, report: JSON.parse(text) as never };
      } catch (err) {
        return { ok: false, status: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
    async close() {},
  };
}

/**
 * MQTT: publishes on tagstock/readers/{readerId}/{impinj|zebra|status}, QoS 1 (acknowledged = the broker's
 * PUBACK). Announces itself online and leaves an "offline" last will, as the readers' MQTT clients do.
 */
export async function mqttSender(opts: SenderOptions): Promise<Sender> {
  const readerId = readerIdOf(opts.secret);
  const topic = (kind: string) => `tagstock/readers/${readerId}/${kind}`;
  const client: MqttClient = await mqtt.connectAsync(opts.mqttUrl ?? 'mqtt://localhost:1883', {
    clientId: `reader-sim-${readerId}-${process.pid}`,
    username: String(readerId),
    password: opts.secret,
    will: { topic: topic('status'), payload: Buffer.from('offline'), qos: 1, retain: false },
    reconnectPeriod: 500,
    connectTimeout: 5000,
  });
  await client.publishAsync(topic('status'), 'online', { qos: 1 });
  return {
    async send(kind, body) {
      if (!client.connected) return { ok: false, status: null, error: 'MQTT not connected' };
      try {
        const payload = typeof body === 'string' ? body : JSON.stringify(body);
        await client.publishAsync(topic(kind), payload, { qos: 1 });
        return { ok: true, status: 200 };
      } catch (err) {
        return { ok: false, status: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
    async close() {
      await client.publishAsync(topic('status'), 'offline', { qos: 1 }).catch(() => undefined);
      await client.endAsync();
    },
  };
}

export async function createSender(opts: SenderOptions): Promise<Sender> {
  return opts.transport === 'mqtt' ? mqttSender(opts) : httpSender(opts);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends until acknowledged (network error or non-200 → try again, backing off to 1 s), as a reader with a
 * persistent buffer does. A 4xx other than 408/429 will not get better by retrying: it is given back.
 */
export async function sendUntilAcked(
  sender: Sender,
  kind: Vendor | 'status',
  body: unknown,
  opts: { retry: boolean; onRetry?: (r: SendResult) => void; signal?: AbortSignal },
): Promise<{ result: SendResult; attempts: number }> {
  let attempts = 0;
  let wait = 100;
  for (;;) {
    attempts += 1;
    const result = await sender.send(kind, body);
    if (result.ok || !opts.retry || opts.signal?.aborted) return { result, attempts };
    const permanent =
      result.status !== null && result.status >= 400 && result.status < 500 && ![408, 429].includes(result.status);
    if (permanent) return { result, attempts };
    opts.onRetry?.(result);
    await sleep(wait);
    wait = Math.min(wait * 2, 1000);
  }
}

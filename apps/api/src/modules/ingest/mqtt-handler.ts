import { eq } from 'drizzle-orm';
import { ZImpinjBatch, ZImpinjEvent, ZZebraBody, type TImpinjEvent, type TZebraEvent } from '@tagstock/contract';
import { withPlatform, type Db } from '../../db/client';
import { readers } from '../rfid/rfid.schema';
import type { createIngestService } from './ingest.service';
import { normalizeImpinj, normalizeZebra } from './pipeline';
import type { ReaderStatus } from './reader-status';

/** Subscribed pattern. A reader publishes under its own id; the broker's ACL gives each reader only its topics. */
export const MQTT_TOPIC = 'tagstock/readers/+/+';

export type MqttOutcome =
  | { ok: true; readerId: number; kind: 'impinj' | 'zebra' | 'status'; reads: number }
  | { ok: false; reason: string };

const TOPIC = /^tagstock\/readers\/(\d{1,9})\/(impinj|zebra|status)$/;

/**
 * One MQTT message → the same pipeline as the HTTP routes. `…/impinj` carries Impinj IoT device interface
 * events (one object or an array), `…/zebra` Zebra IoT Connector data and management events, `…/status`
 * the reader's connect message ("online") or its last will ("offline"). A bad message is dropped and
 * reported, never half-recorded.
 */
export function createMqttHandler(
  db: Db,
  service: ReturnType<typeof createIngestService>,
  status: Pick<ReaderStatus, 'markOffline'>,
) {
  return async function handle(topic: string, payload: Buffer): Promise<MqttOutcome> {
    const m = TOPIC.exec(topic);
    if (!m) return { ok: false, reason: `unexpected topic ${topic}` };
    const readerId = Number(m[1]);
    const kind = m[2] as 'impinj' | 'zebra' | 'status';
    // Platform work: the reader row names the tenant; the broker's ACL has authenticated the publisher.
    const [reader] = await withPlatform(db, (tx) => tx.select().from(readers).where(eq(readers.id, readerId)));
    if (!reader) return { ok: false, reason: `unknown reader ${readerId}` };

    const text = payload.toString('utf8').trim();
    if (kind === 'status') {
      let state = text.toLowerCase();
      try {
        const parsed = JSON.parse(text) as { status?: unknown };
        if (typeof parsed?.status === 'string') state = parsed.status.toLowerCase();
      } catch {
        // a plain-text status
      }
      if (state === 'offline' || state === 'disconnected') await status.markOffline(readerId);
      else if (state === 'online' || state === 'connected') await service.ingest(reader, 'mqtt', []);
      else return { ok: false, reason: `unknown status ${text.slice(0, 40)}` };
      return { ok: true, readerId, kind, reads: 0 };
    }

    let json: unknown;
    try {
      json = text === '' ? [] : JSON.parse(text);
    } catch {
      return { ok: false, reason: 'not JSON' };
    }
    const normalized =
      kind === 'impinj'
        ? (() => {
            const single = ZImpinjEvent.safeParse(json);
            const batch = single.success
              ? { success: true as const, data: [single.data] }
              : ZImpinjBatch.safeParse(json);
            return batch.success ? normalizeImpinj(batch.data as TImpinjEvent[]) : undefined;
          })()
        : (() => {
            const body = ZZebraBody.safeParse(json);
            return body.success ? normalizeZebra([body.data as TZebraEvent | TZebraEvent[]].flat()) : undefined;
          })();
    if (!normalized) return { ok: false, reason: `not a ${kind} payload` };
    if (normalized.errors.length)
      return { ok: false, reason: normalized.errors.map((e) => `${e.field}: ${e.message}`).join('; ') };
    await service.ingest(reader, 'mqtt', normalized.reads);
    return { ok: true, readerId, kind, reads: normalized.reads.length };
  };
}

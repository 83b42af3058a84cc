import mqtt from 'mqtt';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { platformRows, setupTestApp } from '../../test/helper';

// Against the real broker of the machine (MQTT_TEST_URL, default the local Mosquitto).
const url = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
// The reads below are from 2024-03-12 and the server drops reads far from its clock: set the clock there.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-03-12T09:20:00Z'), shouldAdvanceTime: true });
const ctx = await setupTestApp({ mqttUrl: url });
const api = '/backend/api';
const publisher = await mqtt.connectAsync(url, { clientId: `tagstock-test-${process.pid}-${Date.now()}` });
afterAll(() => publisher.endAsync());

/**
 * Polls until `fn` answers; `retry` runs before each poll round, so a message published before the server's
 * subscription was in place is published again (ingestion is idempotent, so repeats change nothing).
 */
async function eventually<T>(
  fn: () => Promise<T | undefined>,
  retry?: () => Promise<unknown>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (let i = 0; ; i++) {
    if (retry && i % 10 === 0) await retry();
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('MQTT ingestion', () => {
  it('turns reads published by a reader into tag movements, and its last will into offline', async () => {
    const admin = await ctx.token('admin@demo.test');
    const reader = (
      await ctx.as(admin, {
        method: 'POST',
        url: `${api}/readers`,
        payload: {
          name: 'Portique MQTT',
          vendor: 'zebra',
          location: 'Quai MQTT',
          role: 'exit_gate',
          antennas: [
            { port: 1, side: 'inner' },
            { port: 2, side: 'outer' },
          ],
        },
      })
    ).json() as { id: number };
    const epc = `E280${String(Date.now()).padStart(20, '0')}`.slice(0, 24);
    const at = (s: number) => `2024-03-12T09:15:${String(s).padStart(2, '0')}.000+0000`;
    const read = (antenna: number, s: number, eventNum: number) => ({
      type: 'SIMPLE',
      timestamp: at(s),
      data: { idHex: epc, antenna, peakRssi: -52, reads: 3, eventNum, MAC: '84:24:8D:FC:08:06' },
    });
    const publishReads = () =>
      publisher.publishAsync(`tagstock/readers/${reader.id}/zebra`, JSON.stringify([read(1, 1, 1), read(2, 3, 2)]), {
        qos: 1,
      });

    const movement = await eventually(async () => {
      const rows = await platformRows<{ eventType: string }>(
        ctx.database.db,
        sql`select event_type as "eventType" from tag_movements where reader_id = ${reader.id} and epc = ${epc}`,
      );
      return rows.find((r) => r.eventType === 'OUT');
    }, publishReads);
    expect(movement.eventType).toBe('OUT');
    const online = await platformRows<{ online: boolean }>(
      ctx.database.db,
      sql`select online from readers where id = ${reader.id}`,
    );
    expect(online[0]!.online).toBe(true);

    await eventually(
      async () => {
        const [r] = await platformRows<{ online: boolean }>(
          ctx.database.db,
          sql`select online from readers where id = ${reader.id}`,
        );
        return r && !r.online ? true : undefined;
      },
      () => publisher.publishAsync(`tagstock/readers/${reader.id}/status`, 'offline', { qos: 1 }),
    );
    const count = await platformRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from tag_movements where reader_id = ${reader.id}`,
    );
    expect(count[0]!.n).toBe(1);
  });
});

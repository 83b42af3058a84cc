import { hostname } from 'node:os';
import mqtt from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { MQTT_TOPIC, type MqttOutcome } from './mqtt-handler';

/**
 * Subscribes to the readers' topics on the broker and feeds every message to the ingestion pipeline.
 * A shared subscription: with several server processes each message is handled by one of them.
 */
export function startMqtt(
  url: string,
  handle: (topic: string, payload: Buffer) => Promise<MqttOutcome>,
  log: FastifyBaseLogger,
): { close(): Promise<void> } {
  const client = mqtt.connect(url, { clientId: `tagstock-${hostname()}-${process.pid}`, reconnectPeriod: 1000 });
  client.on('connect', () => {
    client.subscribe(`$share/tagstock/${MQTT_TOPIC}`, { qos: 1 }, (err) => {
      if (err) log.warn({ err }, 'mqtt subscribe failed');
    });
  });
  client.on('error', (err) => log.warn({ err }, 'mqtt error'));
  client.on('message', (topic, payload) => {
    handle(topic, payload).then(
      (outcome) => {
        if (!outcome.ok) log.warn({ topic, reason: outcome.reason }, 'mqtt message dropped');
      },
      (err: unknown) => log.error({ err, topic }, 'mqtt message failed'),
    );
  });
  return { close: () => client.endAsync() };
}

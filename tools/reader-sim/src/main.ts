// `npm run reader-sim -- <scenario> [options]`: plays an RFID reader against a Tagstock server.
import { parseArgs } from 'node:util';
import { defaultIdentity, demoEpc, type Vendor } from './payloads';
import { scenarios, type ScenarioContext } from './scenarios';
import { createSender, readerIdOf, type Transport } from './transport';

const USAGE = `Usage: npm run reader-sim -- <scenario> --secret <readerId.random> [options]

Scenarios: ${Object.keys(scenarios).join(', ')}

Options:
  --server <url>        Tagstock server (default http://localhost:8080)
  --vendor impinj|zebra payload format (default impinj)
  --secret <secret>     the reader's secret <readerId>.<random> (Readers screen → rotate secret)
  --transport http|mqtt (default http)
  --mqtt <url>          MQTT broker (default mqtt://localhost:1883)
  --epc <hex>           tag EPC, repeatable (default ${demoEpc(1)})
  --inner <port>        inner antenna port (default 1)
  --outer <port>        outer antenna port (default 2)
  --every <s>           heartbeat: seconds between heartbeats (default 10)
  --duration <s>        heartbeat, load: run time (default 60 / 30)
  --gap <s>             heartbeat: stop for that long mid-run, then resume (a reboot)
  --rate <reads/s>      load: raw reads per second (default 1000)
  --tags <n>            load: tags dwelling in the field (default 200)
  --crossings <n/s>     load: walk-outs per second, each a new tag (default 5)
  --retry               retry every batch until acknowledged (network error or non-200)
  --event-num <n>       Zebra: first eventNum (default: from the clock, so runs never collide)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    server: { type: 'string', default: 'http://localhost:8080' },
    vendor: { type: 'string', default: 'impinj' },
    secret: { type: 'string' },
    transport: { type: 'string', default: 'http' },
    mqtt: { type: 'string', default: 'mqtt://localhost:1883' },
    epc: { type: 'string', multiple: true },
    inner: { type: 'string', default: '1' },
    outer: { type: 'string', default: '2' },
    every: { type: 'string', default: '10' },
    duration: { type: 'string' },
    gap: { type: 'string', default: '0' },
    rate: { type: 'string', default: '1000' },
    tags: { type: 'string', default: '200' },
    crossings: { type: 'string', default: '5' },
    retry: { type: 'boolean', default: false },
    'event-num': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const name = positionals[0];
const scenario = name ? scenarios[name] : undefined;
if (values.help || !scenario || !values.secret) {
  console.error(name && !scenario ? `Unknown scenario ${name}\n\n${USAGE}` : USAGE);
  process.exit(values.help ? 0 : 2);
}
const vendor = values.vendor as Vendor;
const transport = values.transport as Transport;
if (!['impinj', 'zebra'].includes(vendor)) throw new Error('--vendor must be impinj or zebra');
if (!['http', 'mqtt'].includes(transport)) throw new Error('--transport must be http or mqtt');

const num = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Number(v));
const readerId = readerIdOf(values.secret);
const sender = await createSender({ transport, secret: values.secret, server: values.server, mqttUrl: values.mqtt });
const ctx: ScenarioContext = {
  sender,
  vendor,
  identity: defaultIdentity(readerId),
  epcs: values.epc?.length ? values.epc.map((e) => e.toUpperCase()) : [demoEpc(1)],
  explicitEpcs: Boolean(values.epc?.length),
  inner: num(values.inner, 1),
  outer: num(values.outer, 2),
  retry: values.retry,
  every: num(values.every, 10),
  duration: num(values.duration, name === 'load' ? 30 : 60),
  gap: num(values.gap, 0),
  rate: num(values.rate, 1000),
  tags: num(values.tags, 200),
  crossings: num(values.crossings, 5),
  // A real reader's counter only grows; the clock stands in for it between runs of the simulator.
  eventNum: num(values['event-num'], Math.floor(Date.now() / 100) % 2_000_000_000),
  log: (line) => console.log(line),
};
console.log(`reader ${readerId} (${vendor} over ${transport}) → ${transport === 'http' ? values.server : values.mqtt}`);
try {
  await scenario(ctx);
} finally {
  await sender.close();
}

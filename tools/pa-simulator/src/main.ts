// `npm run pa-sim -- [--port 8090] [--step-ms 300] [--account clientId:secret:siren:name]…`: a local approved
// platform (AFNOR XP Z12-013) for the demo; accounts can also be added later with POST /_sim/accounts.
import { parseArgs } from 'node:util';
import { startPaSimulator } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    host: { type: 'string', default: '127.0.0.1' },
    'step-ms': { type: 'string', default: '300' },
    account: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(`Usage: npm run pa-sim -- [--port 8090] [--host 127.0.0.1] [--step-ms 300] [--account id:secret:siren:name]…

Flow service       <url>/flow-service/v1/…
Directory service  <url>/directory-service/v1/…
OAuth2 token       <url>/auth-service/token   (client credentials)
Control            <url>/_sim/{accounts,companies,faults,down,up,reset,clear,flows,webhook-calls,revoke-tokens}`);
  process.exit(0);
}

const sim = await startPaSimulator({
  port: Number(values.port),
  host: values.host,
  stepMs: Number(values['step-ms']),
});
for (const spec of values.account ?? []) {
  const [clientId, clientSecret, siren, ...name] = spec.split(':');
  if (!clientId || !clientSecret || !siren) throw new Error(`--account wants id:secret:siren:name, not "${spec}"`);
  sim.control.addAccount({ clientId, clientSecret, siren, name: name.join(':') || clientId });
}
console.log(`PA simulator listening on ${sim.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}

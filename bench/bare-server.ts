// The baseline: a bare Fastify route on the same machine, no auth, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 8190), host: '127.0.0.1' });

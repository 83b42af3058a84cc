// The baseline for ingestion: a bare Fastify route that takes the same reader batches (body parsed, reads
// counted) and answers 200, with no authentication, validation, database or notification.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
app.get('/health', async () => ({ ok: true }));
app.post('/backend/api/ingest/:vendor', async (req) => {
  const reads = [req.body].flat().length;
  return { reads, duplicates: 0, presences: 0, movements: 0 };
});
await app.listen({ port: Number(process.env.PORT ?? 8198), host: '127.0.0.1' });

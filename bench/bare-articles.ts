// The baseline for the articles list: a bare Fastify route running the very same SQL through node-postgres,
// with no authentication, no tenant transaction and no response validation.
import Fastify from 'fastify';
import pg from 'pg';

const [page, count] = JSON.parse(process.env.BENCH_SQL ?? '[]') as { text: string; params: unknown[] }[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
// The search function reads the tenant from the session, as the API's transactions set it.
pool.on(
  'connect',
  (client) => void client.query(`select set_config('app.tenant_id', $1, false)`, [process.env.BENCH_TENANT]),
);
const app = Fastify({ logger: false });
app.get('/bare', async () => {
  const items = (await pool.query(page!.text, page!.params)).rows;
  const total = (await pool.query(count!.text, count!.params)).rows[0]?.total;
  return { items, total };
});
await app.listen({ port: Number(process.env.PORT ?? 8193), host: '127.0.0.1' });

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { dropDatabase, fillMovementsSql, freshDatabase, record, root, runSql, startProcess, stop } from './lib';

/**
 * What a user waits for: from navigation to the first rows of a list visible in Chromium, with a large tenant
 * (100,000 articles, 1,000,000 tag movements) and, as the baseline, a near-empty one (Acme) in the same run.
 */
const DB = 'tagstock_bench_rows';
const PORT = 8196;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const MOVEMENTS = 1_000_000;
const RUNS = 5;
const SCREENS = ['/admin/articles', '/admin/tagLogs'] as const;
// The launch arguments of e2e/playwright.config.ts.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return page;
}

/** One warm-up, then RUNS full navigations (the SPA boots each time), each until the grid's first row shows. */
async function firstRows(page: Page, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    await page.goto(`${base}/admin/profile`);
    await page.getByRole('heading').first().waitFor();
    const t0 = performance.now();
    await page.goto(`${base}${path}`);
    await page.locator('.MuiDataGrid-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    if (i > 0) times.push(performance.now() - t0);
  }
  return times;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const fmt = (times: number[]) =>
  `median **${Math.round(median(times))} ms**, worst ${Math.round(Math.max(...times))} ms (${times.map((t) => Math.round(t)).join(', ')})`;

export async function firstRowsBench(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('build the web app first: npm run build');
  const databaseUrl = await freshDatabase(DB);
  const env = {
    PORT: String(PORT),
    DATABASE_URL: databaseUrl,
    DEMO_PASSWORD: PASSWORD,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const server = await startProcess('apps/api/src/main.ts', env, `${base}/backend/health`);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-large.ts', '--orders', '0'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
  // The tag logs benchmark's movements (see fillMovementsSql).
  await runSql(databaseUrl, [
    fillMovementsSql(MOVEMENTS),
    // The near-empty tenant shows a few movements too, so its list has a first row to wait for.
    `insert into tag_movements (tenant_id, event_type, epc, article_id, reader_id, location, antenna, rssi, source,
       is_authorized, stock_delta, seen_at)
     select t.id, 'seen', lpad(to_hex(g), 24, '0'), null, null, 'Accueil', 1, -60, 'zebra', null, 0,
       now() - make_interval(secs => g)
     from generate_series(1, 3) g, (select id from tenants where name = 'Acme') t`,
    'vacuum analyze',
  ]);
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const counts = (
    await c.query<{ name: string; articles: number; movements: number }>(
      `select t.name, (select count(*)::int from articles a where a.tenant_id = t.id) as articles,
         (select count(*)::int from tag_movements m where m.tenant_id = t.id) as movements
       from tenants t where t.name in ('Demo', 'Acme') order by t.name`,
    )
  ).rows;
  await c.end();

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const lines = ['| measure | value | target |', '|---|---|---|'];
  try {
    const large = await signedInPage(browser, 'admin@demo.test');
    const small = await signedInPage(browser, 'admin@acme.test');
    for (const path of SCREENS) {
      const big = await firstRows(large, path);
      const empty = await firstRows(small, path);
      lines.push(`| ${path}, large tenant (Demo) | ${fmt(big)} | ≤ 1000 ms |`);
      lines.push(`| baseline: ${path}, near-empty tenant (Acme), same run | ${fmt(empty)} | |`);
    }
  } finally {
    await browser.close();
    await stop(server.proc);
    await dropDatabase(DB);
  }
  lines.push(
    '',
    `Data: ${counts.map((r) => `${r.name} ${r.articles} articles, ${r.movements} movements`).join('; ')}. ` +
      `Each figure is a full navigation from /admin/profile (SPA boot, session refresh, list request) until the ` +
      `grid's first row is visible; one warm-up navigation is left out.`,
  );
  record(`First rows in Chromium (PostgreSQL 15, one process, built SPA, ${RUNS} navigations per screen)`, lines);
}

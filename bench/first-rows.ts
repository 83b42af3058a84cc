import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import {
  dropDatabase,
  fillMovementsSql,
  freshDatabase,
  loadAverage,
  record,
  root,
  runSql,
  startProcess,
  stop,
} from './lib';

/**
 * What a user waits for: from navigation to the first rows of a list visible in Chromium, with a large tenant
 * (100,000 articles, 1,000,000 tag movements) and, as the baseline, a near-empty one (Acme) in the same run; the
 * dashboard until every widget shows its data; and where the time of one boot goes (a Chromium trace: the requests'
 * waterfall and the main thread's work).
 * BENCH_FIRST_ROWS_QUICK=1 skips the large data set and measures the near-empty tenant only, printing without
 * recording (for trying a change).
 */
const DB = 'tagstock_bench_rows';
const PORT = 8196;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-password-1';
const MOVEMENTS = 1_000_000;
const RUNS = 5;
const SCREENS = ['/admin/articles', '/admin/tagLogs'] as const;
const QUICK = process.env.BENCH_FIRST_ROWS_QUICK === '1';
/**
 * BENCH_FIRST_ROWS_CPU_THROTTLE=<rate>: Chromium's CPU slowed that many times (DevTools' CPU throttling) for every
 * measured page, to see how the first screen fares on a slower machine than this one (the server is not slowed).
 */
const THROTTLE = Number(process.env.BENCH_FIRST_ROWS_CPU_THROTTLE ?? 1);
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

/**
 * Installed before every document of a page: records, in the page's own clock (ms since its navigation started), when
 * the first grid row appears and when the DOM last changed (nodes or text, not attributes: a chart's animation does
 * not count).
 */
const OBSERVER = `(() => {
  const b = (window.__bench = { firstRow: null, lastChange: 0 });
  new MutationObserver(() => {
    b.lastChange = performance.now();
    if (b.firstRow === null && document.querySelector('.MuiDataGrid-row')) b.firstRow = b.lastChange;
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;
type BenchWindow = { __bench: { firstRow: number | null; lastChange: number } };

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (THROTTLE > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.addInitScript(OBSERVER);
  await page.goto(`${base}/auth/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/dashboard$/);
  return page;
}

/** A settled page to start each measured navigation from. */
async function fromProfile(page: Page): Promise<void> {
  await page.goto(`${base}/admin/profile`);
  await page.getByRole('heading').first().waitFor();
}

/** One warm-up, then RUNS full navigations (the SPA boots each time), each until the grid's first row shows. */
async function firstRows(page: Page, path: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    await fromProfile(page);
    const t0 = performance.now();
    await page.goto(`${base}${path}`);
    await page.locator('.MuiDataGrid-row').first().waitFor({ state: 'visible', timeout: 30_000 });
    if (i > 0) times.push(performance.now() - t0);
  }
  return times;
}

// Anything that says "still loading": a skeleton, a spinner, a progress bar (the global loading bar included).
const LOADING =
  '.MuiSkeleton-root, .MuiCircularProgress-root, .MuiLinearProgress-root, [role="progressbar"], [aria-busy="true"]';

/**
 * The dashboard painted with every widget's data, whatever its widgets: from navigation until no API request is
 * pending and nothing shows as loading, held for 500 ms; the figure is the page's last DOM change before that (in
 * the page's clock, from its navigation start). Answers it with the widget requests' count and last answer.
 */
async function dashboardPainted(page: Page): Promise<{ painted: number; requests: number; lastAnswer: number }> {
  await fromProfile(page);
  const pending = new Set<unknown>();
  const onRequest = (r: { url(): string }) => {
    if (r.url().includes('/backend/api/')) pending.add(r);
  };
  const onDone = (r: unknown) => pending.delete(r);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(`${base}/admin/dashboard`);
    let settledAt: number | null = null;
    let painted = 0;
    for (const deadline = Date.now() + 30_000; ; ) {
      if (Date.now() > deadline) throw new Error('the dashboard never settled');
      const quiet = pending.size === 0 && (await page.locator(LOADING).count()) === 0;
      if (!quiet) settledAt = null;
      else if (settledAt === null) {
        settledAt = Date.now();
        painted = await page.evaluate(() => (window as unknown as BenchWindow).__bench.lastChange);
      } else if (Date.now() - settledAt >= 500) break;
      await page.waitForTimeout(25);
    }
    const widgets = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/backend/api/dashboard/'))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
    );
    return { painted, requests: widgets.length, lastAnswer: Math.max(0, ...widgets) };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
};

/** Main-thread self time of a Chromium trace, by kind of work, and how long the thread was busy at all. */
function mainThreadWork(trace: Buffer): {
  wall: number;
  busy: number;
  kinds: Record<string, number>;
  scripts: Record<string, number>;
} {
  const raw = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const slices = (m: TraceEvent) =>
    events.filter((e) => e.ph === 'X' && e.pid === m.pid && e.tid === m.tid && e.dur !== undefined);
  // The renderer that did the work: the busiest main thread.
  const thread = mains
    .map(slices)
    .sort((a, b) => b.reduce((n, e) => n + e.dur!, 0) - a.reduce((n, e) => n + e.dur!, 0))[0]!;
  thread.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const kindOf = (name: string) =>
    /ParseHTML|ParseAuthorStyleSheet/.test(name)
      ? 'HTML and CSS parsing'
      : /Layout|Style|PrePaint|Hit/i.test(name)
        ? 'style and layout'
        : /Paint|Composit|Layeriz|Commit|Raster|Image/i.test(name)
          ? 'paint'
          : /Compile|compile|Parse|parse|Cache/.test(name)
            ? 'script compile'
            : /Script|v8|V8|Function|Microtask|Timer|Event|GC|Module|AnimationFrame|Callback|Task/.test(name)
              ? 'script run'
              : 'other';
  const kinds: Record<string, number> = {};
  // Script time by the file it ran from (the innermost event naming one).
  const scripts: Record<string, number> = {};
  const stack: { end: number; name: string; child: number; dur: number; url: string | undefined }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      const kind = done.name === 'RunTask' ? 'other' : kindOf(done.name);
      const self = Math.max(0, done.dur - done.child) / 1000;
      kinds[kind] = (kinds[kind] ?? 0) + self;
      if (kind.startsWith('script') && done.url) scripts[done.url] = (scripts[done.url] ?? 0) + self;
      if (stack.length) stack.at(-1)!.child += done.dur;
    }
  };
  let busy = 0;
  for (const e of thread) {
    close(e.ts);
    if (!stack.length) busy += e.dur! / 1000;
    const url = e.args?.data?.url || stack.at(-1)?.url;
    stack.push({ end: e.ts + e.dur!, name: e.name, child: 0, dur: e.dur!, url });
  }
  close(Infinity);
  const first = thread[0]!.ts;
  const last = Math.max(...thread.map((e) => e.ts + e.dur!));
  return { wall: (last - first) / 1000, busy, kinds, scripts };
}

type Request = { name: string; start: number; end: number; kb: number };

/** One traced boot of `path` on `page` until its first row: the page's requests and the main thread's work. */
async function tracedBoot(browser: Browser, page: Page, path: string) {
  await fromProfile(page);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
  });
  await page.goto(`${base}${path}`);
  await page.locator('.MuiDataGrid-row').first().waitFor({ state: 'visible', timeout: 30_000 });
  const trace = await browser.stopTracing();
  const inPage = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const requests = performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { name: r.name, start: r.startTime, end: r.responseEnd, kb: r.encodedBodySize / 1024 };
    });
    return {
      firstRow: (window as unknown as BenchWindow).__bench.firstRow ?? NaN,
      domContentLoaded: nav.domContentLoadedEventEnd,
      requests: [
        { name: location.pathname, start: 0, end: nav.responseEnd, kb: nav.encodedBodySize / 1024 },
        ...requests,
      ],
    };
  });
  const requests: Request[] = inPage.requests.map((r) => ({
    ...r,
    name: r.name.replace(base, '').replace(/-[\w-]{8}\.js$/, '.js'),
  }));
  return { ...inPage, requests, work: mainThreadWork(trace) };
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** The table rows of a traced boot: its summary, the main thread's work and (when `waterfall`) every request. */
function describeBoot(label: string, boot: Awaited<ReturnType<typeof tracedBoot>>, waterfall: boolean): string[] {
  const { work } = boot;
  const scripts = boot.requests.filter((r) => r.name.endsWith('.js'));
  const api = boot.requests.filter((r) => r.name.startsWith('/backend/'));
  const kinds = Object.entries(work.kinds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${ms(v)}`)
    .join(', ');
  const lines = [
    `| ${label}: first row (page clock) | **${ms(boot.firstRow)}** | |`,
    `| ${label}: scripts | ${scripts.length} files, ${Math.round(scripts.reduce((n, r) => n + r.kb, 0))} KB, last at ${ms(Math.max(...scripts.map((r) => r.end)))} | |`,
    `| ${label}: API requests | ${api.map((r) => `${r.name.split('?')[0]} ${ms(r.start)}→${ms(r.end)}`).join(', ')} | |`,
    `| ${label}: main thread | busy ${ms(work.busy)} of ${ms(work.wall)} traced (${kinds}) | |`,
    `| ${label}: script time by file | ${Object.entries(work.scripts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([url, t]) => `${url.replace(base, '').replace(/-[\w-]{8}\.js$/, '.js')} ${ms(t)}`)
      .join(', ')} | |`,
  ];
  if (waterfall)
    lines.push(
      ...boot.requests.map(
        (r) => `| ${label} waterfall: ${r.name} | ${ms(r.start)} → ${ms(r.end)} (${r.kb.toFixed(1)} KB) | |`,
      ),
    );
  return lines;
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
  if (!QUICK) {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/seed/seed-large.ts', '--orders', '0'],
      { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' },
    );
    if (seeded.status !== 0) throw new Error('seed:large failed');
  }
  // The tag logs benchmark's movements (see fillMovementsSql).
  await runSql(databaseUrl, [
    ...(QUICK ? [] : [fillMovementsSql(MOVEMENTS)]),
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
  const loads = [loadAverage()];
  try {
    const large = QUICK ? null : await signedInPage(browser, 'admin@demo.test');
    const small = await signedInPage(browser, 'admin@acme.test');
    for (const path of SCREENS) {
      if (large) lines.push(`| ${path}, large tenant (Demo) | ${fmt(await firstRows(large, path))} | ≤ 500 ms |`);
      lines.push(`| baseline: ${path}, near-empty tenant (Acme), same run | ${fmt(await firstRows(small, path))} | |`);
    }
    loads.push(loadAverage());
    for (const [label, page] of [
      ['large tenant (Demo)', large],
      ['baseline: near-empty tenant (Acme)', small],
    ] as const) {
      if (!page) continue;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await dashboardPainted(page));
      const painted = runs.map((r) => r.painted);
      lines.push(
        `| /admin/dashboard painted with every widget's data, ${label} | ${fmt(painted)}; ` +
          `${runs[0]!.requests} widget requests, the last answered at ${ms(median(runs.map((r) => r.lastAnswer)))} (median) | ${large === page ? '≤ 1500 ms' : ''} |`,
      );
    }
    loads.push(loadAverage());
    // Where the time goes: one traced boot of each screen on the near-empty tenant (the data costs nothing there).
    for (const path of SCREENS)
      lines.push(...describeBoot(`trace ${path} (Acme)`, await tracedBoot(browser, small, path), path === SCREENS[0]));
    loads.push(loadAverage());
  } finally {
    await browser.close();
    await stop(server.proc);
    await dropDatabase(DB);
  }
  lines.push(
    '',
    `Data: ${counts.map((r) => `${r.name} ${r.articles} articles, ${r.movements} movements`).join('; ')}. ` +
      `Each first-rows figure is a full navigation from /admin/profile (SPA boot, session refresh, list request) until ` +
      `the grid's first row is visible, timed by the benchmark; one warm-up navigation is left out. The dashboard ` +
      `figure is in the page's clock, from its navigation start to its last DOM change once no API request is pending ` +
      `and nothing shows as loading (skeleton, spinner, progress bar). The traced boots come from a Chromium trace ` +
      `(main-thread self time by kind) and the page's resource timings (start → end of each request, from the ` +
      `navigation start). Load average (1, 5, 15 min) at start, after first rows, after the dashboard, after the ` +
      `traces: ${loads.join(' / ')}.`,
  );
  const title =
    `First rows in Chromium (PostgreSQL 15, one process, built SPA, ${RUNS} navigations per screen` +
    `${THROTTLE > 1 ? `, Chromium's CPU throttled ${THROTTLE}×` : ''})`;
  if (QUICK) console.log([title, ...lines].join('\n'));
  else record(title, lines);
}

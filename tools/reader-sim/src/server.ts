import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const root = fileURLToPath(new URL('../../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { proc: ChildProcess; base: string; output: () => string };

/**
 * Starts the API from source (`node --import tsx apps/api/src/main.ts`) and waits for /backend/health. A first start
 * writes the demo's year of activity: a minute or more on a loaded 2-core machine.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 180_000): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-20_000));
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${env.PORT}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    if (Date.now() > until) {
      proc.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/backend/health`);
      if (res.status === 200) return { proc, base, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function kill(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

/** A signed-in API client for setting up readers, articles and tags. */
export async function signIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/backend/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { token, user } = (await res.json()) as { token: string; user: { IDClient: string } };
  let current = base;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${current}/backend/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    token,
    tenant: user.IDClient,
    call,
    /** Points the client at another process of the same database. */
    at(nextBase: string) {
      current = nextBase;
    },
  };
}
export type ApiClient = Awaited<ReturnType<typeof signIn>>;

/** An exit gate (antenna `inner` inside, `outer` outside), an article with `stock` items and `epcs` bound to it. */
export async function setupGate(
  api: ApiClient,
  opts: { name: string; vendor: 'impinj' | 'zebra'; epcs: string[]; stock: number; inner?: number; outer?: number },
) {
  const reader = await api.call<{ id: number; secret: string }>('POST', '/readers', {
    name: opts.name,
    vendor: opts.vendor,
    location: `${opts.name} — sortie`,
    role: 'exit_gate',
    antennas: [
      { port: opts.inner ?? 1, side: 'inner' },
      { port: opts.outer ?? 2, side: 'outer' },
    ],
  });
  const article = await api.call<{ id: number }>('POST', '/articles', {
    reference: `SIM-${reader.id}-${Date.now() % 1_000_000}`,
    designation: `Article simulé ${opts.name}`,
    priceHt: '10',
    vatRate: '20',
    stockAlert: 0,
    initialQuantity: opts.stock,
  });
  for (let i = 0; i < opts.epcs.length; i += 5000)
    // The simulator's EPCs may still be bound to an article of an earlier run: move them.
    await api.call('POST', '/tags/bind', { articleId: article.id, epcs: opts.epcs.slice(i, i + 5000), move: true });
  return { reader, article };
}

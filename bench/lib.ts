import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

export type Server = { proc: ChildProcess; base: string; stop(): Promise<void> };

/** Starts a node process and resolves once `url` answers 200; returns the time it took. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  healthUrl: string,
): Promise<{ proc: ChildProcess; ms: number }> {
  const t0 = performance.now();
  // Built JavaScript runs as it is; TypeScript goes through tsx.
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : [script];
  // BENCH_PROFILE=<folder>: each server writes a CPU profile there when it stops.
  if (process.env.BENCH_PROFILE) args.unshift('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`);
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${script} exited with ${proc.exitCode}`);
    try {
      const res = await fetch(healthUrl);
      if (res.status === 200) return { proc, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function stop(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export type Load = { reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number };

export async function load(opts: autocannon.Options): Promise<Load> {
  const r = await autocannon({ connections: 32, duration: 10, ...opts });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/** Appends a dated section to bench/RESULTS.md. */
export function record(title: string, lines: string[]): void {
  if (!existsSync(RESULTS))
    writeFileSync(RESULTS, '# Benchmark results\n\nAppended by `npm run bench`; newest last.\n');
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const text = `\n## ${title} — ${date} UTC\n\n${lines.join('\n')}\n`;
  appendFileSync(RESULTS, text);
  console.log(text);
}

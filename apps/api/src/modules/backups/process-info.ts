import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds a lock file or a data folder: a process is named by its host, its pid and its start time, so that a
 * pid reused after a crash or in a new container is not taken for the process that wrote the file.
 */
export type ProcessRef = { hostname: string; pid: number; procStart: string | null };

/** The kernel's start time of a process (Linux), null where /proc is not there. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name in parentheses (which may hold spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export const thisProcess = (): ProcessRef => ({
  hostname: hostname(),
  pid: process.pid,
  procStart: processStart(process.pid),
});

/**
 * Whether the process that wrote `ref` still runs. Only answerable on this host: elsewhere it is taken as alive
 * (the caller then relies on the lock's age). This process itself never counts as the writer of an old file.
 */
export function isAlive(ref: ProcessRef): boolean {
  if (ref.hostname !== hostname()) return true;
  if (ref.pid === process.pid) return ref.procStart !== null && ref.procStart === processStart(process.pid);
  try {
    process.kill(ref.pid, 0);
  } catch (err) {
    if ((err as { code?: string }).code === 'ESRCH') return false;
  }
  const start = processStart(ref.pid);
  return ref.procStart === null || start === null || start === ref.procStart;
}

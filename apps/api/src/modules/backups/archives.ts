import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TBackupArchive } from '@tagstock/contract';
import { localDay } from './schedule';

/**
 * The archives of a backup folder: `tagstock-20261127T010000Z.tar.gz`, named after the instant of their snapshot
 * (UTC), so that a listing sorts them by age; `-1`, `-2`… when two fall in one second. Temporary files start with
 * a dot and never count.
 */

const NAME = /^tagstock-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-(\d+))?\.tar\.gz$/;

export function archiveName(at: Date, seq = 0): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `tagstock-${stamp}${seq ? `-${seq}` : ''}.tar.gz`;
}

export function parseArchiveName(name: string): { createdAt: Date; seq: number } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, seq] = m;
  return { createdAt: new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!)), seq: Number(seq ?? 0) };
}

/** The folder's archives, newest first. */
export async function listArchives(dir: string): Promise<TBackupArchive[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
  const found = await Promise.all(
    names.map(async (fileName) => {
      const parsed = parseArchiveName(fileName);
      if (!parsed) return null;
      const st = await stat(join(dir, fileName)).catch(() => null);
      if (!st?.isFile()) return null;
      return { fileName, createdAt: parsed.createdAt.toISOString(), sizeBytes: st.size, seq: parsed.seq };
    }),
  );
  return found
    .filter((a) => a !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.seq - a.seq)
    .map(({ seq: _seq, ...a }) => a);
}

export type Keep = { daily: number; weekly: number; monthly: number };

/** ISO 8601 week of a calendar day: `2026-W48`. */
function isoWeek(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the week's Thursday decides its year
  const year = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Archives younger than this are always kept: one taken by hand before an upgrade outlives the day's next ones. */
export const KEEP_ALL_MS = 24 * 3_600_000;

/**
 * What retention keeps of archives listed newest first: every archive of the last 24 hours, the newest archive of
 * each of the last `daily` days, `weekly` ISO weeks and `monthly` months that have one (days in `timeZone`), and
 * always the newest archive.
 */
export function archivesToKeep(
  archives: TBackupArchive[],
  keep: Keep,
  timeZone: string,
  now = Date.now(),
): Set<string> {
  const kept = new Set<string>();
  if (archives[0]) kept.add(archives[0].fileName);
  for (const a of archives) if (now - Date.parse(a.createdAt) < KEEP_ALL_MS) kept.add(a.fileName);
  const rule = (count: number, bucket: (day: string) => string) => {
    const seen = new Set<string>();
    for (const a of archives) {
      if (seen.size >= count) break;
      const key = bucket(localDay(Date.parse(a.createdAt), timeZone));
      if (seen.has(key)) continue;
      seen.add(key);
      kept.add(a.fileName);
    }
  };
  rule(keep.daily, (day) => day);
  rule(keep.weekly, isoWeek);
  rule(keep.monthly, (day) => day.slice(0, 7));
  return kept;
}

import type { TimeOfDay } from '../../config';

/**
 * Daily backup times in a time zone (BACKUP_SCHEDULE=02:00, BACKUP_TIMEZONE=Europe/Paris). A time the clock skips
 * when summer time starts (02:30 on the last Sunday of March in Paris) runs at the first instant after the jump;
 * a time the clock shows twice when it ends runs once, at its first occurrence.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `instant` in `timeZone`, as the UTC milliseconds of the same fields. */
export function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
}

/** The calendar day of `instant` in `timeZone`: `YYYY-MM-DD`. */
export const localDay = (instant: number, timeZone: string) =>
  new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** The instant a wall clock (given as UTC milliseconds of its fields) shows in `timeZone`. */
export function zonedInstant(wall: number, timeZone: string): number {
  const before = wall - wallClock(wall - DAY_MS, timeZone) + (wall - DAY_MS);
  const after = wall - wallClock(wall + DAY_MS, timeZone) + (wall + DAY_MS);
  const valid = [before, after].filter((t) => wallClock(t, timeZone) === wall).sort((a, b) => a - b);
  // In a gap no instant shows it: the offset before the jump lands just after the jump.
  return valid[0] ?? before;
}

/** The first scheduled instant strictly after `after`. */
export function nextRun(after: Date, times: TimeOfDay[], timeZone: string): Date {
  const today = Date.parse(`${localDay(after.getTime(), timeZone)}T00:00:00Z`);
  let best = Infinity;
  for (let day = 0; day <= 2; day++) {
    for (const t of times) {
      const instant = zonedInstant(today + day * DAY_MS + (t.hour * 60 + t.minute) * 60_000, timeZone);
      if (instant > after.getTime() && instant < best) best = instant;
    }
    if (best !== Infinity) break;
  }
  return new Date(best);
}

export const formatTimeOfDay = (t: TimeOfDay) =>
  `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;

export type Scheduler = { start(): void; stop(): void; next(): Date | null };

/** Runs `run(slot)` at each scheduled instant; the timer never keeps the process alive. */
export function createScheduler(times: TimeOfDay[], timeZone: string, run: (slot: Date) => Promise<void>): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let upcoming: Date | null = null;
  let last = 0;
  let stopped = true;
  const arm = () => {
    if (stopped) return;
    upcoming = nextRun(new Date(Math.max(Date.now(), last)), times, timeZone);
    // setTimeout holds at most 2^31-1 ms; a longer wait wakes early and arms again.
    timer = setTimeout(fire, Math.min(upcoming.getTime() - Date.now(), 2 ** 31 - 1));
    timer.unref();
  };
  const fire = () => {
    const slot = upcoming!;
    if (Date.now() < slot.getTime() - 1000) return arm();
    last = slot.getTime();
    void run(slot).finally(arm);
  };
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      arm();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      upcoming = null;
    },
    next: () => upcoming,
  };
}

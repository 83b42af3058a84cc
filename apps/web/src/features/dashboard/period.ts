/** The dashboard's period: what the widgets taking `startDate` / `endDate` (SPEC §7) are asked for. */
export type Period = { startDate: string; endDate: string };

const DAY_MS = 86_400_000;
/** The longest period the API accepts (platform/period.ts): 366 days between the two dates. */
export const MAX_PERIOD_DAYS = 367;
export const PRESETS = [7, 30, 90, 365] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 30;

/** The local calendar day of a date, as `YYYY-MM-DD`. */
export const isoDay = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60000).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export const lastDays = (days: number, now = new Date()): Period => ({
  startDate: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)),
  endDate: isoDay(now),
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Days in a period, both ends included. */
export const periodDays = ({ startDate, endDate }: Period) => dayNumber(endDate) - dayNumber(startDate) + 1;

/** The preset a period is (the last N days up to today), or null for a period chosen by hand. */
export const presetOf = (period: Period, now = new Date()): Preset | null =>
  PRESETS.find((days) => {
    const preset = lastDays(days, now);
    return preset.startDate === period.startDate && preset.endDate === period.endDate;
  }) ?? null;

export type PeriodProblem = 'invalid' | 'endBeforeStart' | 'tooLong';

/** What is wrong with a period typed by hand, or null when the API will accept it. */
export const periodProblem = (period: Period): PeriodProblem | null => {
  if (![period.startDate, period.endDate].every((d) => ISO_DAY.test(d) && !Number.isNaN(dayNumber(d))))
    return 'invalid';
  if (period.startDate > period.endDate) return 'endBeforeStart';
  if (periodDays(period) > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
};

/** The period of a dashboard URL (`?startDate=&endDate=`), the default preset when absent or wrong. */
export const periodFromSearch = (params: URLSearchParams, now = new Date()): Period => {
  const period = { startDate: params.get('startDate') ?? '', endDate: params.get('endDate') ?? '' };
  return periodProblem(period) ? lastDays(DEFAULT_PRESET, now) : period;
};

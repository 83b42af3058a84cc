import { z } from 'zod';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, INT32_MAX, QUANTITY_MAX } from './constants';

// Field builders shared by the resource schemas: every string, id, quantity and date accepted goes through
// one of them, so what reaches the database always fits its column (bad input is a 400, never a 500).

/** Any text: PostgreSQL `text` cannot hold U+0000. */
export const str = () => z.string().refine((v) => !v.includes('\u0000'), 'must not contain a NUL character');
export const text = (max = 200) => str().trim().max(max);
export const required = (max = 200) => str().trim().min(1, 'required').max(max);
export const optionalText = (max = 200) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const email = () => str().trim().toLowerCase().email().max(254);
export const optionalEmail = z
  .union([z.literal(''), email()])
  .nullish()
  .transform((v) => (v ? v : null));

/** A row id (`integer` column): in a path, a query or a body, sent as a number or as text. */
export const id = () => z.coerce.number().int().positive().max(INT32_MAX, 'no such id');
export const optionalId = id()
  .nullish()
  .transform((v) => v ?? null);

/** A count of items: an integer from 0 (or 1, `positive`) to the business ceiling. */
export const quantity = (positive = false) => {
  const n = z.coerce.number().int().max(QUANTITY_MAX);
  return positive ? n.positive('should be greater than 0') : n.min(0);
};

/**
 * A decimal amount as text ("12.50"), never a float: at most `integerDigits` before the point and `decimals`
 * after, so that it fits its `numeric(p, s)` column.
 */
export const amount = (integerDigits: number, decimals = 4) =>
  str()
    .trim()
    .regex(
      new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${decimals}})?$`),
      `expected an amount like 12.50 (at most ${integerDigits} digits before the point, ${decimals} after)`,
    );

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Whether year-month-day is a day of the calendar within the accepted years. */
export const isCalendarDate = (y: number, m: number, d: number): boolean =>
  y >= DATE_YEAR_MIN && y <= DATE_YEAR_MAX && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO-8601 with seconds and an offset; `+0000` (no colon) is how the Zebra IoT Connector writes UTC.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):?(\d{2}))$/;

/** `YYYY-MM-DD` naming a real day. */
export const isIsoDate = (value: string): boolean => {
  const m = DATE.exec(value);
  return !!m && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
};

/** An ISO-8601 timestamp with an offset, naming a real day and time. */
export const isIsoDateTime = (value: string): boolean => {
  const m = DATE_TIME.exec(value.trim());
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hh, mm, ss] = [Number(m[4]), Number(m[5]), Number(m[6])];
  const offsetOk = m[8] === 'Z' || (Number(m[9]) <= 14 && Number(m[10]) < 60);
  return hh < 24 && mm < 60 && ss < 60 && offsetOk;
};

const DATE_MESSAGE = `expected a real date YYYY-MM-DD between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;
const DATE_TIME_MESSAGE = `expected an ISO-8601 date and time with an offset, between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;

/** The one date builder: a calendar day, checked for real (no 30 February) and within sane years. */
export const isoDate = () => z.string().refine(isIsoDate, DATE_MESSAGE);
/** The same for a timestamp (handheld sessions, reader events). */
export const isoDateTime = () => z.string().refine(isIsoDateTime, DATE_TIME_MESSAGE);

export const stamp = { createdAt: z.string(), updatedAt: z.string() };

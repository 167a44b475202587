// Fixed UTC dates; nothing reads the wall clock, so output never depends on when it runs.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const utc = (year, month, day, hour = 0, minute = 0, second = 0) =>
  Date.UTC(year, month - 1, day, hour, minute, second);

/** "2026-10-03T09:14:05.120Z" */
export const iso = (ms) => new Date(ms).toISOString();

/** ISO-8601 week key, e.g. "2026-W41". */
export function isoWeek(ms) {
  const date = new Date(ms);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - weekday + 3);
  const year = new Date(thursday).getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const week1Monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  const week = 1 + Math.floor((thursday - week1Monday) / (7 * DAY));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** A time of day skewed toward working hours, as ms after midnight. */
export function workingHoursOffset(rng) {
  const hour = rng.weighted([[8, 2], [9, 4], [10, 5], [11, 5], [13, 4], [14, 5], [15, 5], [16, 4], [17, 3], [19, 2], [21, 2], [23, 1]]);
  return hour * HOUR + rng.int(0, 59) * MINUTE + rng.int(0, 59) * SECOND + rng.int(0, 999);
}

/**
 * Swedish working days on the Europe/Stockholm calendar: public holidays, the de-facto days off
 * (Påskafton, Midsommarafton, Julafton, ...) and weekends are not working days. Current rules only.
 */
import { checkDate, stockholmWallClock, type WallClock } from '@kollab/contract/stockholm-date';

const DAY_MS = 86_400_000;

/** The wall-clock parts read as if they were UTC, in milliseconds. */
function wallMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
}

/** Stockholm's UTC offset at an instant, in milliseconds. */
function offsetAt(instant: number): number {
  return wallMs(stockholmWallClock(instant)) - instant;
}

/**
 * The instant at which Stockholm clocks show `wall` (given as UTC-read milliseconds). An ambiguous
 * time (autumn) resolves to the earlier instant; a skipped time (spring) moves forward by the gap.
 */
function instantOfWall(wall: number): number {
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const candidates = [wall - before, wall - after].filter((instant) => instant + offsetAt(instant) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a UTC-read day timestamp. */
function isoDay(dayMs: number): string {
  const d = new Date(dayMs);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Easter Sunday (anonymous Gregorian / Meeus–Jones–Butcher) as a UTC-read day timestamp. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** The first day from `from` of `month` onwards (within a week) that falls on `weekday` (0 = Sunday). */
function weekdayFrom(year: number, month: number, from: number, weekday: number): number {
  const start = Date.UTC(year, month - 1, from);
  const shift = (weekday - new Date(start).getUTCDay() + 7) % 7;
  return start + shift * DAY_MS;
}

const holidayCache = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const day = (month: number, d: number): number => Date.UTC(year, month - 1, d);
  const list: Array<[number, string]> = [
    [day(1, 1), 'Nyårsdagen'],
    [day(1, 6), 'Trettondedag jul'],
    [easter - 2 * DAY_MS, 'Långfredagen'],
    [easter - DAY_MS, 'Påskafton'],
    [easter, 'Påskdagen'],
    [easter + DAY_MS, 'Annandag påsk'],
    [day(5, 1), 'Första maj'],
    [easter + 39 * DAY_MS, 'Kristi himmelsfärdsdag'],
    [easter + 48 * DAY_MS, 'Pingstafton'],
    [easter + 49 * DAY_MS, 'Pingstdagen'],
    [day(6, 6), 'Sveriges nationaldag'],
    [weekdayFrom(year, 6, 19, 5), 'Midsommarafton'],
    [weekdayFrom(year, 6, 20, 6), 'Midsommardagen'],
    [weekdayFrom(year, 10, 31, 6), 'Alla helgons dag'],
    [day(12, 24), 'Julafton'],
    [day(12, 25), 'Juldagen'],
    [day(12, 26), 'Annandag jul'],
    [day(12, 31), 'Nyårsafton'],
  ];
  list.sort((x, y) => x[0] - y[0]);
  const holidays = new Map<string, string>();
  for (const [dayMs, name] of list) {
    const key = isoDay(dayMs);
    const existing = holidays.get(key);
    holidays.set(key, existing ? `${existing}, ${name}` : name);
  }
  holidayCache.set(year, holidays);
  return holidays;
}

/** When the next Stockholm calendar day begins after `at` (local midnight, summer time or not). */
export function nextStockholmMidnight(at: Date): Date {
  const wall = stockholmWallClock(checkDate(at));
  return new Date(instantOfWall(Date.UTC(wall.year, wall.month - 1, wall.day + 1)));
}

/** Swedish public holidays and de-facto days off of a year: 'YYYY-MM-DD' → Swedish name (coinciding names joined by ', '). */
export function swedishHolidays(year: number): Map<string, string> {
  return new Map(holidaysOf(year));
}

/** Whether a UTC-read day timestamp is a Swedish working day. */
function isWorkingDayMs(dayMs: number): boolean {
  const weekday = new Date(dayMs).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(new Date(dayMs).getUTCFullYear()).has(isoDay(dayMs));
}

/** Splits an instant into its Stockholm calendar day (UTC-read, midnight) and the time of day in ms. */
function splitWall(time: number): { dayMs: number; timeOfDay: number } {
  const wall = wallMs(stockholmWallClock(time));
  const timeOfDay = ((wall % DAY_MS) + DAY_MS) % DAY_MS;
  return { dayMs: wall - timeOfDay, timeOfDay };
}

/** Whether the Stockholm calendar date of the instant is a Swedish working day (not a weekend or day off). */
export function isWorkingDay(date: Date): boolean {
  return isWorkingDayMs(splitWall(checkDate(date)).dayMs);
}

/**
 * The instant `days` Swedish working days after `from`, at the same Stockholm wall-clock time. Each
 * following working day counts one, so Friday/Saturday 10:00 + 1 is Monday 10:00; 0 returns `from`;
 * negative counts go backwards.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const time = checkDate(from);
  if (!Number.isInteger(days)) throw new RangeError('days must be an integer');
  if (days === 0) return new Date(time);
  const { dayMs: start, timeOfDay } = splitWall(time);
  const step = days > 0 ? DAY_MS : -DAY_MS;
  let dayMs = start;
  for (let left = Math.abs(days); left > 0; ) {
    dayMs += step;
    if (isWorkingDayMs(dayMs)) left--;
  }
  return new Date(instantOfWall(dayMs + timeOfDay));
}

/**
 * Full Swedish working days from `from` until `to`: the largest n with addWorkingDays(from, n) <= to
 * (0 when `to` is not after `from`).
 */
export function workingDaysBetween(from: Date, to: Date): number {
  const start = checkDate(from);
  const end = checkDate(to);
  if (end <= start) return 0;
  const { dayMs: startDay, timeOfDay } = splitWall(start);
  const { dayMs: endDay } = splitWall(end);
  let count = 0;
  for (let dayMs = startDay + DAY_MS; dayMs <= endDay; dayMs += DAY_MS) {
    if (!isWorkingDayMs(dayMs)) continue;
    if (instantOfWall(dayMs + timeOfDay) > end) break;
    count++;
  }
  return count;
}

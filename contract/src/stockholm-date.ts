/**
 * The Swedish calendar: dates and wall-clock times on Europe/Stockholm, whatever the time zone of the
 * machine (server or browser) that asks. The API's working-day rules build on this.
 */

const TIME_ZONE = 'Europe/Stockholm';

/** Stockholm wall-clock parts of an instant (month 1–12). */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
};

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Stockholm wall-clock parts of an instant given in milliseconds. */
export function stockholmWallClock(instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    ms: ((instant % 1000) + 1000) % 1000,
  };
}

/** The instant of a Date, or a RangeError for an invalid one. */
export function checkDate(date: Date): number {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid date');
  return time;
}

/** The Stockholm calendar date of an instant (month 1–12): the Swedish "today" whatever the server's time zone. */
export function stockholmDate(at: Date): { year: number; month: number; day: number } {
  const { year, month, day } = stockholmWallClock(checkDate(at));
  return { year, month, day };
}

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with it. */
const DAY_FORMAT = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE });
const MINUTE_MS = 60_000;
/** The last answer, by minute: Stockholm's day changes only on a whole hour, and lists ask per row. */
let lastDay: { minute: number; day: string } | undefined;

/** The Stockholm calendar day of an instant as YYYY-MM-DD: the Swedish "today" of due dates and caps. */
export function stockholmDay(at: Date = new Date()): string {
  const minute = Math.floor(checkDate(at) / MINUTE_MS);
  if (lastDay?.minute !== minute) lastDay = { minute, day: DAY_FORMAT.format(at) };
  return lastDay.day;
}

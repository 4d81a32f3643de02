/**
 * A timestamp from a raw query as an ISO string: postgres.js and PGlite both parse `timestamptz`
 * to a Date, but a value computed in SQL (an interval added) may come back as text on one of them.
 */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** `isoOrNull` for a column that is never null. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

import { tryDecodeURIComponent } from 'hono/utils/url';

/** What Hono's cookie parser accepts as a value (RFC 6265's cookie-octets, and a space). */
const VALID_VALUE = /^[ !#-:<-[\]-~]*$/;

/** Trims spaces and tabs only, as Hono's cookie parser does. */
function trimSpaceAndTab(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start++;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * The value of the cookie `name` in a `Cookie` header, exactly as Hono's `getCookie(c, name)` reads
 * it (the first pair of that name with a valid value, quotes removed, percent-decoded), without
 * building the object of every cookie it parses into: the session cookie is read on every request,
 * and Hono's parser stores into a dictionary object, which V8 does in its runtime each time (issue 21).
 * `name` must be a valid cookie name.
 */
export function cookieValue(header: string, name: string): string | undefined {
  if (!header.includes(name)) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || trimSpaceAndTab(pair.slice(0, equals)) !== name) continue;
    let value = trimSpaceAndTab(pair.slice(equals + 1));
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (VALID_VALUE.test(value)) return tryDecodeURIComponent(value);
  }
  return undefined;
}

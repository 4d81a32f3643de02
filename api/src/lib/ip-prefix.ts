import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network range an address belongs to, as the session list shows it: the /24 of an IPv4
 * address (`192.0.2.0/24`) or the /48 of an IPv6 one (`2001:db8:1::/48`), or null for anything
 * else (`app.request()` in tests has no address). That is roughly the provider and the area, enough
 * to tell one's own sessions from a stranger's, and it is all that is stored: never the address.
 */
export function ipPrefix(address: string): string | null {
  const unzoned = address.split('%')[0] ?? '';
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned)?.[1];
  const v4 = mapped ?? unzoned;
  if (isIPv4(v4)) {
    const [a, b, c] = v4.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (!isIPv6(unzoned)) return null;
  const groups = expandIPv6(unzoned).slice(0, 3);
  while (groups.length > 0 && groups[groups.length - 1] === 0) groups.pop();
  return `${groups.map((group) => group.toString(16)).join(':')}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing IPv4 part converted). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

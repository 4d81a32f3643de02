import { describe, expect, it } from 'vitest';
import { ipPrefix } from './ip-prefix.ts';

describe('ipPrefix', () => {
  it.each([
    ['192.0.2.41', '192.0.2.0/24'],
    ['10.1.2.3', '10.1.2.0/24'],
    ['::ffff:203.0.113.9', '203.0.113.0/24'],
    ['2001:db8:1234:5678::1', '2001:db8:1234::/48'],
    ['2001:0DB8:00AB:ffff:1:2:3:4', '2001:db8:ab::/48'],
    ['2001:db8::1', '2001:db8::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['::1', '::/48'],
    ['64:ff9b::192.0.2.1', '64:ff9b::/48'],
  ])('%s is shown as %s', (address, prefix) => {
    expect(ipPrefix(address)).toBe(prefix);
  });

  it.each(['local', 'unknown', '', '300.1.1.1', '2001:db8::g'])('gives null for %j', (address) => {
    expect(ipPrefix(address)).toBeNull();
  });
});

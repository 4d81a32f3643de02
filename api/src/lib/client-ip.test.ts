import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { clientIp } from './client-ip.ts';
import { createRouter } from './create-router.ts';

/** A tiny app that answers with the IP the rate limits would key on. */
function appTrusting(trustProxy: string) {
  const env = parseEnv({ TRUST_PROXY: trustProxy });
  return createRouter()
    .use(async (c, next) => {
      c.set('env', env);
      await next();
    })
    .get('/ip', (c) => c.text(clientIp(c)));
}

const ipFor = async (trustProxy: string, forwardedFor?: string) => {
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
  return (await appTrusting(trustProxy).request('/ip', { headers })).text();
};

describe('clientIp', () => {
  it('reads no header without proxies: a forged X-Forwarded-For is ignored', async () => {
    expect(await ipFor('false', '203.0.113.9')).toBe('local');
    expect(await ipFor('0', '203.0.113.9')).toBe('local');
  });

  it('behind one proxy takes the address that proxy appended, not what the client wrote', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(await ipFor('true', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipFor('1', '6.6.6.6, 7.7.7.7, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipFor('1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('behind two proxies takes the second address from the right', async () => {
    // client -> CDN (appends the client) -> load balancer (appends the CDN) -> server
    expect(await ipFor('2', '6.6.6.6, 198.51.100.7, 192.0.2.10')).toBe('198.51.100.7');
    expect(await ipFor('2', '198.51.100.7, 192.0.2.10')).toBe('198.51.100.7');
  });

  it('falls back to the farthest address it has when the header is shorter than the proxy count', async () => {
    expect(await ipFor('2', '192.0.2.10')).toBe('192.0.2.10');
    expect(await ipFor('1')).toBe('local');
  });

  it('refuses a proxy count it cannot use', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'many' })).toThrow(
      'TRUST_PROXY: expected false, true or a number of proxies from 0 to 10',
    );
    expect(() => parseEnv({ TRUST_PROXY: '11' })).toThrow('TRUST_PROXY');
  });
});

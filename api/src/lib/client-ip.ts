import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The caller's IP for rate limits. Behind `TRUST_PROXY` = N reverse proxies, each proxy appends
 * the address it received the request from to `X-Forwarded-For`, so only the N right-most
 * addresses are theirs; anything further left was written by the client and is never read. The
 * chain runs from this server outwards: the socket's peer (the nearest proxy), then the header's
 * addresses right to left; the client is N steps out. Without proxies the socket's peer is the client.
 */
export function clientIp(c: Context<AppEnv>): string {
  const peer = socketAddress(c);
  const hops = c.get('env').TRUST_PROXY;
  if (hops === 0) return peer;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(hops, chain.length - 1)] ?? peer;
}

function socketAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}

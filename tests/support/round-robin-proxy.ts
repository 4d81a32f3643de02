import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers that describe one connection, not the message: never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The end-to-end headers of a message: hop-by-hop ones and those its Connection header names are dropped. */
export function forwardableHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const result: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    result[name] = value;
  }
  return result;
}

/** The response header naming the target that answered: A for the first, B for the second… */
export const SERVED_BY = 'x-served-by';

/** A, B, C… for target 0, 1, 2… */
export function instanceName(index: number): string {
  return String.fromCharCode(65 + index);
}

export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>`: what the browsers and API clients talk to. */
  url: string;
  port: number;
  /** How many requests each target got, in the order of `targets`. */
  counts: number[];
  /** Stops listening and cuts open streams (event streams never end on their own). */
  close(): Promise<void>;
}

/**
 * A reverse proxy that sends each request to the next target in turn, so consecutive requests of
 * one browser land on different API instances: a session made on one must hold on the other, a rate
 * limit must count across both, and a chat message posted to one must reach an event stream held
 * open by the other. Bodies stream both ways unbuffered (uploads, Server-Sent Events); the Host
 * header is kept, so the instances see the origin the browser used. Each answer names its target
 * in `X-Served-By`, so a spec can show that its requests really reached every instance.
 */
export async function startRoundRobinProxy(
  targets: string[],
  options: { port?: number; host?: string; onError?: (target: string, request: string, error: Error) => void } = {},
): Promise<RoundRobinProxy> {
  if (targets.length === 0) throw new Error('the proxy needs at least one target');
  const upstreams = targets.map((target) => new URL(target));
  // A new connection per request: reusing one the target is just closing as idle turns a good
  // request into a 502 now and then. On the loopback interface a connection costs next to nothing.
  const agent = new Agent({ keepAlive: false });
  const counts = targets.map(() => 0);
  let next = 0;

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const upstream = upstreams[index] as URL;
    const proxied = request({
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: forwardableHeaders(incoming.headers),
      agent,
    });
    proxied.on('response', (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...forwardableHeaders(answer.headers),
        [SERVED_BY]: instanceName(index),
      });
      // An event stream's headers must reach the browser before its first event does.
      outgoing.flushHeaders();
      answer.pipe(outgoing);
      answer.on('error', () => outgoing.destroy());
    });
    let isClientGone = false;
    proxied.on('error', (error) => {
      if (isClientGone) return;
      options.onError?.(upstream.origin, `${incoming.method} ${incoming.url}`, error);
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { code: 'bad_gateway', message: `${upstream.origin}: ${error.message}` } }));
    });
    // The browser went away (a closed tab, an event stream it stopped): stop the upstream request too.
    outgoing.on('close', () => {
      if (outgoing.writableFinished) return;
      isClientGone = true;
      proxied.destroy();
    });
    incoming.pipe(proxied);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

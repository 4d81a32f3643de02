import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { forwardableHeaders, type RoundRobinProxy, SERVED_BY, startRoundRobinProxy } from './round-robin-proxy.ts';
import { freePort } from './server-env.ts';

/** A target that answers with its name and what it received; `/events` is an event stream the test drives. */
interface Target {
  url: string;
  server: Server;
  /** Writes one event to every open `/events` stream. */
  emit(data: string): void;
  /** Resolves when an open `/events` stream is closed by the other side. */
  streamClosed: Promise<void>;
}

async function startTarget(name: string): Promise<Target> {
  const streams = new Set<ServerResponse>();
  let onStreamClosed: () => void = () => {};
  const streamClosed = new Promise<void>((resolve) => {
    onStreamClosed = resolve;
  });
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': open\n\n');
      streams.add(res);
      res.on('close', () => {
        streams.delete(res);
        onStreamClosed();
      });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    res.writeHead(201, {
      'content-type': 'application/json',
      'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
      connection: 'keep-alive, x-hop',
      'x-hop': 'dropped',
    });
    res.end(
      JSON.stringify({
        target: name,
        method: req.method,
        path: req.url,
        host: req.headers.host,
        cookie: req.headers.cookie,
        bytes: body.length,
        text: body.length < 100 ? body.toString() : undefined,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    emit: (data) => {
      for (const stream of streams) stream.write(`data: ${data}\n\n`);
    },
    streamClosed,
  };
}

test.describe('round-robin proxy', () => {
  let targets: Target[] = [];
  let proxy: RoundRobinProxy;

  test.beforeEach(async () => {
    targets = [await startTarget('A'), await startTarget('B')];
    proxy = await startRoundRobinProxy(targets.map((target) => target.url));
  });

  test.afterEach(async () => {
    await proxy.close();
    for (const target of targets) {
      target.server.closeAllConnections();
      await new Promise((resolve) => target.server.close(resolve));
    }
  });

  test('sends requests to the targets in turn, with method, path, Host, cookies and body, and answers in full', async () => {
    const answers = [];
    const servedBy: (string | null)[] = [];
    for (const path of ['/api/one?x=1', '/api/two', '/api/three']) {
      const response = await fetch(`${proxy.url}${path}`, {
        method: 'POST',
        headers: { cookie: 'kollab_session=abc', 'content-type': 'text/plain' },
        body: `body of ${path}`,
      });
      expect(response.status).toBe(201);
      expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(response.headers.get('x-hop')).toBeNull();
      servedBy.push(response.headers.get(SERVED_BY));
      answers.push(await response.json());
    }
    const host = new URL(proxy.url).host;
    expect(answers).toEqual(
      ['/api/one?x=1', '/api/two', '/api/three'].map((path, index) => ({
        target: index % 2 === 0 ? 'A' : 'B',
        method: 'POST',
        path,
        host,
        cookie: 'kollab_session=abc',
        bytes: `body of ${path}`.length,
        text: `body of ${path}`,
      })),
    );
    expect(servedBy).toEqual(['A', 'B', 'A']);
    expect(proxy.counts).toEqual([2, 1]);
  });

  test('streams a large upload through whole', async () => {
    const upload = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await fetch(`${proxy.url}/upload`, { method: 'PUT', body: upload });
    expect(await response.json()).toMatchObject({ target: 'A', method: 'PUT', bytes: upload.length });
  });

  test('delivers each server-sent event as it is written, and closes the upstream stream when the client leaves', async () => {
    const received: string[] = [];
    let onData: () => void = () => {};
    const client = request(`${proxy.url}/events`);
    const response = await new Promise<IncomingMessage>((resolve) => {
      client.on('response', resolve);
      client.end();
    });
    expect(response.headers['content-type']).toBe('text/event-stream');
    response.on('data', (chunk: Buffer) => {
      received.push(chunk.toString());
      onData();
    });
    const next = () =>
      new Promise<void>((resolve) => {
        onData = resolve;
      });

    const [first] = targets;
    if (!first) throw new Error('no target');
    // The stream stays open: each event must arrive on its own, not when the response ends.
    await expect.poll(() => received.join('')).toBe(': open\n\n');
    let arrived = next();
    first.emit('one');
    await arrived;
    expect(received.join('')).toBe(': open\n\ndata: one\n\n');
    arrived = next();
    first.emit('two');
    await arrived;
    expect(received.join('')).toBe(': open\n\ndata: one\n\ndata: two\n\n');

    client.destroy();
    await first.streamClosed;
  });

  test('answers 502 with the error shape when a target is down, and goes on with the next one', async () => {
    const down = await freePort();
    await proxy.close();
    proxy = await startRoundRobinProxy([`http://127.0.0.1:${down}`, targets[1]?.url ?? '']);
    const failed = await fetch(`${proxy.url}/api/health`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: { code: 'bad_gateway', message: expect.stringContaining(`127.0.0.1:${down}`) },
    });
    const next = await fetch(`${proxy.url}/api/health`);
    expect(await next.json()).toMatchObject({ target: 'B', path: '/api/health' });
  });
});

test('forwardableHeaders drops hop-by-hop headers and those Connection names', () => {
  expect(
    forwardableHeaders({
      connection: 'keep-alive, x-private',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      upgrade: 'websocket',
      'x-private': 'secret',
      'content-type': 'text/html',
      'set-cookie': ['a=1', 'b=2'],
    }),
  ).toEqual({ 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] });
});

// HTTP load for the benchmarks: open-loop at a fixed rate (wrk2-style) and closed-loop saturation.
//
// autocannon's `overallRate` is not a fixed rate: each connection may send its share of a second's
// requests back to back as soon as the second starts, so the server sees a burst every second; and
// its coordinated-omission correction assumes an interval of ceil(1 / rate) = 1 ms instead of
// 1000 / rate ms, which adds made-up samples. Here request i is due at start + i / rate whatever
// happened to earlier ones, and its latency is counted from that due time, so a stalled server
// shows up as latency instead of as fewer requests sent.
import { Agent, request } from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import { watchEventLoop } from './loop-watch.ts';

export interface LoadOptions {
  base: string;
  paths: string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  /** Keep-alive sockets; requests due while all are busy wait for one (and that wait counts). */
  connections: number;
  /** Request bodies by index, cycled like `paths`: request i is a POST of bodies[i % n] when given. */
  bodies?: string[];
  /** Extra headers by index (another user's cookie, say), cycled like `paths`. */
  headerSets?: Record<string, string>[];
}

export interface LoadResult {
  /** Latencies in milliseconds from each request's due time to the end of its response, sorted. */
  latencies: number[];
  /** The same per path, sorted, to see which kind of request makes the tail. */
  byPath: Map<string, number[]>;
  /** Each request's latency by its index (the order they were due in), to see when in the run the tail came. */
  inOrder: number[];
  sent: number;
  non2xx: number;
  errors: number;
  /** The failed requests' error codes (ECONNRESET…) and how many of each. */
  errorCodes: Map<string, number>;
  /** Seconds from the first due time to the last response. */
  elapsed: number;
  /** `performance.now()` when request 0 was due; request i was due at started + i * 1000 / rate. */
  started: number;
  /**
   * This process's own garbage collections during the run (`performance.now()` times, ms): a
   * response that arrives while the load generator is paused is timed late, so a tail that
   * coincides with one of these is partly the measuring tool's.
   */
  ownCollections: { start: number; duration: number }[];
  /**
   * Times this process's event loop ran more than LATE_MS late (loop-watch.ts) during the run: the
   * requests due then were sent late, or their responses read late, and that counts as latency.
   */
  ownLags: { start: number; duration: number }[];
}

type Outcome = { ok: true; status: number } | { ok: false; error: string };

const failed = (error: NodeJS.ErrnoException): Outcome => ({ ok: false, error: error.code ?? error.message });

/** Sends request `index` of `options` (path, body and headers cycled) and resolves when its response ends. */
function send(agent: Agent, url: URL, options: Omit<LoadOptions, 'rate' | 'seconds'>, index: number): Promise<Outcome> {
  const path = options.paths[index % options.paths.length] ?? '/';
  const body = options.bodies?.[index % options.bodies.length];
  const extra = options.headerSets?.[index % options.headerSets.length];
  const headers = { ...options.headers, ...extra };
  return new Promise((resolve) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ ok: true, status: res.statusCode ?? 0 }));
        res.on('error', (error) => resolve(failed(error)));
      },
    );
    req.on('error', (error) => resolve(failed(error)));
    req.end(body);
  });
}

/** Sends `rate` requests per second for `seconds`, evenly spaced, cycling through `paths`. */
export async function fixedRateLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.base);
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const byPath = new Map<string, number[]>();
  const inOrder: number[] = [];
  let non2xx = 0;
  const errorCodes = new Map<string, number>();
  let sent = 0;
  let lastEnd = 0;
  const ownCollections: LoadResult['ownCollections'] = [];
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) ownCollections.push({ start: entry.startTime, duration: entry.duration });
  });
  collections.observe({ entryTypes: ['gc'] });
  const ownLags: LoadResult['ownLags'] = [];
  const stopWatching = watchEventLoop((due, late) => ownLags.push({ start: due, duration: late }));
  const start = performance.now();

  const fire = async (index: number, due: number) => {
    const outcome = await send(agent, url, options, index);
    lastEnd = performance.now();
    if (!outcome.ok) errorCodes.set(outcome.error, (errorCodes.get(outcome.error) ?? 0) + 1);
    else if (outcome.status < 200 || outcome.status >= 300) non2xx++;
    latencies.push(lastEnd - due);
    inOrder[index] = lastEnd - due;
    const path = options.paths[index % options.paths.length] ?? '/';
    const ofPath = byPath.get(path) ?? [];
    if (ofPath.length === 0) byPath.set(path, ofPath);
    ofPath.push(lastEnd - due);
  };

  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        pending.push(fire(sent, start + sent * interval));
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  collections.disconnect();
  stopWatching();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  for (const values of byPath.values()) values.sort((a, b) => a - b);
  return {
    latencies,
    byPath,
    inOrder,
    sent,
    non2xx,
    errors: [...errorCodes.values()].reduce((sum, n) => sum + n, 0),
    errorCodes,
    elapsed: (lastEnd - start) / 1000,
    started: start,
    ownCollections,
    ownLags,
  };
}

export interface SaturationResult {
  /** Responses per second over the run. */
  throughput: number;
  /** Latencies in milliseconds, sorted. */
  latencies: number[];
  non2xx: number;
  errors: number;
}

/**
 * Closed loop: `connections` clients each send the next request as soon as the last one ended, for
 * `seconds`. The throughput is the most the server (sharing the cores with this client) can answer.
 */
export async function saturate(options: Omit<LoadOptions, 'rate'>): Promise<SaturationResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.base);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const until = start + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) {
        const began = performance.now();
        const outcome = await send(agent, url, options, next++);
        if (!outcome.ok) errors++;
        else if (outcome.status < 200 || outcome.status >= 300) non2xx++;
        latencies.push(performance.now() - began);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { throughput: latencies.length / elapsed, latencies, non2xx, errors };
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentileOfSorted(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

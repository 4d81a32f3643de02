import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * Test helper: a real HTTP server (node:http, port 0) that replays the recorded provider fixtures
 * per route, so the client is exercised over real sockets. Tests can script the next answers of a
 * route (status, headers, body, delay, broken JSON) and read every request as it arrived.
 */

/** Reads a fixture file from `fixtures/` as JSON. */
export function loadFixture<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

/** What the fixture routes answer by default: `METHOD /path`, `*` matching one path segment. */
export const FIXTURE_ROUTES: Readonly<Record<string, string>> = {
  'POST /instagram/search': 'search-instagram-page.json',
  'GET /instagram/profile/*/report': 'report-instagram.json',
  'POST /instagram/reports/audience/overlap': 'audience-overlap.json',
  'GET /user/info': 'user-info.json',
  'GET /raw/ig/user-info': 'raw-ig-user-info.json',
  'GET /raw/ig/user-feed': 'raw-ig-user-feed.json',
  'GET /raw/tiktok/user-info': 'raw-tiktok-user-info.json',
};

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Body serialised as JSON. */
  json?: unknown;
  /** Body sent exactly as given (e.g. broken JSON or an HTML error page). */
  text?: string;
  /** Body read from a file in `fixtures/`. */
  fixture?: string;
  /** Wait this long before answering (the client may time out or abort meanwhile). */
  delayMs?: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The request body parsed as JSON, undefined when empty. */
  body: unknown;
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
}

export interface FixtureServer {
  /** Base URL, e.g. `http://127.0.0.1:40123/v1`. */
  url: string;
  calls: RecordedCall[];
  /** Requests received for `route` (`METHOD /path` pattern), or in total. */
  count(route?: string): number;
  /** Queues answers for the next requests matching `route`, one per request, in order. */
  script(route: string, ...responses: ScriptedResponse[]): void;
  /** Forgets the recorded requests and any scripted answers not used yet. */
  reset(): void;
  close(): Promise<void>;
}

function routeMatches(route: string, method: string, path: string): boolean {
  const [routeMethod, routePath = ''] = route.split(' ');
  if (routeMethod !== method) return false;
  const want = routePath.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((segment, i) => segment === '*' || segment === got[i]);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts the server under `/v1`. When `apiKey` is given, requests without
 * `Authorization: Bearer <apiKey>` get the provider's 401 (`api_token_invalid`).
 */
export async function startFixtureServer(options: { apiKey?: string } = {}): Promise<FixtureServer> {
  const scripts: { route: string; responses: ScriptedResponse[] }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const calls: RecordedCall[] = [];

  function respond(res: ServerResponse, answer: ScriptedResponse): void {
    if (res.destroyed) return;
    const body =
      answer.text ?? (answer.fixture ? JSON.stringify(loadFixture(answer.fixture)) : JSON.stringify(answer.json ?? {}));
    res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(body);
  }

  function answerFor(method: string, path: string): ScriptedResponse {
    const script = scripts.find((s) => s.responses.length > 0 && routeMatches(s.route, method, path));
    if (script) return script.responses.shift() as ScriptedResponse;
    const route = Object.keys(FIXTURE_ROUTES).find((r) => routeMatches(r, method, path));
    if (route) return { fixture: FIXTURE_ROUTES[route] };
    return { status: 404, json: { error: true, code: 'not_found', message: `No fixture for ${method} ${path}` } };
  }

  const server = createServer(async (req, res) => {
    const receivedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://fixture');
    const path = url.pathname.replace(/^\/v1/, '');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    calls.push({ method, path, query: Object.fromEntries(url.searchParams), headers: req.headers, body, receivedAt });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      respond(res, { status: 401, json: { error: true, code: 'api_token_invalid', message: 'Invalid API token' } });
      return;
    }
    const answer = answerFor(method, path);
    if (!answer.delayMs) {
      respond(res, answer);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      respond(res, answer);
    }, answer.delayMs);
    timers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    count: (route) => (route ? calls.filter((c) => routeMatches(route, c.method, c.path)).length : calls.length),
    script: (route, ...responses) => {
      scripts.push({ route, responses });
    },
    reset: () => {
      calls.length = 0;
      scripts.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

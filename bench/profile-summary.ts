// What each step of the request path costs (issue 21, item 1): reads the V8 CPU profiles a bench
// wrote with BENCH_PROFILE=<dir> (e.g. `BENCH_PROFILE=/tmp/prof npm run bench:report`) and splits
// the API process's CPU time by where it was spent: each middleware of app.ts, the session lookup,
// the route, the database driver, JSON and compression, Node's HTTP server, and the rest.
//
//   node bench/profile-summary.ts <dir or .cpuprofile> [requests] [--last=<seconds>]
// With `requests` (as the bench printed them), each step's time per request in ms; with --last,
// only the profile's last seconds (the measured load, not the start-up) count. Node's own frames
// count for the nearest caller of ours or a library's; only what Node runs by itself (the HTTP
// parser, sockets, timers) stays Node's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Steps of the request path, matched on the script's path, first match wins. */
const STEPS: [string, RegExp][] = [
  ['session lookup (middleware/session, auth/session)', /middleware\/session\.ts|modules\/auth\/session\.ts/],
  ['security headers', /middleware\/security-headers\.ts|content-security-policy\.ts/],
  ['CSRF origin check', /middleware\/origin-check\.ts/],
  ['admin two-factor gate', /middleware\/admin-two-factor\.ts/],
  [
    'request id and logger (pino)',
    /hono\/dist\/middleware\/request-id|node_modules\/pino|node_modules\/sonic-boom|lib\/logger\.ts/,
  ],
  ['compression (hono compress, compress-json)', /middleware\/compress\/|compress-json\.ts/],
  ['body limit', /middleware\/body-limit/],
  ['rate limits', /rate-limit\.ts/],
  ['routes and services (api/src/modules)', /api\/src\/modules\//],
  ['sample provider (stand-in in the same process)', /stand-ins\//],
  ['db and contract packages', /\/db\/src\/|\/contract\/src\//],
  ['app.ts and lib (api/src)', /api\/src\//],
  ['drizzle', /node_modules\/drizzle-orm/],
  ['postgres.js', /node_modules\/postgres\//],
  ['zod and OpenAPI validation', /node_modules\/zod|node_modules\/@hono\/zod-openapi|node_modules\/@asteasolutions/],
  ['Hono router and context', /node_modules\/hono\//],
  ['@hono/node-server (Request/Response adapters)', /node_modules\/@hono\/node-server/],
  [
    'Node HTTP, streams, net (no caller of ours)',
    /^node:(_http|http|net|stream|_stream|internal\/(http|streams|stream_base|net|js_stream))/,
  ],
  ['Node, other', /^node:/],
];

function load(path: string): Profile[] {
  if (statSync(path).isDirectory()) {
    return readdirSync(path)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => JSON.parse(readFileSync(join(path, name), 'utf8')) as Profile);
  }
  return [JSON.parse(readFileSync(path, 'utf8')) as Profile];
}

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const lastArg = process.argv.find((arg) => arg.startsWith('--last='));
const [target = '', requestsArg] = positional;
if (!target) {
  console.error('usage: node bench/profile-summary.ts <dir or .cpuprofile> [requests]');
  process.exit(2);
}
const requests = requestsArg ? Number(requestsArg) : undefined;

// The API process is the profile with the most samples in the session and app files.
const profiles = load(target);
const score = (profile: Profile) =>
  profile.nodes.filter((node) => /api\/src\/app\.ts|middleware\/session\.ts/.test(node.callFrame.url)).length;
const profile = profiles.sort((a, b) => score(b) - score(a))[0];
if (!profile) throw new Error(`no .cpuprofile in ${target}`);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
const windowStart = lastArg ? profile.endTime - Number(lastArg.slice('--last='.length)) * 1e6 : 0;
let at = profile.startTime;
profile.samples.forEach((id, index) => {
  at += profile.timeDeltas[index] ?? 0;
  if (at >= windowStart) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

// Each node's step is its own file's, or (for anonymous or builtin frames) its nearest caller's.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const stepOf = (id: number): string => {
  let nodeStep: string | undefined;
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) {
    const node = byId.get(current);
    const url = (node?.callFrame.url ?? '').replace(/^file:\/\//, '');
    if (!url) continue;
    const step = STEPS.find(([, pattern]) => pattern.test(url));
    // Node's frames belong to whoever called them, if anyone did.
    if (url.startsWith('node:')) {
      nodeStep ??= step?.[0] ?? 'Node, other';
      continue;
    }
    if (step) return step[0];
    return `other: ${url
      .replace(/^.*node_modules\//, '')
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  }
  if (nodeStep) return nodeStep;
  const name = byId.get(id)?.callFrame.functionName ?? '';
  return name === '(garbage collector)'
    ? 'garbage collection'
    : name === '(idle)' || name === '(program)'
      ? name
      : 'native';
};

const totals = new Map<string, number>();
for (const [id, us] of selfUs) totals.set(stepOf(id), (totals.get(stepOf(id)) ?? 0) + us);
const idle = totals.get('(idle)') ?? 0;
totals.delete('(idle)');
const busy = [...totals.values()].reduce((sum, us) => sum + us, 0);
console.log(
  `API process: ${(busy / 1000).toFixed(0)} ms on CPU, ${(idle / 1000).toFixed(0)} ms idle over ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s${requests ? `, ${requests} requests` : ''}`,
);
for (const [step, us] of [...totals].sort((a, b) => b[1] - a[1])) {
  const share = ((us / busy) * 100).toFixed(1).padStart(5);
  const per = requests ? `  ${(us / 1000 / requests).toFixed(3)} ms/request` : '';
  console.log(`${share} %  ${step}${per}`);
}

// What the portal's long tasks are made of (issue 21, item 4; ADR 034). Lighthouse's simulated TBT
// takes each main-thread task of the page's load as observed, multiplies it by 4 (the mobile
// preset's CPU slowdown) and counts what exceeds 50 ms: a task of 12.5 ms or more on this machine
// is a long task there. This loads each page as the Lighthouse bench does (the same server, demo
// data and sessions, a phone-sized window, no throttling), records the main thread (Chromium's
// trace) and the JavaScript in it (V8's sampling profiler, every 0.1 ms), and prints each such task
// with where its time went: by source module and by function, through the build's source maps
// when there are any (`KOLLAB_SOURCEMAP=1 npm run build -w portal` writes hidden ones; the
// JavaScript served is the same byte for byte).
// Usage: npm run bench:portal-profile -- [--pages=discovery,users] [--runs=2] [--top=12]
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type CDPSession } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { startLighthouseRig } from './lighthouse.ts';
import { pagesArg, portalPages } from './portal-pages.ts';

const SLOWDOWN = 4;
const LONG_MS = 50 / SLOWDOWN;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const runs = numberArg('runs', 1);
const top = numberArg('top', 12);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
/** The build's source map of an asset, or null. */
async function sourceMap(url: string): Promise<SourceMapConsumer | null> {
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    const file = join(repoRoot, 'portal/dist', path.replace(/^\/app\//, ''));
    maps.set(
      path,
      await readFile(`${file}.map`, 'utf8').then(
        (text) => new SourceMapConsumer(JSON.parse(text)),
        () => null,
      ),
    );
  }
  return maps.get(path) ?? null;
}

const places = new Map<ProfileNode['callFrame'], Promise<{ module: string; where: string }>>();
/** `where`, once per frame. */
function placeOnce(frame: ProfileNode['callFrame']): Promise<{ module: string; where: string }> {
  let found = places.get(frame);
  if (!found) {
    found = locate(frame);
    places.set(frame, found);
  }
  return found;
}

/** Where a frame is in the sources: `module` (a package or the portal's file) and `where` (module:line name). */
async function locate(frame: ProfileNode['callFrame']): Promise<{ module: string; where: string }> {
  if (!frame.url)
    return { module: `(${frame.functionName || 'program'})`, where: `(${frame.functionName || 'program'})` };
  const map = frame.url.startsWith('http') ? await sourceMap(frame.url) : null;
  const asset = frame.url.replace(/^https?:\/\/[^/]+/, '');
  if (!map) return { module: asset, where: `${asset}:${frame.lineNumber + 1} ${frame.functionName}` };
  const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (original.source ?? asset).replace(/^(\.\.\/)+/, '');
  // The minified name says nothing: the declaration on the original line does (`function name(`,
  // `const name =`, `name(…) {`).
  const text = original.source ? map.sourceContentFor(original.source, true) : null;
  const line = text?.split('\n')[(original.line ?? 1) - 1] ?? '';
  const declared = /function\s*\*?\s*([\w$]+)|(?:const|let|var)\s+([\w$]+)\s*=|^\s*([\w$]+)\s*\([^)]*\)\s*\{/.exec(
    line,
  );
  const name = declared?.[1] ?? declared?.[2] ?? declared?.[3];
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const module = packageMatch ? (packageMatch[1] ?? source) : source;
  const file = source.replace(/^.*node_modules\//, '');
  return {
    module,
    where: `${file}:${original.line ?? '?'} ${name ?? original.name ?? frame.functionName ?? '(anonymous)'}`,
  };
}

function table(title: string, totals: Map<string, number>, taskMs: number): void {
  console.log(`      ${title}`);
  for (const [name, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const ms = us / 1000;
    console.log(
      `        ${ms.toFixed(1).padStart(6)} ms ${`${Math.round((ms / taskMs) * 100)}%`.padStart(4)}  ${name}`,
    );
  }
}

async function record(
  session: CDPSession,
  load: () => Promise<void>,
): Promise<{ events: TraceEvent[]; profile: Profile }> {
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as TraceEvent[])));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Tracing.start', {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8', 'v8.execute'].join(
      ',',
    ),
    transferMode: 'ReportEvents',
  });
  await session.send('Profiler.start');
  await load();
  const { profile } = await session.send('Profiler.stop');
  await session.send('Tracing.end');
  await done;
  return { events, profile: profile as unknown as Profile };
}

const rig = await startLighthouseRig('portal-profile');
try {
  const pages = await portalPages(rig.origin, pagesArg(args));
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${rig.port}`, defaultViewport: null });
  for (const page of pages) {
    for (let run = 0; run < runs; run++) {
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (page.cookie) await tab.setExtraHTTPHeaders({ Cookie: page.cookie });
      const session = await tab.createCDPSession();
      const { events, profile } = await record(session, async () => {
        await tab.goto(rig.origin + page.path, { waitUntil: 'load' });
        // Hydrated (the root is no longer inert), then quiet for a while: what Lighthouse's window holds.
        await tab.waitForFunction("!document.getElementById('root')?.hasAttribute('inert')", { timeout: 30_000 });
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      });
      await context.close();

      // The page's main thread: the renderer's main thread that ran the most.
      const mainThreads = new Map<string, number>();
      const names = new Map<string, string>();
      for (const event of events) {
        if (event.ph === 'M' && event.name === 'thread_name')
          names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
      }
      // A task is Chromium's `ThreadControllerImpl::RunTask` (older builds: `RunTask`), not those nested in it.
      const taskName = events.some((event) => event.name === 'ThreadControllerImpl::RunTask')
        ? 'ThreadControllerImpl::RunTask'
        : 'RunTask';
      const isTask = (event: TraceEvent) => event.ph === 'X' && event.name === taskName;
      for (const event of events) {
        const key = `${event.pid}:${event.tid}`;
        if (isTask(event) && names.get(key) === 'CrRendererMain')
          mainThreads.set(key, (mainThreads.get(key) ?? 0) + (event.dur ?? 0));
      }
      // The page's: the one that parsed its HTML (else the busiest renderer).
      const parsed = events.find(
        (event) =>
          event.name === 'ParseHTML' &&
          (event.args as { beginData?: { url?: string } } | undefined)?.beginData?.url === rig.origin + page.path,
      );
      const [main] = parsed ? [`${parsed.pid}:${parsed.tid}`] : ([...mainThreads].sort((a, b) => b[1] - a[1])[0] ?? []);
      const tasks = events
        .filter((event) => `${event.pid}:${event.tid}` === main && isTask(event) && (event.dur ?? 0) >= LONG_MS * 1000)
        .sort((a, b) => a.ts - b.ts);
      const navigation = events.find(
        (event) => event.name === 'navigationStart' && `${event.pid}:${event.tid}` === main,
      );
      const origin = navigation?.ts ?? tasks[0]?.ts ?? 0;

      // Each sample's time and stack.
      const byId = new Map(profile.nodes.map((node) => [node.id, node]));
      for (const node of profile.nodes)
        for (const child of node.children ?? []) {
          const found = byId.get(child);
          if (found) found.parent = node.id;
        }
      const sampleTimes: number[] = [];
      let time = profile.startTime;
      for (const delta of profile.timeDeltas) {
        time += delta;
        sampleTimes.push(time);
      }

      const simulated = tasks.reduce((sum, task) => sum + Math.max(0, ((task.dur ?? 0) / 1000) * SLOWDOWN - 50), 0);
      console.log(
        `\n${page.name}, run ${run + 1}: ${tasks.length} task(s) ≥ ${LONG_MS} ms, ×${SLOWDOWN} − 50 ms summed: ${simulated.toFixed(0)} ms`,
      );
      for (const task of tasks) {
        const taskMs = (task.dur ?? 0) / 1000;
        const end = task.ts + (task.dur ?? 0);
        // What the trace says the task was (script evaluation, a function call, layout, parsing …).
        const kinds = new Map<string, number>();
        for (const event of events) {
          if (`${event.pid}:${event.tid}` !== main || event.ph !== 'X' || event.ts < task.ts || event.ts >= end)
            continue;
          if (event.name !== taskName && event.name !== 'RunTask') {
            kinds.set(event.name, (kinds.get(event.name) ?? 0) + (event.dur ?? 0));
          }
        }
        const modules = new Map<string, number>();
        const functions = new Map<string, number>();
        const inclusive = new Map<string, number>();
        for (let index = 0; index < profile.samples.length; index++) {
          const at = sampleTimes[index] ?? 0;
          if (at < task.ts || at >= end) continue;
          const weight = profile.timeDeltas[index + 1] ?? 100;
          const node = byId.get(profile.samples[index] ?? -1);
          if (!node) continue;
          const { module, where } = await placeOnce(node.callFrame);
          modules.set(module, (modules.get(module) ?? 0) + weight);
          functions.set(where, (functions.get(where) ?? 0) + weight);
          // Inclusive time of every function on the stack (React's phases, a component, a hook).
          const seen = new Set<string>();
          for (
            let up: ProfileNode | undefined = node;
            up;
            up = up.parent === undefined ? undefined : byId.get(up.parent)
          ) {
            const frame = await placeOnce(up.callFrame);
            if (seen.has(frame.where)) continue;
            seen.add(frame.where);
            inclusive.set(frame.where, (inclusive.get(frame.where) ?? 0) + weight);
          }
        }
        if (modules.size === 0 && kinds.size === 0) {
          console.log(
            `  at ${((task.ts - origin) / 1000).toFixed(0).padStart(5)} ms: ${taskMs.toFixed(1)} ms (nothing of the page's)`,
          );
          continue;
        }
        const kindText = [...kinds]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
          .join(', ');
        console.log(
          `  at ${((task.ts - origin) / 1000).toFixed(0).padStart(5)} ms: ${taskMs.toFixed(1)} ms (${kindText})`,
        );
        table('self time by module', modules, taskMs);
        table('self time by function', functions, taskMs);
        table('inclusive by function', inclusive, taskMs);
        table(
          "the portal's own code, inclusive",
          new Map([...inclusive].filter(([name]) => name.startsWith('src/'))),
          taskMs,
        );
      }
    }
  }
  await browser.disconnect();
} finally {
  await rig.stop();
}

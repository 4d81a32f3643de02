import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_LOAD_PAGES, HOME_DATA } from './src/routes/first-load';

/** A page group's chunk name: `/campaigns/:id` → `page-campaigns-id`. */
const pageGroupName = (path: string) => `page${path.replace(/[/:]+/g, '-')}`;

/** What the signed-in frame loads by itself at once, after its first render (lazily, for the home's budget). */
const FRAME_BADGES = [
  'src/components/notifications/notification-bell-button.tsx',
  'src/components/chat/messages-nav-icon.tsx',
];

/** A module used by this many of the pages in `FIRST_LOAD_PAGES` goes into the `data` chunk. */
const DATA_SHARED_BY = 3;

/**
 * The first load's chunks, by route (ADR 034). Left to itself the bundler cuts the sign-in page
 * into about 40 chunks (one per set of importers), and each request costs a round trip and about
 * 1.2 KB of response headers. Groups instead, from the module graph:
 * - `boot`: what main.tsx imports, and what both the sign-in page and the signed-in frame need
 *   (main.tsx is not the entry: start.ts imports it, at once or once a rendered page has painted);
 * - `sign-in`: the rest of the sign-in page;
 * - `signed-in`: the rest of the signed-in frame, the home and the route table;
 * - `badges`: the notification and message badges, which the frame loads after its first render;
 * - `refine`: Refine's shell, under every signed-in page but the home;
 * - `data`: what at least three of the pages in `src/routes/first-load.ts` use (MUI's text field,
 *   menus and dialogs, the pager, the query hooks);
 * - `page-…`: what only one of those pages uses.
 * What two of them share, and every other page, keeps the bundler's own chunks.
 */
function routeChunks(): Plugin {
  const groupOf = new Map<string, string>();
  const inGroup = (name: string) => (id: string) => groupOf.get(id) === name;
  const pages = FIRST_LOAD_PAGES.map((page) => ({ name: pageGroupName(page.path), modules: page.modules }));
  return {
    name: 'kollab-route-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'start', test: inGroup('start'), priority: 7 },
                { name: 'boot', test: inGroup('boot'), priority: 6 },
                { name: 'sign-in', test: inGroup('sign-in'), priority: 5 },
                { name: 'signed-in', test: inGroup('signed-in'), priority: 4 },
                { name: 'badges', test: inGroup('badges'), priority: 3 },
                { name: 'refine', test: inGroup('refine'), priority: 3 },
                { name: 'data', test: inGroup('data'), priority: 2 },
                // What a page's modules import is in `data`, in a chunk of two pages, or in the
                // groups above, never only in another page's: no page chunk imports another.
                ...pages.map((page) => ({
                  name: page.name,
                  test: inGroup(page.name),
                  priority: 1,
                  includeDependenciesRecursively: false,
                })),
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const ids = [...this.getModuleIds()];
      /** A module and what it imports statically, all the way down. */
      const closureOf = (root: string, seen = new Set<string>()): Set<string> => {
        const stack = [root];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const closure = (...suffixes: string[]): Set<string> => {
        const seen = new Set<string>();
        for (const suffix of suffixes) {
          const root = ids.find((id) => id.endsWith(suffix.replace(/^src\//, '/src/')));
          if (!root) throw new Error(`route-chunks: no module ${suffix}`);
          closureOf(root, seen);
        }
        return seen;
      };
      const boot = closure('/src/main.tsx');
      const signIn = closure('/src/pages/auth/sign-in.tsx');
      const signedIn = closure('/src/signed-in-routes.tsx');
      for (const id of signIn) if (signedIn.has(id)) boot.add(id);
      const refine = closure('/src/refine-shell.tsx');
      // The badges the frame loads right after its first render are one chunk of their own (one
      // request instead of six), out of the page groups, or the home would load a page's chunk for
      // them. (What the frame loads when a menu or dialog opens may come from `data`: that is after
      // the first load.)
      const badges = new Set([...closure(...FRAME_BADGES)].filter((id) => !boot.has(id) && !signedIn.has(id)));
      const taken = new Set([...boot, ...signIn, ...signedIn, ...refine, ...badges]);
      // Which lazily loaded modules (pages, dialogs, the grid) need each module: a page's chunk holds
      // only what no other one needs, so no other chunk ever imports it.
      const entries = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      const usersOf = new Map<string, Set<string>>();
      for (const entry of entries) {
        for (const id of closureOf(entry)) {
          if (taken.has(id)) continue;
          const users = usersOf.get(id) ?? new Set<string>();
          users.add(entry);
          usersOf.set(id, users);
        }
      }
      const pageModules = pages.map((page) => {
        const own = ids.filter((id) => page.modules.some((module) => id.endsWith(`/${module}`)));
        return { name: page.name, own, ids: [...closure(...page.modules)].filter((id) => !taken.has(id)) };
      });
      const count = new Map<string, number>();
      for (const page of pageModules) for (const id of page.ids) count.set(id, (count.get(id) ?? 0) + 1);
      for (const page of pageModules) {
        for (const id of page.ids) {
          const users = [...(usersOf.get(id) ?? [])];
          if ((count.get(id) ?? 0) >= DATA_SHARED_BY) groupOf.set(id, 'data');
          else if (users.every((user) => page.own.includes(user))) groupOf.set(id, page.name);
        }
      }
      for (const id of badges) groupOf.set(id, 'badges');
      for (const id of refine) groupOf.set(id, 'refine');
      for (const id of signedIn) groupOf.set(id, 'signed-in');
      for (const id of signIn) groupOf.set(id, 'sign-in');
      for (const id of boot) groupOf.set(id, 'boot');
      // The entry (start.ts) and what it imports itself (the bundler's preload helper), out of
      // `boot`, which the entry loads only later.
      for (const id of closure('/src/start.ts')) groupOf.set(id, 'start');
    },
  };
}

import type { FirstLoad } from '@kollab/contract/first-load';

/**
 * Writes `dist/.vite/first-load.json` (ADR 034): for the sign-in page, the signed-in frame, Refine,
 * each language's texts and the pages of `src/routes/first-load.ts`, the chunks each needs with
 * the chunks they import. The API turns them into `<link rel="modulepreload">` in the page's HTML,
 * so the browser fetches them next to the boot chunk instead of one hop after another.
 */
function firstLoadManifest(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'kollab-first-load',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byModule = new Map<string, (typeof chunks)[number]>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(id, chunk);
      // What index.html loads already: the entry and everything it imports statically.
      const loaded = new Set<string>();
      const closure = (fileNames: string[], into: Set<string>) => {
        const stack = [...fileNames];
        for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
          if (into.has(name) || loaded.has(name)) continue;
          into.add(name);
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') stack.push(...chunk.imports);
        }
        return into;
      };
      closure(
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        loaded,
      );
      const filesOf = (...modules: string[]): string[] => {
        const names = modules.map((module) => {
          const chunk = byModule.get(resolve(root, module));
          if (!chunk) throw new Error(`first-load: no chunk has ${module}`);
          return chunk.fileName;
        });
        return [...closure(names, new Set())].map((name) => base + name);
      };
      const firstLoad: FirstLoad = {
        signIn: filesOf('src/pages/auth/sign-in.tsx'),
        signedIn: filesOf('src/signed-in-routes.tsx'),
        data: filesOf('src/refine-shell.tsx'),
        texts: {
          sv: {
            base: filesOf('src/providers/dictionary.sv.ts'),
            areas: filesOf('src/providers/dictionary-areas.sv.ts'),
          },
          en: {
            base: filesOf('src/providers/dictionary.en.ts'),
            areas: filesOf('src/providers/dictionary-areas.en.ts'),
          },
        },
        pages: FIRST_LOAD_PAGES.map((page) => ({
          path: page.path,
          files: filesOf(...page.modules, ...(page.lazy ?? [])),
          data: [...(page.data ?? [])],
          ...(page.dataRoles ? { dataRoles: [...page.dataRoles] } : {}),
        })),
        home: [...HOME_DATA],
      };
      this.emitFile({ type: 'asset', fileName: '.vite/first-load.json', source: JSON.stringify(firstLoad) });
    },
  };
}

// Served by the API at /app/ (docs/decisions/001-one-origin.md); the dev server proxies the API.
// `vite build --ssr src/entry-server.tsx` (npm run build) writes the server's renderer to
// dist-server/ (ADR 034, fourth step): one file with every dependency in it, so the API loads it
// with a plain import and Node never meets MUI's browser-only ESM layout.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/app/',
  plugins: isSsrBuild ? [react()] : [react(), routeChunks(), firstLoadManifest()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // React's and Emotion's production builds, as in the browser: the same class names (Emotion's
  // development ones carry labels), and no development checks in the server's renders.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, chunkSizeWarningLimit: 4000 }
    : {
        chunkSizeWarningLimit: 900,
        // Source maps for bench/portal-profile.ts only: hidden (the JavaScript is the same, nothing
        // points to them), and never in a normal build.
        sourcemap: process.env.KOLLAB_SOURCEMAP === '1' ? 'hidden' : false,
        // Every browser the portal supports has <link rel="modulepreload">; the polyfill was a request.
        modulePreload: { polyfill: false },
      },
}));

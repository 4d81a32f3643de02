import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The first load's chunks, by route (ADR 034). Left to itself the bundler cuts the sign-in page
 * into about 40 chunks (one per set of importers), and each request costs a round trip and about
 * 1.2 KB of response headers. Three groups instead, from the module graph:
 * - `boot`: what main.tsx imports, and what both the sign-in page and the signed-in frame need;
 * - `sign-in`: the rest of the sign-in page;
 * - `signed-in`: the rest of the signed-in frame, the home and the route table.
 * Every other page keeps the bundler's own chunks.
 */
function routeChunks(): Plugin {
  const groupOf = new Map<string, 'boot' | 'sign-in' | 'signed-in'>();
  const inGroup = (name: string) => (id: string) => groupOf.get(id) === name;
  return {
    name: 'kollab-route-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'boot', test: inGroup('boot'), priority: 3 },
                { name: 'sign-in', test: inGroup('sign-in'), priority: 2 },
                { name: 'signed-in', test: inGroup('signed-in'), priority: 1 },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (suffix: string): Set<string> => {
        const root = ids.find((id) => id.endsWith(suffix));
        if (!root) throw new Error(`route-chunks: no module ${suffix}`);
        const seen = new Set<string>();
        const stack = [root];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const boot = closure('/src/main.tsx');
      const signIn = closure('/src/pages/auth/sign-in.tsx');
      const signedIn = closure('/src/signed-in-routes.tsx');
      for (const id of signIn) if (signedIn.has(id)) boot.add(id);
      for (const id of signedIn) groupOf.set(id, 'signed-in');
      for (const id of signIn) groupOf.set(id, 'sign-in');
      for (const id of boot) groupOf.set(id, 'boot');
    },
  };
}

// Served by the API at /app/ (docs/decisions/001-one-origin.md); the dev server proxies the API.
export default defineConfig({
  base: '/app/',
  plugins: [react(), routeChunks()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    chunkSizeWarningLimit: 900,
    // Every browser the portal supports has <link rel="modulepreload">; the polyfill was a request.
    modulePreload: { polyfill: false },
  },
});

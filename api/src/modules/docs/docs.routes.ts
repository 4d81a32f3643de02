import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import packageJson from '../../../../package.json' with { type: 'json' };
import { DOCS_POLICY } from '../../lib/content-security-policy.ts';
import type { AppEnv } from '../../lib/context.ts';
import { resolveStaticFile, sendFile } from '../../lib/static-files.ts';

// Scalar loads its UI from a public CDN by default, which these machines cannot reach; the package
// has no export for its bundled script, so the path is built from its main entry.
const scalarDir = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser');

/**
 * The reference page: Scalar's bundle and a start-up script, both files of this origin, so the
 * page's policy needs no inline script (ADR 019).
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kollab API</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/start.js"></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>
`;

/**
 * Runs before Scalar's bundle. The zod inside it tests whether it may compile validators with
 * `Function('')`, which the policy forbids (and the browser would report); `jitless` skips the test.
 */
const START = `globalThis.__zod_globalConfig = { jitless: true };
document.addEventListener('DOMContentLoaded', () => {
  Scalar.createApiReference('#app', { url: '/api/openapi.json', withDefaultFonts: false });
});
`;

/** Mounts `/api/openapi.json` (generated from every route's schemas) and the `/api/docs` reference. */
export function mountDocs(app: OpenAPIHono<AppEnv>): void {
  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: {
      title: 'Kollab API',
      version: packageJson.version,
      description: 'Every error has the shape `{"error":{"code","message","fields?","requestId"}}`.',
    },
  });
  app.get('/api/docs', (c) => c.html(PAGE, 200, { 'Content-Security-Policy': DOCS_POLICY }));
  app.get('/api/docs/start.js', (c) =>
    c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }),
  );
  app.get('/api/docs/scalar.js', async (c) => {
    const file = await resolveStaticFile(scalarDir, 'standalone.js');
    if (!file || file === 'directory') return c.notFound();
    return sendFile(c, file);
  });
}

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import packageJson from '../../../../package.json' with { type: 'json' };
import type { AppEnv } from '../../lib/context.ts';
import { resolveStaticFile, sendFile } from '../../lib/static-files.ts';

// Scalar loads its UI from a public CDN by default, which these machines cannot reach; the package
// has no export for its bundled script, so the path is built from its main entry.
const scalarDir = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser');

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
  app.get(
    '/api/docs',
    Scalar({ url: '/api/openapi.json', cdn: '/api/docs/scalar.js', withDefaultFonts: false, pageTitle: 'Kollab API' }),
  );
  app.get('/api/docs/scalar.js', async (c) => {
    const file = await resolveStaticFile(scalarDir, 'standalone.js');
    if (!file || file === 'directory') return c.notFound();
    return sendFile(c, file);
  });
}

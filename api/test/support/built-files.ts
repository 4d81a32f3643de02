import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './test-app.ts';

/** A portal build's index.html as Vite writes it, with its entry (the portal-html and render tests). */
export const PORTAL_INDEX_HTML = [
  '<!doctype html>',
  '<html lang="sv">',
  '  <head>',
  '    <title>Kollab</title>',
  '    <script type="module" crossorigin src="/app/assets/boot-1.js"></script>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');

/** A test app serving a made-up site and portal build, and the way to end both. */
export interface AppWithBuild {
  t: TestApp;
  /** The folder holding `site/` and `portal/`. */
  root: string;
  close(): Promise<void>;
}

/**
 * Writes `files` (paths under `site/` and `portal/`, or beside them to prove they are not served)
 * into a fresh temporary folder and starts a test app that serves them as the built site and portal.
 */
export async function createAppWithBuild(
  files: Record<string, string>,
  options: { portalRenderer?: string; portalRenderTimeoutMs?: number } = {},
): Promise<AppWithBuild> {
  const root = await mkdtemp(join(tmpdir(), 'kollab-build-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const t = await createTestApp({ siteDir: join(root, 'site'), portalDir: join(root, 'portal'), ...options });
  return {
    t,
    root,
    close: async () => {
      await t.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where the spec serves the page, on the server's own origin (the path is not one the server has). */
export const CLIENT_PATH = '/nextauth-client/';

/**
 * Builds `app.tsx` with React and `next-auth/react` into one browser script, as Next.js would for a
 * client page: `process.env.NODE_ENV` is "production" and every other `process.env` read (NEXTAUTH_URL,
 * VERCEL_URL) is undefined in the browser, so the client uses its relative base path `/api/auth`.
 */
export async function bundleNextAuthClient(): Promise<{ html: string; script: string }> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./app.tsx', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', 'process.env': '{}' },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no output');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>NextAuth client</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="${CLIENT_PATH}app.js"></script>
  </body>
</html>
`;
  return { html, script: output.text };
}

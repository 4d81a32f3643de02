/// <reference types="vite/client" />
/**
 * The arrows between the workspaces (ADR 015): the portal and the site take what they share with
 * the API from @kollab/contract, never from the API itself; the contract runs anywhere, so it
 * imports no Node module, no HTTP framework and no database. The sources are read through Vite's
 * glob import (not node:fs) so that this file keeps the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import contractPackage from '../package.json' with { type: 'json' };

type Sources = Record<string, string>;

// Vite wants the options written out at each call.
const portal: Sources = import.meta.glob('/portal/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const site: Sources = import.meta.glob('/site/src/**/*.{ts,tsx,astro,mdx,js,mjs}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Only the names: the API must hold no schema files of its own (they live in contract/src/api).
const apiSchemaFiles = Object.keys(import.meta.glob('/api/src/**/*.schemas.ts'));
const contract: Sources = import.meta.glob(['/contract/src/**/*.ts', '!/contract/src/boundaries.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every module specifier a file names: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '');
}

/** `file → specifier` for every import of the sources that breaks the rule. */
function offences(sources: Sources, forbidden: (specifier: string) => boolean): string[] {
  return Object.entries(sources).flatMap(([file, source]) =>
    importsOf(source)
      .filter(forbidden)
      .map((specifier) => `${file} → ${specifier}`),
  );
}

const NODE_BUILTINS = new Set([
  'assert',
  'buffer',
  'child_process',
  'crypto',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
]);

const isApi = (specifier: string): boolean =>
  specifier === '@kollab/api' || specifier.startsWith('@kollab/api/') || /(^|\/)api\/src(\/|$)/.test(specifier);

const notForContract = (specifier: string): boolean =>
  specifier.startsWith('node:') ||
  NODE_BUILTINS.has(specifier) ||
  /^(hono|@hono\/|drizzle-orm|drizzle-kit|@electric-sql\/|postgres$|@kollab\/(api|db)(\/|$))/.test(specifier) ||
  /(^|\/)(api|db|portal|site)\/src(\/|$)/.test(specifier);

describe('workspace boundaries', () => {
  it('reads the sources it guards', () => {
    expect(Object.keys(portal).length).toBeGreaterThan(100);
    expect(Object.keys(site).length).toBeGreaterThan(10);
    expect(Object.keys(contract).length).toBeGreaterThan(5);
    expect(importsOf(portal['/portal/src/components/claims/video-link.ts'] ?? '')).toEqual([
      '@kollab/contract/video-link',
    ]);
  });

  it('the portal never imports the API', () => {
    expect(offences(portal, isApi)).toEqual([]);
  });

  it('the site never imports the API', () => {
    expect(offences(site, isApi)).toEqual([]);
  });

  it('the contract imports no Node module, HTTP framework, database or app', () => {
    expect(offences(contract, notForContract)).toEqual([]);
  });

  it('the contract depends on nothing but zod', () => {
    const dependencies = Object.keys({
      ...(contractPackage as { dependencies?: object }).dependencies,
      ...(contractPackage as { peerDependencies?: object }).peerDependencies,
    });
    expect(dependencies.filter((name) => name !== 'zod')).toEqual([]);
  });

  it("the API's request and answer schemas live in the contract, not in the API", () => {
    expect(apiSchemaFiles).toEqual([]);
    expect(Object.keys(contract).filter((file) => file.startsWith('/contract/src/api/')).length).toBeGreaterThan(10);
  });

  it('the portal takes only types from the API schemas, so zod stays out of its bundle', () => {
    const valueImports = Object.entries(portal).flatMap(([file, source]) =>
      [...source.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+'(@kollab\/contract\/api\/[^']+)'/gms)].map(
        (match) => `${file} → ${match[2]}`,
      ),
    );
    expect(valueImports).toEqual([]);
  });

  it('catches the imports it forbids', () => {
    const sample = `import { x } from '@kollab/api/claim-machine';\nimport fs from 'node:fs';\nconst h = await import('hono');`;
    expect(importsOf(sample).filter(isApi)).toEqual(['@kollab/api/claim-machine']);
    expect(importsOf(sample).filter(notForContract)).toEqual(['@kollab/api/claim-machine', 'node:fs', 'hono']);
  });
});

/*
 * ADR 014: production code never imports a stand-in. Stand-ins (stand-ins/, @kollab/stand-ins) are
 * started by the composition root (scripts/start.ts) and by tests; a file of the API that imported
 * one would ship a fake service with the product. Tests (here, and the rigs in api/test/) may.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiSrc = fileURLToPath(new URL('.', import.meta.url));
const standIns = fileURLToPath(new URL('../../stand-ins/', import.meta.url));

/** Every module specifier in `import … from`, `export … from`, `import '…'` and `import('…')`. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const pattern = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** Whether `specifier`, written in `file`, names a stand-in. */
function isStandIn(file: string, specifier: string): boolean {
  if (specifier === '@kollab/stand-ins' || specifier.startsWith('@kollab/stand-ins/')) return true;
  if (!specifier.startsWith('.')) return false;
  return `${resolve(dirname(file), specifier)}${sep}`.startsWith(standIns);
}

async function productionFiles(): Promise<string[]> {
  const entries = await readdir(apiSrc, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the boundary between the API and the stand-ins', () => {
  it('recognises an import of a stand-in however it is written', () => {
    const file = join(apiSrc, 'modules', 'discovery', 'provider.ts');
    const source = [
      "import { createSampleProvider } from '@kollab/stand-ins/provider';",
      "export { x } from '../../../../stand-ins/google/app.ts';",
      "const later = await import('@kollab/stand-ins');",
      "import { serve } from '@hono/node-server';",
      "import { createProviderClient } from '../../integrations/provider/index.ts';",
    ].join('\n');
    expect(specifiers(source).filter((specifier) => isStandIn(file, specifier))).toEqual([
      '@kollab/stand-ins/provider',
      '../../../../stand-ins/google/app.ts',
      '@kollab/stand-ins',
    ]);
  });

  it('no production file of the API imports a stand-in', async () => {
    const files = await productionFiles();
    expect(files.length).toBeGreaterThan(50);
    const offending: string[] = [];
    for (const file of files) {
      for (const specifier of specifiers(await readFile(file, 'utf8'))) {
        if (isStandIn(file, specifier)) offending.push(`${relative(apiSrc, file)} imports ${specifier}`);
      }
    }
    expect(offending).toEqual([]);
  });
});

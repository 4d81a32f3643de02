/*
 * ADR 035, the request path: Hono's `c.var` builds a new object from every variable of the request
 * on each access (`Object.fromEntries`), so production code reads one variable with `c.get('name')`.
 * Tests may use either.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiSrc = fileURLToPath(new URL('.', import.meta.url));
const VAR_ACCESS = /\bc\.var\.\w+/g;

describe('the request path', () => {
  it('reads request variables with c.get(), never c.var.<name>', async () => {
    const entries = await readdir(apiSrc, { recursive: true, withFileTypes: true });
    const found: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const lines = (await readFile(file, 'utf8')).split('\n');
      lines.forEach((line, index) => {
        for (const match of line.matchAll(VAR_ACCESS)) found.push(`${relative(apiSrc, file)}:${index + 1} ${match[0]}`);
      });
    }
    expect(found).toEqual([]);
    expect('const db = c.var.db;'.match(VAR_ACCESS)).toEqual(['c.var.db']);
  });
});

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is api/test/support/). */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A published schema or sample from `../shared/reference/`, read in place (never copied into the repo). */
export function referenceFile(relative: string): Buffer {
  return readFileSync(resolve(repoRoot, '../shared/reference', relative));
}

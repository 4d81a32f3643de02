import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Applies every pending migration; applied ones are skipped (tracked in drizzle.__drizzle_migrations). */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await handle.migrate(migrationsFolder);
}

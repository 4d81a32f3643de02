import type { Health } from '@kollab/contract/api/health';
import type { Database, DatabaseKind } from '@kollab/db';
import { sql } from 'drizzle-orm';
import packageJson from '../../../../package.json' with { type: 'json' };
import { AppError } from '../../lib/errors.ts';

/**
 * Checks that the database answers a query.
 * @throws service_unavailable when it does not.
 */
export async function checkHealth(db: Database, kind: DatabaseKind): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
  } catch (cause) {
    throw new AppError('service_unavailable', 'Database is not reachable', { cause });
  }
  return { status: 'ok', db: kind, version: packageJson.version };
}

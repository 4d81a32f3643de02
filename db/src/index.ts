export type { Database, DatabaseHandle, DatabaseKind, DatabaseOptions, Schema } from './client.ts';
export { createDb, openPglite, queryRows } from './client.ts';
export { migrate, migrationsFolder } from './migrate.ts';
export { lockPgliteDir, PgliteInUseError } from './pglite-lock.ts';
export { newId } from './schema/columns.ts';
export * as schema from './schema/index.ts';
export type { SeedOptions } from './seed.ts';
export { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET, seedDemo } from './seed.ts';
export { createTestDatabase, prepareTestTemplate } from './testing.ts';

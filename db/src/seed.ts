import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { users } from './schema/index.ts';

export interface SeedOptions {
  /** Hashes a demo password (the API passes its argon2id hasher; db stays free of auth code). */
  hashPassword(password: string): Promise<string>;
}

/** The demo accounts `npm start` creates; documented in the README. Never seeded in production. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.kollab.se', password: 'demo-admin-2026', role: 'admin', fullName: 'Alva Admin' },
  { email: 'brand@demo.kollab.se', password: 'demo-brand-2026', role: 'brand', fullName: 'Bo Brand' },
  { email: 'creator@demo.kollab.se', password: 'demo-creator-2026', role: 'creator', fullName: 'Cleo Creator' },
] as const;

/** Inserts the demo data; running it again changes nothing. Returns how many users it created. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<number> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email.toLowerCase()));
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (known.has(account.email)) continue;
    const inserted = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await options.hashPassword(account.password),
        role: account.role,
        fullName: account.fullName,
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += inserted.length;
  }
  return created;
}

import type { Database } from '@kollab/db';
import { creatorProfiles, type User, users } from '@kollab/db/schema';
import { hashPassword } from '../modules/auth/password.ts';

let sequence = 0;

export interface UserOptions {
  role?: User['role'];
  email?: string;
  password?: string;
  fullName?: string;
  verified?: boolean;
  locale?: User['locale'];
}

/** Inserts a user (creators get an empty creator profile, as sign-up does). */
export async function createUser(db: Database, options: UserOptions = {}): Promise<User> {
  sequence += 1;
  const role = options.role ?? 'creator';
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `${role}${sequence}-${Date.now()}@example.se`,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      role,
      fullName: options.fullName ?? `Test ${role} ${sequence}`,
      locale: options.locale ?? 'sv',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  if (role === 'creator') await db.insert(creatorProfiles).values({ userId: user.id });
  return user;
}

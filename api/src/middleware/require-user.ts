import type { User } from '@kollab/db/schema';
import type { Context } from 'hono';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/errors.ts';

export type Role = User['role'];

/**
 * The signed-in user.
 * @throws unauthorized without a valid session.
 */
export function requireUser(c: Context<AppEnv>): User {
  const user = c.get('user');
  if (!user) throw new AppError('unauthorized', 'Sign in first');
  return user;
}

/**
 * The signed-in user, if their role is one of `roles`.
 * @throws unauthorized without a session, forbidden for another role.
 */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): User {
  const user = requireUser(c);
  if (!roles.includes(user.role)) throw new AppError('forbidden', `Only for ${roles.join(' or ')} accounts`);
  return user;
}

/**
 * The signed-in user with a verified e-mail address (needed to create campaigns and claims).
 * @throws forbidden while the address is unverified.
 */
export function requireVerifiedUser(c: Context<AppEnv>): User {
  const user = requireUser(c);
  if (!user.emailVerifiedAt) throw new AppError('forbidden', 'Verify your e-mail address first');
  return user;
}

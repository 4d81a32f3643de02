// Sign-in with e-mail and password for the load bench: users whose password hash is a real argon2id
// hash made by the app's own function, so the server verifies every attempt in full.
import type { DatabaseHandle } from '@kollab/db';
import { users } from '@kollab/db/schema';
import type postgres from 'postgres';
import { hashPassword } from '../api/src/modules/auth/password.ts';

const USERS = 16;
const PASSWORD = 'bench-password-4711';
const email = (n: number) => `bench-signin-${n}@example.se`;

export async function seedSignInUsers(db: DatabaseHandle['db']): Promise<void> {
  // One hash shared by every user: the salt is inside it, and verifying costs the same.
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(users).values(
    Array.from({ length: USERS }, (_, n) => ({
      email: email(n),
      role: 'creator' as const,
      fullName: `Sign-in ${n}`,
      passwordHash,
      emailVerifiedAt: new Date(),
    })),
  );
}

/**
 * The form posts the portal sends (`POST /api/auth/callback/credentials`, json=true), round-robin
 * over the users. The form is double-submit: its csrfToken must equal the kollab_csrf cookie.
 */
export async function signInRequests(base: string) {
  const { csrfToken } = (await (await fetch(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  return {
    base,
    paths: ['/api/auth/callback/credentials'],
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `kollab_csrf=${csrfToken}` },
    bodies: Array.from({ length: USERS }, (_, n) =>
      new URLSearchParams({
        csrfToken,
        email: email(n),
        password: PASSWORD,
        callbackUrl: '/app/',
        json: 'true',
      }).toString(),
    ),
  };
}

/**
 * Sessions the sign-in users hold: only a new session proves that a sign-in worked (a wrong password
 * is answered 401 with the sign-in page's URL, which the bench counts as non-2xx).
 */
export async function countSignInSessions(sql: postgres.Sql): Promise<number> {
  const [row] = await sql`select count(*)::int as count from sessions s join users u on u.id = s.user_id
    where u.email like 'bench-signin-%'`;
  return Number(row?.count ?? 0);
}

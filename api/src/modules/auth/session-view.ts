import type { z } from '@hono/zod-openapi';
import type { SessionSchema } from '@kollab/contract/api/auth';
import type { User } from '@kollab/db/schema';

export type SessionView = z.infer<typeof SessionSchema>;

/** Where a user's profile picture is served from, or null. */
export function avatarUrl(user: Pick<User, 'id' | 'avatarKey'>): string | null {
  return user.avatarKey ? `/api/user/avatar/${user.id}?v=${encodeURIComponent(user.avatarKey)}` : null;
}

/** The spec's session object: `{ user: { id, name, email, image, role }, expires }`. */
export function sessionView(user: User, expiresAt: Date): SessionView {
  return {
    user: {
      id: user.id,
      name: user.fullName,
      email: user.email,
      image: avatarUrl(user),
      role: user.role,
      emailVerified: user.emailVerifiedAt !== null,
      locale: user.locale,
      twoFactor: user.twoFactorEnabledAt !== null,
    },
    expires: expiresAt.toISOString(),
  };
}

import type { CreatorProfileView, UpdateCreatorProfileBody } from '@kollab/contract/api/creators';
import { parseSocialHandle, type SocialPlatform } from '@kollab/contract/social-handle';
import type { Database } from '@kollab/db';
import { creatorProfiles, type User } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import { syncLinkedAccounts } from '../verification/verification.service.ts';

function toView(row: typeof creatorProfiles.$inferSelect | undefined): CreatorProfileView {
  return {
    categories: row?.categories ?? [],
    instagramHandle: row?.instagramHandle ?? null,
    instagramFollowers: row?.instagramFollowers ?? null,
    tiktokHandle: row?.tiktokHandle ?? null,
    tiktokFollowers: row?.tiktokFollowers ?? null,
    bio: row?.bio ?? null,
  };
}

export async function getCreatorProfile(db: Database, creator: User): Promise<CreatorProfileView> {
  const [row] = await db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, creator.id));
  return toView(row);
}

/**
 * Saves categories, handles (normalised from `@name` or a profile URL) and bio. A changed handle
 * forgets its follower count until the provider is asked again, and its verification (ADR 032).
 * @throws validation_failed naming each bad handle
 */
export async function updateCreatorProfile(
  db: Database,
  creator: User,
  input: UpdateCreatorProfileBody,
): Promise<CreatorProfileView> {
  const fields: FieldErrors = {};
  const handles: Partial<Record<SocialPlatform, string | null>> = {};
  for (const [platform, value] of [
    ['instagram', input.instagramHandle],
    ['tiktok', input.tiktokHandle],
  ] as const) {
    if (value === undefined) continue;
    if (value === null || value === '') {
      handles[platform] = null;
      continue;
    }
    const parsed = parseSocialHandle(platform, value);
    if (parsed.ok) handles[platform] = parsed.value;
    else fields[`${platform}Handle`] = [parsed.error];
  }
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);

  const current = await getCreatorProfile(db, creator);
  const values = {
    categories: [...new Set(input.categories)],
    ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
    ...('instagram' in handles
      ? {
          instagramHandle: handles.instagram,
          ...(handles.instagram !== current.instagramHandle ? { instagramFollowers: null } : {}),
        }
      : {}),
    ...('tiktok' in handles
      ? { tiktokHandle: handles.tiktok, ...(handles.tiktok !== current.tiktokHandle ? { tiktokFollowers: null } : {}) }
      : {}),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(creatorProfiles)
      .values({ userId: creator.id, ...values })
      .onConflictDoUpdate({ target: creatorProfiles.userId, set: values })
      .returning();
    await syncLinkedAccounts(tx, creator.id, handles);
    return saved;
  });
  return toView(row);
}

import { createRoute } from '@hono/zod-openapi';
import {
  type BrandProfile,
  BrandProfileEnvelopeSchema,
  type UpdateBrandProfileBody,
  UpdateBrandProfileBodySchema,
} from '@kollab/contract/api/brands';
import { parseSocialHandle } from '@kollab/contract/social-handle';
import type { Database } from '@kollab/db';
import { brandProfiles, type User } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { createRouter } from '../../lib/create-router.ts';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import { authErrorResponses, errorResponses } from '../../lib/openapi.ts';
import { parseOrgNumber } from '../../lib/org-number.ts';
import { requireRole } from '../../middleware/require-user.ts';

function toView(row: typeof brandProfiles.$inferSelect | undefined): BrandProfile | null {
  if (!row) return null;
  const { companyName, orgNumber, website, instagramHandle, instagramPosts, instagramFollowers, instagramFollowing } =
    row;
  return { companyName, orgNumber, website, instagramHandle, instagramPosts, instagramFollowers, instagramFollowing };
}

/**
 * Saves the brand's company details; the Instagram handle is normalised like creators' handles.
 * @throws validation_failed naming the bad field
 */
async function saveBrandProfile(db: Database, brand: User, input: UpdateBrandProfileBody) {
  const fields: FieldErrors = {};
  let orgNumber: string | null | undefined = input.orgNumber === '' ? null : input.orgNumber;
  if (orgNumber) {
    const parsed = parseOrgNumber(orgNumber);
    if (parsed.ok) orgNumber = parsed.value;
    else fields.orgNumber = [parsed.error];
  }
  let instagramHandle: string | null | undefined = input.instagramHandle === '' ? null : input.instagramHandle;
  if (instagramHandle) {
    const parsed = parseSocialHandle('instagram', instagramHandle);
    if (parsed.ok) instagramHandle = parsed.value;
    else fields.instagramHandle = [parsed.error];
  }
  if (Object.keys(fields).length) throw AppError.validation(fields);
  const values = {
    companyName: input.companyName,
    ...(orgNumber !== undefined ? { orgNumber } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...(instagramHandle !== undefined ? { instagramHandle } : {}),
  };
  const [row] = await db
    .insert(brandProfiles)
    .values({ userId: brand.id, ...values })
    .onConflictDoUpdate({ target: brandProfiles.userId, set: values })
    .returning();
  return toView(row);
}

const response = {
  description: 'The brand profile',
  content: { 'application/json': { schema: BrandProfileEnvelopeSchema } },
};

export const brandRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/brand-profile',
      tags: ['Brands'],
      summary: 'Your brand profile (null until saved)',
      responses: { 200: response, ...errorResponses, ...authErrorResponses },
    }),
    async (c) => {
      const brand = requireRole(c, 'brand');
      const [row] = await c.get('db').select().from(brandProfiles).where(eq(brandProfiles.userId, brand.id));
      return c.json({ data: toView(row) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/brand-profile',
      tags: ['Brands'],
      summary: 'Save company name, organisation number, website and Instagram handle',
      request: { body: { content: { 'application/json': { schema: UpdateBrandProfileBodySchema } }, required: true } },
      responses: { 200: response, ...errorResponses, ...authErrorResponses },
    }),
    async (c) => {
      const brand = requireRole(c, 'brand');
      return c.json({ data: await saveBrandProfile(c.get('db'), brand, c.req.valid('json')) }, 200);
    },
  );

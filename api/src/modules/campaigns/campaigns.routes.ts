import { createRoute, z } from '@hono/zod-openapi';
import {
  CampaignEnvelopeSchema,
  CampaignPageSchema,
  CampaignSpendSchema,
  CreateCampaignBodySchema,
  ListCampaignsQuerySchema,
  MatchListSchema,
  UpdateCampaignBodySchema,
} from '@kollab/contract/api/campaigns';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { campaigns } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { prepareJson, sendPreparedJson } from '../../lib/compress-json.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { processImage, resizeWebp } from '../../lib/images.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { resolveStaticFile, sendFile } from '../../lib/static-files.ts';
import { generateToken } from '../../lib/tokens.ts';
import { readUploadedFile } from '../../lib/uploads.ts';
import { requireRole, requireUser, requireVerifiedUser } from '../../middleware/require-user.ts';
import { campaignAnswersOf } from './campaign-answers.ts';
import { listCampaigns } from './campaign-list.query.ts';
import { toCampaignViews } from './campaign-view.ts';
import {
  createCampaign,
  getCampaignSpend,
  getCampaignView,
  getOwnCampaign,
  getVisibleCampaign,
  updateCampaign,
} from './campaigns.service.ts';
import { coverVariantKey, DEMO_COVERS_DIR, isDemoCoverKey, UPLOAD_COVER_WIDTHS } from './covers.ts';
import { listMatches } from './matches.service.ts';
import { type CampaignAction, changeCampaignStatus } from './publishing.service.ts';

const tags = ['Campaigns'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('Not found or not yours') };
/** A demo cover's file name: `<slug>.<hash>-<width>.webp` (scripts/demo-covers.ts). */
const DemoCoverParamSchema = z.object({
  file: z
    .string()
    .regex(/^[a-z0-9-]+\.[0-9a-f]{10}-[0-9]{3,4}\.webp$/)
    .openapi({ param: { name: 'file', in: 'path' }, example: 'fjallrost.0123456789-800.webp' }),
});

const CoverQuerySchema = z.object({
  v: z.string().optional().openapi({ description: 'The cover key the campaign view gave (a version)' }),
  w: z.enum(['480', '800']).optional().openapi({ description: 'A smaller copy; the full image is 1200 px wide' }),
});

const conflict = { 409: errorContent('Not allowed in the current state') };

function statusRoute(action: CampaignAction, summary: string) {
  return createRoute({
    method: 'post',
    path: `/campaigns/{id}/${action}`,
    tags,
    summary,
    request: { params: IdParamSchema },
    responses: { 200: jsonContent(CampaignEnvelopeSchema, 'The campaign'), ...common, ...conflict },
  });
}

const router = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns',
      tags,
      summary: 'Campaigns: creators see published ones, brands their own, admins all',
      request: { query: ListCampaignsQuerySchema },
      responses: { 200: jsonContent(CampaignPageSchema, 'A page of campaigns'), ...common },
    }),
    async (c) => {
      const user = requireUser(c);
      const query = c.req.valid('query');
      const answers =
        user.role === 'creator' ? campaignAnswersOf(c.get('bus'), c.get('env').INSTANCE_CACHE_MS) : undefined;
      // A creator's answer kept in memory goes out without asking PostgreSQL (ADR 035).
      const asked = answers ? JSON.stringify(query) : '';
      const kept = answers?.get(user.id, asked);
      if (kept) return sendPreparedJson(c, kept) as never;
      const ticket = answers?.ticket() ?? 0;
      const answer = await listCampaigns(c.get('db'), user, query);
      if (answers?.enabled && answer.source) {
        const prepared = 'prepared' in answer ? answer.prepared : prepareJson(JSON.stringify(answer.page));
        answers.keep(user.id, asked, Boolean(query.q), prepared, answer.source, ticket);
        return sendPreparedJson(c, prepared) as never;
      }
      return 'prepared' in answer ? (sendPreparedJson(c, answer.prepared) as never) : c.json(answer.page, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/campaigns',
      tags,
      summary: 'Create a draft campaign (brands with a verified e-mail)',
      request: { body: { content: { 'application/json': { schema: CreateCampaignBodySchema } }, required: true } },
      responses: { 201: jsonContent(CampaignEnvelopeSchema, 'The draft'), ...common },
    }),
    async (c) => {
      requireRole(c, 'brand');
      const brand = requireVerifiedUser(c);
      return c.json({ data: await createCampaign(c.get('db'), brand, c.req.valid('json')) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}',
      tags,
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(CampaignEnvelopeSchema, 'The campaign'), ...common },
    }),
    async (c) => c.json({ data: await getCampaignView(c.get('db'), requireUser(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/campaigns/{id}',
      tags,
      summary: 'Edit a campaign (money terms are locked once published)',
      request: {
        params: IdParamSchema,
        body: { content: { 'application/json': { schema: UpdateCampaignBodySchema } }, required: true },
      },
      responses: { 200: jsonContent(CampaignEnvelopeSchema, 'The campaign'), ...common, ...conflict },
    }),
    async (c) => {
      const actor = requireRole(c, 'brand', 'admin');
      const view = await updateCampaign(c.get('db'), actor, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ data: view }, 200);
    },
  )
  .openapi(statusRoute('publish', 'Publish a draft and invite the best-matching creators'), async (c) => {
    const actor = requireRole(c, 'brand', 'admin');
    return c.json({ data: await changeCampaignStatus(c.var, actor, c.req.valid('param').id, 'publish') }, 200);
  })
  .openapi(statusRoute('pause', 'Pause a published campaign'), async (c) => {
    const actor = requireRole(c, 'brand', 'admin');
    return c.json({ data: await changeCampaignStatus(c.var, actor, c.req.valid('param').id, 'pause') }, 200);
  })
  .openapi(statusRoute('resume', 'Resume a paused campaign'), async (c) => {
    const actor = requireRole(c, 'brand', 'admin');
    return c.json({ data: await changeCampaignStatus(c.var, actor, c.req.valid('param').id, 'resume') }, 200);
  })
  .openapi(statusRoute('cancel', 'Cancel a campaign; pending claims and invitations are withdrawn'), async (c) => {
    const actor = requireRole(c, 'brand', 'admin');
    return c.json({ data: await changeCampaignStatus(c.var, actor, c.req.valid('param').id, 'cancel') }, 200);
  })
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/spend',
      tags,
      summary: 'Committed spend (accepted payouts) and remaining budget',
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(z.object({ data: CampaignSpendSchema }), 'Spend'),
        ...common,
      },
    }),
    async (c) => {
      const actor = requireRole(c, 'brand', 'admin');
      return c.json({ data: await getCampaignSpend(c.get('db'), actor, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/matches',
      tags,
      summary: 'The invited creators with match scores and reasons',
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(MatchListSchema, 'Matches'), ...common },
    }),
    async (c) => {
      const actor = requireRole(c, 'brand', 'admin');
      return c.json({ data: await listMatches(c.get('db'), actor, c.req.valid('param').id) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/campaigns/{id}/cover',
      tags,
      summary: 'Upload the cover image (JPEG, PNG or WebP, at most 5 MB)',
      request: {
        params: IdParamSchema,
        body: {
          content: {
            'multipart/form-data': {
              schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary' }) }),
            },
          },
          required: true,
        },
      },
      responses: { 200: jsonContent(CampaignEnvelopeSchema, 'The campaign'), ...common },
    }),
    async (c) => {
      const actor = requireRole(c, 'brand', 'admin');
      const campaign = await getOwnCampaign(c.get('db'), actor, c.req.valid('param').id);
      const image = await processImage(await readUploadedFile(c), { width: 1200, height: 630 });
      const key = `covers/${campaign.id}/${generateToken(10)}.webp`;
      const storage = c.get('storage');
      await storage.put(key, image, 'image/webp');
      for (const width of UPLOAD_COVER_WIDTHS) {
        await storage.put(coverVariantKey(key, width), await resizeWebp(image, width), 'image/webp');
      }
      const [row] = await c
        .get('db')
        .update(campaigns)
        .set({ coverKey: key })
        .where(eq(campaigns.id, campaign.id))
        .returning();
      if (campaign.coverKey && !isDemoCoverKey(campaign.coverKey)) {
        const old = campaign.coverKey;
        for (const stale of [old, ...UPLOAD_COVER_WIDTHS.map((width) => coverVariantKey(old, width))]) {
          await storage.delete(stale);
        }
      }
      const [view] = await toCampaignViews(c.get('db'), actor, row ? [row] : []);
      if (!view) throw new AppError('not_found', 'Campaign not found');
      return c.json({ data: view }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/cover',
      tags,
      request: { params: IdParamSchema, query: CoverQuerySchema },
      responses: { 200: { description: 'WebP image', content: { 'image/webp': { schema: z.any() } } }, ...common },
    }),
    async (c) => {
      const row = await getVisibleCampaign(c.get('db'), requireUser(c), c.req.valid('param').id);
      const { v: version, w: width } = c.req.valid('query');
      const storage = c.get('storage');
      // A cover uploaded before the smaller copies existed has only its 1200 px image.
      const variant = row.coverKey && width ? await storage.get(coverVariantKey(row.coverKey, Number(width))) : null;
      const file = variant ?? (row.coverKey ? await storage.get(row.coverKey) : null);
      if (!file) throw new AppError('not_found', 'No cover image');
      return c.body(new Uint8Array(file.data), 200, {
        'Content-Type': file.contentType,
        // Only the URL of the current upload (its key as `v`) may be kept for good; it is a signed-in
        // user's image, so by the browser only.
        'Cache-Control': version === row.coverKey ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/demo-covers/{file}',
      tags,
      summary: 'A demo campaign cover at one width (public; the name changes with the image, so cached for a year)',
      request: { params: DemoCoverParamSchema },
      responses: {
        200: { description: 'WebP image', content: { 'image/webp': { schema: z.any() } } },
        ...errorResponses,
        404: errorContent('No such cover'),
      },
    }),
    async (c) => {
      const file = await resolveStaticFile(DEMO_COVERS_DIR, c.req.valid('param').file);
      if (!file || file === 'directory') throw new AppError('not_found', 'No such cover');
      return sendFile(c, file, { immutable: true });
    },
  );

export const campaignRoutes = router;

import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '@kollab/contract/api/fields';
import {
  AdLabelFlagSchema,
  CampaignResultsSchema,
  ResultsOverviewRowSchema,
  TrackedPostSchema,
} from '@kollab/contract/api/results';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { type PreparedJson, prepareJson, sendPreparedJson } from '../../lib/compress-json.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { noneMatch } from '../../lib/if-none-match.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import { adLabelFlags, campaignResults, claimPost, resultsOverview, resultsVersion } from './results.service.ts';
import { resultsCsv, resultsPdf } from './results-export.ts';
import { currentPost, requestCheck } from './tracking.service.ts';

const tags = ['Results'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('Not found or not yours') };
const fileResponse = (type: string) => ({
  200: { description: type, content: { [type]: { schema: z.string().meta({ format: 'binary' }) } } },
  ...common,
});
/** Prepared answers per campaign (one version each), at most 32 MiB and 1,000 campaigns per instance. */
const prepared = new BoundedCache<{ version: string; json: PreparedJson }>(32 * 1024 * 1024, 1_000);
const CHECKS_PER_HOUR = { limit: 5, windowSeconds: 3600 };
const localeOf = (locale: string | null | undefined) => (locale === 'en' ? 'en' : 'sv');

export const resultsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/results',
      tags,
      summary:
        "The campaign's brand or an admin: each accepted post's readings and figures (CPV, CPM, CPE), the totals and this month's tracking budget",
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(z.object({ data: CampaignResultsSchema }), 'Results'),
        304: { description: 'Not modified since the ETag sent in If-None-Match' },
        ...common,
      },
    }),
    async (c) => {
      const user = requireRole(c, 'brand', 'admin');
      const id = c.req.valid('param').id;
      // Results change only when a post is read or a claim or the campaign changes: the answer is
      // serialised and compressed once per version, and a browser holding it gets 304.
      const version = await resultsVersion(c.get('db'), user, id);
      const etag = `W/"${createHash('sha256').update(`${id}|${version}`).digest('base64url').slice(0, 27)}"`;
      if (noneMatch(c.req.header('If-None-Match'), etag))
        return c.body(null, 304, { ETag: etag, 'Cache-Control': 'private, no-cache' }) as never;
      let cached = prepared.get(id);
      if (cached?.version !== version) {
        const results = await campaignResults(c.get('db'), c.get('env'), user, id);
        cached = { version, json: prepareJson(JSON.stringify({ data: results })) };
        prepared.set(id, cached, cached.json.bytes);
      }
      return sendPreparedJson(c, cached.json, etag) as never;
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/results.csv',
      tags,
      summary: 'The results as CSV: one row per post and reading',
      request: { params: IdParamSchema },
      responses: fileResponse('text/csv'),
    }),
    async (c) => {
      const user = requireRole(c, 'brand', 'admin');
      const results = await campaignResults(c.get('db'), c.get('env'), user, c.req.valid('param').id);
      return c.body(resultsCsv(results, localeOf(user.locale)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="kollab-results-${results.campaign.id}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/campaigns/{id}/results.pdf',
      tags,
      summary: 'The results as a PDF report with the views over time',
      request: { params: IdParamSchema },
      responses: fileResponse('application/pdf'),
    }),
    async (c) => {
      const user = requireRole(c, 'brand', 'admin');
      const results = await campaignResults(c.get('db'), c.get('env'), user, c.req.valid('param').id);
      const pdf = await resultsPdf(results, localeOf(user.locale));
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="kollab-results-${results.campaign.id}.pdf"`,
        'Cache-Control': 'no-store',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/claims/{id}/post',
      tags,
      summary:
        "The claim's creator, brand or an admin: the submitted post's ad-label verdict and, once accepted, its readings",
      request: { params: IdParamSchema },
      responses: { 200: jsonContent(z.object({ data: TrackedPostSchema.nullable() }), 'The post, or null'), ...common },
    }),
    async (c) => c.json({ data: await claimPost(c.get('db'), requireUser(c), c.req.valid('param').id) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/claims/{id}/post/check',
      tags,
      summary: "The claim's creator, brand or an admin: check the post's caption again (after it was edited)",
      request: { params: IdParamSchema },
      responses: {
        202: jsonContent(z.object({ data: z.object({ queued: z.literal(true) }) }), 'The check is queued'),
        ...common,
        409: errorContent('The post was removed, or replaced by a newer submission'),
        429: errorContent('Five checks an hour per post'),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const id = c.req.valid('param').id;
      // claimPost checks that the caller is a party to the claim.
      if (!(await claimPost(c.get('db'), user, id))) throw new AppError('not_found', 'Nothing was submitted');
      const post = await currentPost(c.get('db'), id);
      if (!post) throw new AppError('not_found', 'Nothing was submitted');
      if (post.status === 'disappeared') throw new AppError('conflict', 'The post was removed');
      if (post.status === 'finished') throw new AppError('conflict', 'The post is no longer tracked');
      // Each check is a raw request Kollab pays for: a few an hour per post are plenty for fixing a caption.
      await enforceRateLimit(c.get('db'), `post-check:${post.id}`, CHECKS_PER_HOUR);
      await requestCheck(c.get('db'), c.get('jobs'), post);
      return c.json({ data: { queued: true as const } }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/results',
      tags,
      summary: 'Admin: results across campaigns with tracked posts',
      responses: { 200: jsonContent(z.object({ data: z.array(ResultsOverviewRowSchema) }), 'Campaigns'), ...common },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return c.json({ data: await resultsOverview(c.get('db')) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/ad-label-flags',
      tags,
      summary: 'Admin: posts whose caption failed the ad-label check',
      responses: { 200: jsonContent(z.object({ data: z.array(AdLabelFlagSchema) }), 'Flagged posts'), ...common },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return c.json({ data: await adLabelFlags(c.get('db')) }, 200);
    },
  );

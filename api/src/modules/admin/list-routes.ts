import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Database } from '@kollab/db';
import { recordAudit } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { authErrorResponses, errorResponses } from '../../lib/openapi.ts';
import { requireRole } from '../../middleware/require-user.ts';
import { type CsvColumn, EXPORT_LIMIT, toCsv, type Window, windowOf } from './list-query.ts';

type PageQuery = { page: number; pageSize: number; cursor?: string };

export interface AdminListSpec<Q extends z.ZodObject, R extends z.ZodType> {
  /** The path segment: `/admin/<resource>` and `/admin/<resource>/export`. */
  resource: string;
  /** What the rows are, for summaries ("users"). */
  noun: string;
  query: Q;
  row: R;
  list: (
    db: Database,
    query: z.output<Q>,
    window: Window,
  ) => Promise<{ data: z.output<R>[]; total: number; totalIsEstimate?: boolean; nextCursor?: string | null }>;
  csv: CsvColumn<z.output<R>>[];
}

const tags = ['Admin'];

/**
 * Adds `GET /admin/<resource>` (a page of rows and the total) and `GET /admin/<resource>/export`
 * (every filtered row, up to EXPORT_LIMIT, as CSV; page and pageSize are ignored). Exports are audited.
 */
export function addAdminList<Q extends z.ZodObject, R extends z.ZodType>(
  router: OpenAPIHono<AppEnv>,
  spec: AdminListSpec<Q, R>,
): void {
  const page = z.object({
    data: z.array(spec.row),
    total: z.number(),
    /** Past 10,000 matching rows the total is the planner's estimate (ADR 036). */
    totalIsEstimate: z.boolean().optional(),
    /** Lists with keyset pages (ADR 036): pass as `cursor` for the page after this one; null after the last. */
    nextCursor: z.string().nullable().optional(),
  });
  // Typed as a plain object here: the handlers read the validated query through `Q` below.
  const query: z.ZodObject = spec.query;
  router.openapi(
    createRoute({
      method: 'get',
      path: `/admin/${spec.resource}`,
      tags,
      summary: `Admin: a page of ${spec.noun} (sort and filters from a fixed list)`,
      request: { query },
      responses: {
        200: { description: `A page of ${spec.noun}`, content: { 'application/json': { schema: page } } },
        ...errorResponses,
        ...authErrorResponses,
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const parsed = c.req.valid('query') as z.output<Q> & PageQuery;
      return c.json(await spec.list(c.get('db'), parsed, windowOf(parsed)), 200);
    },
  );
  router.openapi(
    createRoute({
      method: 'get',
      path: `/admin/${spec.resource}/export`,
      tags,
      summary: `Admin: the filtered ${spec.noun} as CSV (at most ${EXPORT_LIMIT} rows)`,
      request: { query },
      responses: {
        200: { description: 'CSV, every cell quoted', content: { 'text/csv': { schema: z.string() } } },
        ...errorResponses,
        ...authErrorResponses,
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const {
        page: _page,
        pageSize: _pageSize,
        cursor: _cursor,
        ...filters
      } = c.req.valid('query') as z.output<Q> & PageQuery;
      const { data } = await spec.list(c.get('db'), filters as z.output<Q>, { limit: EXPORT_LIMIT, offset: 0 });
      const entity = { type: spec.resource, id: 'export' };
      await recordAudit(c.get('db'), admin, 'admin.export', entity, { rows: data.length, query: filters });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(toCsv(spec.csv, data), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="kollab-${spec.resource}-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
}

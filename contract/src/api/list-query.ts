import { z } from 'zod';

/*
 * The admin tables' query parameters: page, pageSize, sort, order and a whitelist of filters per
 * resource. Query schemas are strict, so any other parameter is a 422 naming it; the API maps sort
 * fields to columns through a fixed table (api/src/modules/admin/list-query.ts).
 */

/** page (1–10 000) and pageSize (1–100, default 25). Exports ignore both. */
export const pageParams = {
  page: z.coerce.number().int().min(1).max(10_000).default(1).meta({ example: 1 }),
  pageSize: z.coerce.number().int().min(1).max(100).default(25).meta({ example: 25 }),
};

/**
 * page, pageSize and `cursor` (the previous page's `nextCursor`): with a cursor the page starts right
 * after that page's last row, which costs the same on page 1,000 as on page 1 (ADR 036); `page`
 * then only says which page the client shows. Without a cursor a page must start within the first
 * NUMBERED_PAGES_ROWS rows (422 naming `page` otherwise).
 */
export const keysetPageParams = {
  ...pageParams,
  cursor: z.string().trim().min(1).max(400).optional().meta({ description: "The previous page's nextCursor" }),
};

/**
 * What a list with keyset pages answers beside its rows (ADR 036): the total (counted up to 10,000,
 * the planner's estimate past that) and the cursor of the next page.
 */
export const keysetAnswerFields = {
  total: z.number(),
  totalIsEstimate: z.boolean().meta({ description: "The total is the planner's estimate (over 10,000 rows match)" }),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the page after this one; null after the last' }),
};

/** `sort` from the resource's fields and `order` (default newest first). */
export function sortParams<const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) {
  return {
    sort: z.enum(fields).default(fallback as never),
    order: z.enum(['asc', 'desc']).default('desc'),
  };
}

/** A free-text search term (1–100 characters after trimming). */
export const SearchParam = z.string().trim().min(1).max(100).optional();
/** An id filter. */
export const IdFilter = z.string().trim().min(1).max(64).optional();
/** A yes/no filter (`suspended=yes`). */
export const YesNoFilter = z.enum(['yes', 'no']).optional();

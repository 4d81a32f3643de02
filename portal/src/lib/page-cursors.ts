/** List shapes (resource, sort, filters, page size) whose cursors are remembered; the oldest is forgotten first. */
const SHAPES_KEPT = 20;

/**
 * The `nextCursor` each list page answered, per list shape and page number (ADR 036). Asking for
 * page N+1 with page N's cursor costs the API the same on page 1,000 as on page 1; a page not
 * reached by paging forward is still asked for by its number.
 */
const cursors = new Map<string, Map<number, string>>();

/** The cursors of one list shape (the API path with its query, without page or cursor), by page number. */
export function pageCursors(shape: string): Map<number, string> {
  let pages = cursors.get(shape);
  if (pages) cursors.delete(shape);
  else pages = new Map();
  cursors.set(shape, pages);
  for (const oldest of cursors.keys()) {
    if (cursors.size <= SHAPES_KEPT) break;
    cursors.delete(oldest);
  }
  return pages;
}

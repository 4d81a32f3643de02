/**
 * How an admin grid counts its rows. Up to 10,000 matching rows the API counts exactly; past that
 * it answers the planner's estimate with `totalIsEstimate` (ADR 036), and the grid pages on while
 * pages come back full instead of trusting the estimate for the last page.
 */
export type GridCount =
  | { rowCount: number }
  | { rowCount: -1; estimatedRowCount: number; paginationMeta: { hasNextPage: boolean } };

export function gridCount(total: number, totalIsEstimate: boolean, rowsOnPage: number, pageSize: number): GridCount {
  if (!totalIsEstimate) return { rowCount: total };
  return { rowCount: -1, estimatedRowCount: total, paginationMeta: { hasNextPage: rowsOnPage >= pageSize } };
}

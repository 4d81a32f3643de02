import { describe, expect, it } from 'vitest';
import { gridCount } from './grid-count';

describe('gridCount', () => {
  it('counts exactly when the API counted', () => {
    expect(gridCount(1_234, false, 25, 25)).toEqual({ rowCount: 1_234 });
  });

  it('pages on from an estimate while pages come back full, and stops at a short page', () => {
    expect(gridCount(1_000_000, true, 25, 25)).toEqual({
      rowCount: -1,
      estimatedRowCount: 1_000_000,
      paginationMeta: { hasNextPage: true },
    });
    expect(gridCount(1_000_000, true, 7, 25)).toEqual({
      rowCount: -1,
      estimatedRowCount: 1_000_000,
      paginationMeta: { hasNextPage: false },
    });
  });
});

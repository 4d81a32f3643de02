/**
 * The similarity measures behind the "semantic" parts of the sample provider: `relevance`
 * (@user lookalikes), `audienceRelevance`, report lookalikes and audience overlap. Simple,
 * documented formulas so tests can recompute them.
 */
import type { SampleProfile, WeightedId } from './dataset.ts';

/** |A ∩ B| / |A ∪ B| over interest ids. */
export function interestJaccard(a: SampleProfile, b: SampleProfile): number {
  let shared = 0;
  for (const id of a.interests) if (b.interests.includes(id)) shared++;
  const union = a.interests.length + b.interests.length - shared;
  return union === 0 ? 0 : shared / union;
}

/** Histogram intersection Σ min(a, b) of two weighted id lists (1 = identical distributions). */
export function histogramOverlap(a: readonly WeightedId[], b: readonly WeightedId[]): number {
  let sum = 0;
  for (const entry of a) {
    const other = b.find((candidate) => candidate.id === entry.id);
    if (other) sum += Math.min(entry.weight, other.weight);
  }
  return sum;
}

/** How alike two audiences are: the mean of their country and interest overlaps (0…1). */
export function audienceSimilarity(a: SampleProfile, b: SampleProfile): number {
  return (
    (histogramOverlap(a.audience.countries, b.audience.countries) +
      histogramOverlap(a.audience.interests, b.audience.interests)) /
    2
  );
}

/** `relevance: ["@user"]` matches creators whose interests overlap the named one's by at least this Jaccard index. */
export const LOOKALIKE_MIN_JACCARD = 0.5;
/** `audienceRelevance: ["@user"]` matches creators whose audience similarity reaches this. */
export const AUDIENCE_LOOKALIKE_MIN = 0.5;

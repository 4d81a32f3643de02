/**
 * A small seeded random source. The sample provider must answer the same data on every run and on
 * every machine, so it never touches `Math.random`.
 */

/** Mixes integers into one 32-bit seed (murmur3-style finaliser), e.g. a profile's sub-seed from its index. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Hashes a string to 32 bits (FNV-1a), for seeds derived from hashtags or emails. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: fast, 32-bit state, good enough for synthetic data (not for anything secret). */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  private spare: number | undefined;

  /** Standard normal (Box–Muller; the second value of each pair is kept for the next call). */
  normal(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }

  /** Index drawn with probability proportional to `weights`. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const weight of weights) total += weight;
    let roll = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return i;
    }
    return weights.length - 1;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    if (n * 2 > items.length) {
      // Partial Fisher–Yates on a copy when most of the list is wanted.
      const copy = items.slice();
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(this.next() * (copy.length - i));
        const swap = copy[i] as T;
        copy[i] = copy[j] as T;
        copy[j] = swap;
      }
      copy.length = n;
      return copy;
    }
    // Rejection sampling when only a few are wanted: no copy of the list.
    const chosen: number[] = [];
    while (chosen.length < n) {
      const index = Math.floor(this.next() * items.length);
      if (!chosen.includes(index)) chosen.push(index);
    }
    return chosen.map((index) => items[index] as T);
  }
}

/** Scales non-negative weights so they sum to exactly 1 (the last entry absorbs rounding). */
export function normalise(weights: number[], digits = 4): number[] {
  let total = 0;
  for (const weight of weights) total += weight;
  const rounded = new Array<number>(weights.length);
  if (total <= 0) {
    rounded.fill(0);
    rounded[0] = 1;
    return rounded;
  }
  const factor = 10 ** digits;
  let sum = 0;
  let largest = 0;
  for (let i = 0; i < weights.length; i++) {
    const value = Math.round(((weights[i] ?? 0) / total) * factor) / factor;
    rounded[i] = value;
    sum += value;
    if (value > (rounded[largest] ?? 0)) largest = i;
  }
  rounded[largest] = Math.round(((rounded[largest] ?? 0) + 1 - sum) * factor) / factor;
  return rounded;
}

/**
 * Seeded pseudo-random numbers for the seed generator. Math.random is never used, so the same seed always gives the
 * same catalogue.
 */

/** A deterministic random source with the few helpers the generator needs. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with the given relative weights (same length as `items`). */
  pickWeighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** `count` distinct elements, in the order of `items`. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A UUID-shaped (version 4 layout) id made from the stream, so ids are stable per seed. */
  uuid(): string;
};

/** mulberry32: a tiny, fast 32-bit generator; good enough for test data, not for secrets. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Mixes a seed with a stream name or index, so each product gets its own stream: product N is then the same whatever
 * the catalogue size, and a small test catalogue is a prefix of the big one.
 */
export function deriveSeed(seed: number, ...parts: Array<string | number>): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const part of parts) {
    const text = String(part);
    for (let index = 0; index < text.length; index++) {
      hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
    }
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35) >>> 0;
    hash = (hash ^ (hash >>> 16)) >>> 0;
  }
  return hash;
}

/** Creates a random source from a 32-bit seed. */
export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    pickWeighted: (items, weights) => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let threshold = next() * total;
      for (let index = 0; index < items.length; index++) {
        threshold -= weights[index] ?? 0;
        if (threshold < 0) return items[index] as (typeof items)[number];
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    sample: (items, count) => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, items.length);
      while (chosen.size < wanted) chosen.add(Math.floor(next() * items.length));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index] as (typeof items)[number]);
    },
    uuid: () => {
      let hex = '';
      for (let index = 0; index < 4; index++) hex += int(0, 0xffffffff).toString(16).padStart(8, '0');
      const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}

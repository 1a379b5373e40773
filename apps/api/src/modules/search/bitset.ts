// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
/**
 * Fixed-size bitsets over document numbers, stored as 32-bit words.
 *
 * The search index keeps one bitset per facet value and combines them with word-wise AND/OR: 100k documents are
 * 3,125 words, so an intersection or a population count is a few microseconds (see docs/decisions, search index).
 */
export type Bitset = Uint32Array;

/** Number of 32-bit words needed for `size` bits. */
export function countWords(size: number): number {
  return (size + 31) >>> 5;
}

/** A bitset with no bit set. */
export function createEmptyBitset(size: number): Bitset {
  return new Uint32Array(countWords(size));
}

/** A bitset with bits 0 … size-1 set (and the unused high bits of the last word clear). */
export function createFullBitset(size: number): Bitset {
  const bits = new Uint32Array(countWords(size)).fill(0xffffffff);
  const rest = size & 31;
  if (rest !== 0) bits[bits.length - 1] = (2 ** rest - 1) >>> 0;
  return bits;
}

/** Sets bit `index`. */
export function setBit(bits: Bitset, index: number): void {
  bits[index >>> 5]! |= 1 << (index & 31);
}

/** Whether bit `index` is set. */
export function hasBit(bits: Bitset, index: number): boolean {
  return (bits[index >>> 5]! & (1 << (index & 31))) !== 0;
}

/** target &= other, in place. Returns target. */
export function intersectInto(target: Bitset, other: Bitset): Bitset {
  for (let w = 0; w < target.length; w++) target[w]! &= other[w]!;
  return target;
}

/** target |= other, in place. Returns target. */
export function uniteInto(target: Bitset, other: Bitset): Bitset {
  for (let w = 0; w < target.length; w++) target[w]! |= other[w]!;
  return target;
}

/** Population count of one 32-bit word (SWAR). */
export function countWordBits(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of set bits. */
export function countBits(bits: Bitset): number {
  let total = 0;
  for (let w = 0; w < bits.length; w++) total += countWordBits(bits[w]!);
  return total;
}

/** Number of bits set in both `a` and `b`, without allocating. */
export function countIntersection(a: Bitset, b: Bitset): number {
  let total = 0;
  for (let w = 0; w < a.length; w++) {
    let x = a[w]! & b[w]!;
    if (x === 0) continue;
    // countWordBits, inlined: this loop is the hottest of facet counting.
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return total;
}

/** Calls `visit` with every set bit, in ascending order. */
export function forEachBit(bits: Bitset, visit: (index: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      visit((w << 5) + 31 - Math.clz32(lowest));
      word ^= lowest;
    }
  }
}

/** The set bits as an ascending array of indexes. */
export function listBits(bits: Bitset): Uint32Array {
  const out = new Uint32Array(countBits(bits));
  let next = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const lowest = word & -word;
      out[next++] = (w << 5) + 31 - Math.clz32(lowest);
      word ^= lowest;
    }
  }
  return out;
}

// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import { type Bitset, countBits, listBits } from './bitset.ts';

/**
 * The documents matching some filters: the bitset plus, computed once on demand and shared by every facet counted
 * over it, the ascending list of matches and of non-matches (the complement, for counting near-full sets).
 */
export class MatchSet {
  readonly bits: Bitset;
  readonly count: number;
  readonly size: number;
  #list: Uint32Array | undefined;
  #complement: Uint32Array | undefined;

  constructor(bits: Bitset, size: number) {
    this.bits = bits;
    this.size = size;
    this.count = countBits(bits);
  }

  /** The matching documents, ascending. */
  list(): Uint32Array {
    this.#list ??= listBits(this.bits);
    return this.#list;
  }

  /** The documents that do not match, ascending. */
  listComplement(): Uint32Array {
    if (this.#complement === undefined) {
      const complement = new Uint32Array(this.size - this.count);
      let next = 0;
      for (let w = 0; w < this.bits.length; w++) {
        // Bits past `size` in the last word are never documents.
        const valid = w === this.bits.length - 1 && (this.size & 31) !== 0 ? 2 ** (this.size & 31) - 1 : 0xffffffff;
        let word = ~this.bits[w]! & valid;
        while (word !== 0) {
          const lowest = word & -word;
          complement[next++] = (w << 5) + 31 - Math.clz32(lowest);
          word ^= lowest;
        }
      }
      this.#complement = complement;
    }
    return this.#complement;
  }
}

import { describe, expect, it } from 'vitest';
import {
  countBits,
  countIntersection,
  countWordBits,
  createEmptyBitset,
  createFullBitset,
  forEachBit,
  hasBit,
  intersectInto,
  listBits,
  setBit,
  uniteInto,
} from './bitset.ts';

describe('bitset', () => {
  it.each([0, 1, 31, 32, 33, 64, 100])('a full bitset of %i has exactly that many bits', (size) => {
    const bits = createFullBitset(size);
    expect(countBits(bits)).toBe(size);
    expect([...listBits(bits)]).toEqual(Array.from({ length: size }, (_, index) => index));
  });

  it('sets, tests, lists and visits bits in ascending order', () => {
    const bits = createEmptyBitset(70);
    for (const index of [69, 0, 31, 32, 5]) setBit(bits, index);
    expect(hasBit(bits, 31)).toBe(true);
    expect(hasBit(bits, 30)).toBe(false);
    expect([...listBits(bits)]).toEqual([0, 5, 31, 32, 69]);
    const visited: number[] = [];
    forEachBit(bits, (index) => visited.push(index));
    expect(visited).toEqual([0, 5, 31, 32, 69]);
  });

  it('intersects, unites and counts intersections', () => {
    const a = createEmptyBitset(64);
    const b = createEmptyBitset(64);
    for (const index of [1, 2, 40]) setBit(a, index);
    for (const index of [2, 40, 63]) setBit(b, index);
    expect(countIntersection(a, b)).toBe(2);
    expect([...listBits(intersectInto(a.slice(), b))]).toEqual([2, 40]);
    expect([...listBits(uniteInto(a.slice(), b))]).toEqual([1, 2, 40, 63]);
  });

  it.each([
    [0, 0],
    [1, 1],
    [0xffffffff, 32],
    [0x80000000, 1],
    [0x55555555, 16],
  ])('counts the bits of word %i as %i', (word, expected) => {
    expect(countWordBits(word)).toBe(expected);
  });
});

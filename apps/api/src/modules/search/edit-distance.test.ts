import { describe, expect, it } from 'vitest';
import { editDistance, isOneEditAway } from './edit-distance.ts';

describe('edit distances (Damerau–Levenshtein, optimal string alignment)', () => {
  it.each([
    ['snowbord', 'snowboard', 1],
    ['snowboard', 'snowbord', 1],
    ['hlemet', 'helmet', 1],
    ['helmet', 'helmat', 1],
    ['helmet', 'helmet', 0],
    ['helmet', 'helmets', 1],
    ['snowbordz', 'snowboard', 2],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
    ['wetsuit', 'jacket', 6],
  ])('%j → %j: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
    expect(isOneEditAway(a, b)).toBe(distance <= 1);
    expect(isOneEditAway(b, a)).toBe(distance <= 1);
  });
});

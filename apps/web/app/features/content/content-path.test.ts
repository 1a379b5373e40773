import { describe, expect, it } from 'vitest';
import { toContentPath } from './content-path.ts';

describe('toContentPath', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['skate/decks', '/skate/decks'],
    ['skate/decks/', '/skate/decks'],
    ['en-GB/skate/decks', '/skate/decks'],
    ['en-gb/skate', '/skate'],
    ['en/skate', '/skate'],
    ['en-GB', '/'],
    ['da/skate', '/da/skate'],
    ['skate//decks', '/skate/decks'],
    ['skate/decks?brand=x', '/skate/decks'],
    ['skate/en-GB', '/skate/en-GB'],
  ])('%s → %s', (splat, path) => {
    expect(toContentPath(splat, 'en-GB')).toBe(path);
  });
});

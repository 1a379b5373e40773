import { describe, expect, it } from 'vitest';
import { toContentPath } from './content-path.ts';

describe('toContentPath (spec §2 routing rules)', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/en-GB', '/'],
    ['/en-GB/', '/'],
    ['/en-GB/skate/decks', '/skate/decks'],
    ['/en-gb/skate/decks', '/skate/decks'],
    ['/skate/decks?p=2&s=name-asc', '/skate/decks'],
    ['/en-GB/skate/decks/?q=deck#top', '/skate/decks'],
    ['skate/decks', '/skate/decks'],
    ['https://eu.ridgeline.example/en-GB/p/bb-deck-100001?x=1', '/p/bb-deck-100001'],
    ['//skate//decks', '/skate/decks'],
    ['/english/page', '/english/page'],
    ['/en-GBX/page', '/en-GBX/page'],
    ['/p/caf%C3%A9', '/p/café'],
    ['/p/%E0%A4%A', '/p/%E0%A4%A'],
  ])('%j → %j', (url, expected) => {
    expect(toContentPath(url)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeText, parseQueryTerms, singularize, tokenizeWords } from './text-terms.ts';

describe('normalizeText / tokenizeWords', () => {
  it('lower-cases, strips diacritics and apostrophes', () => {
    expect(normalizeText('Men’s Åre Jacket')).toBe('mens are jacket');
    expect(tokenizeWords('BB\'s Pro-Deck 8.0"')).toEqual(['bbs', 'pro', 'deck', '8', '0']);
  });
});

describe('parseQueryTerms (spec §5)', () => {
  it.each([
    ['bbs', [{ text: 'bb', isExact: true, parts: [] }]],
    ["bb's", [{ text: 'bb', isExact: true, parts: [] }]],
    [
      'BB’S deck',
      [
        { text: 'bb', isExact: true, parts: [] },
        { text: 'deck', isExact: false, parts: [] },
      ],
    ],
    ['bb', [{ text: 'bb', isExact: false, parts: [] }]],
    ['bbsx', [{ text: 'bbsx', isExact: false, parts: [] }]],
    ['t-shirt', [{ text: 't-shirt', isExact: false, parts: ['t', 'shirt'] }]],
    ['100123-03', [{ text: '100123-03', isExact: false, parts: ['100123', '03'] }]],
    ['  "wheel,"  ', [{ text: 'wheel', isExact: false, parts: [] }]],
    ['  - ', []],
  ])('parses %j', (query, expected) => {
    expect(parseQueryTerms(query)).toEqual(expected);
  });
});

describe('singularize (issue 11: plurals find singulars)', () => {
  it.each([
    ['helmets', 'helmet'],
    ['snowboards', 'snowboard'],
    ['wetsuits', 'wetsuit'],
    ['gloves', 'glove'],
    ['goggles', 'goggle'],
    ['caps', 'cap'],
    ['trucks', 'truck'],
    ['boxes', 'box'],
    ['glasses', 'glass'],
    ['brushes', 'brush'],
    ['categories', 'category'],
    ['hoodies', 'hoody'],
    ['shoes', 'shoe'],
    ['glass', 'glass'],
    ['helmet', 'helmet'],
    ['bbs', 'bbs'],
    ['gas', 'gas'],
    ['ss25s', 'ss25s'],
    ['', ''],
  ])('%j → %j', (word, singular) => {
    expect(singularize(word)).toBe(singular);
  });
});

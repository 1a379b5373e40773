import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import type {
  CheckboxFacetResult,
  FacetResult,
  SearchDocument,
  SearchQuery,
  SliderFacetResult,
} from './search-types.ts';

/** Days since 1970-01-01, as the index stores dates. */
function days(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

function createDocument(
  id: string,
  name: string,
  brand: string,
  facets: { size?: string[]; colour?: string[]; category: string[]; stock: number; date: string | null },
): SearchDocument {
  return {
    id,
    name,
    brand,
    itemNumbers: [`${id}-01`, `${id}-02`],
    categoryPath: facets.category,
    values: {
      brand: [brand],
      size: facets.size ?? [],
      colour: facets.colour ?? [],
      category: facets.category.slice(-1),
    },
    numbers: { stockLevel: facets.stock, newStockDate: facets.date === null ? null : days(facets.date) },
  };
}

const DOCUMENTS = [
  createDocument('1001', 'Street Deck 8.0', 'BB', {
    size: ['8.0'],
    colour: ['Red', 'Blue'],
    category: ['skate', 'skate-decks'],
    stock: 10,
    date: '2024-03-01',
  }),
  createDocument('1002', 'Cruiser Deck', 'Nordic', {
    size: ['8.0', '8.5'],
    colour: ['Blue'],
    category: ['skate', 'skate-decks'],
    stock: 0,
    date: '2024-05-01',
  }),
  createDocument('1003', 'Pro Wheels 52mm', 'BB', {
    size: ['52mm'],
    colour: ['White'],
    category: ['skate', 'skate-wheels'],
    stock: 50,
    date: null,
  }),
  createDocument('1004', 'Snow Jacket', 'Alpine', {
    size: ['S', 'M', 'L'],
    colour: ['Red'],
    category: ['snow', 'snow-jackets'],
    stock: 5,
    date: '2023-12-24',
  }),
  createDocument('1005', 'Decker Hoodie', 'Decksters', {
    size: ['M', 'L'],
    colour: ['Black'],
    category: ['apparel', 'apparel-hoodies'],
    stock: 5,
    date: '2024-01-10',
  }),
  createDocument('1006', 'T-Shirt Logo', 'Bbsurf', {
    size: ['M'],
    colour: ['White'],
    category: ['apparel', 'apparel-tees'],
    stock: 7,
    date: '2024-03-01',
  }),
];

const SIZE_ORDER = ['S', 'M', 'L'];
const index = SearchIndex.build(DOCUMENTS, {
  checkboxFields: ['brand', 'size', 'colour', 'category'],
  numberFields: ['stockLevel', 'newStockDate'],
  labels: { category: new Map([['skate-decks', 'Decks']]) },
  compareValues: {
    size: (a, b) => (SIZE_ORDER.indexOf(a) + 1 || 99) - (SIZE_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b),
  },
});

const BY_ID = [{ field: 'id', direction: 'Ascending' }] as const;

function searchIds(query: SearchQuery): string[] {
  return index.search({ sort: BY_ID, take: 100, ...query }).hits.map((hit) => hit.id);
}

describe('SearchIndex filters', () => {
  it.each<[string, SearchQuery, string[]]>([
    ['no filter', {}, ['1001', '1002', '1003', '1004', '1005', '1006']],
    [
      'CheckboxAnd needs every value',
      { filters: [{ field: 'size', type: 'CheckboxAnd', values: ['M', 'L'] }] },
      ['1004', '1005'],
    ],
    [
      'CheckboxAnd over three values',
      { filters: [{ field: 'size', type: 'CheckboxAnd', values: ['S', 'M', 'L'] }] },
      ['1004'],
    ],
    [
      'CheckboxAnd with an unknown value',
      { filters: [{ field: 'size', type: 'CheckboxAnd', values: ['M', 'XXL'] }] },
      [],
    ],
    [
      'CheckboxOr needs any value',
      { filters: [{ field: 'colour', type: 'CheckboxOr', values: ['Red', 'Blue'] }] },
      ['1001', '1002', '1004'],
    ],
    [
      'CheckboxOr ignores unknown values',
      { filters: [{ field: 'colour', type: 'CheckboxOr', values: ['Red', 'Pink'] }] },
      ['1001', '1004'],
    ],
    [
      'empty checkbox selection: no filter',
      { filters: [{ field: 'colour', type: 'CheckboxOr', values: [] }] },
      ['1001', '1002', '1003', '1004', '1005', '1006'],
    ],
    ['slider min', { filters: [{ field: 'stockLevel', type: 'Slider', min: 7 }] }, ['1001', '1003', '1006']],
    [
      'slider max (inclusive)',
      { filters: [{ field: 'stockLevel', type: 'Slider', max: 5 }] },
      ['1002', '1004', '1005'],
    ],
    [
      'slider min and max',
      { filters: [{ field: 'stockLevel', type: 'Slider', min: 5, max: 10 }] },
      ['1001', '1004', '1005', '1006'],
    ],
    [
      'slider without bounds applies not (spec §5)',
      { filters: [{ field: 'stockLevel', type: 'Slider', min: null, max: null }] },
      ['1001', '1002', '1003', '1004', '1005', '1006'],
    ],
    [
      'date slider; documents without a date never match',
      { filters: [{ field: 'newStockDate', type: 'Slider', min: days('2024-01-10'), max: days('2024-03-01') }] },
      ['1001', '1005', '1006'],
    ],
    [
      'filters combine with AND',
      {
        filters: [
          { field: 'colour', type: 'CheckboxOr', values: ['Red', 'Blue'] },
          { field: 'stockLevel', type: 'Slider', min: 1 },
        ],
      },
      ['1001', '1004'],
    ],
    ['category matches descendants', { categoryId: 'skate' }, ['1001', '1002', '1003']],
    ['leaf category', { categoryId: 'skate-decks' }, ['1001', '1002']],
    ['unknown category', { categoryId: 'nope' }, []],
  ])('%s', (_, query, expected) => {
    expect(searchIds(query)).toEqual(expected);
  });
});

describe('SearchIndex free text (spec §5)', () => {
  it.each<[string, string[]]>([
    ['deck', ['1001', '1002', '1005']],
    ['DECK', ['1001', '1002', '1005']],
    ['de', ['1001', '1002', '1005']],
    ['deck 8', ['1001']],
    ['deck nordic', ['1002']],
    ['bb', ['1001', '1003', '1006']],
    ['bbs', ['1001', '1003']],
    ["bb's wheels", ['1003']],
    ['1001-0', ['1001']],
    ['1001-02', ['1001']],
    ['100', ['1001', '1002', '1003', '1004', '1005', '1006']],
    ['t-shirt', ['1006']],
    ['shirt', ['1006']],
    ['zebra', []],
    ['   ', ['1001', '1002', '1003', '1004', '1005', '1006']],
  ])('%j matches %j', (text, expected) => {
    expect(searchIds({ text })).toEqual(expected);
  });

  it('scores exact hits above prefix hits and name above brand above item number', () => {
    const scores = Object.fromEntries(
      index.search({ text: 'deck', sort: BY_ID }).hits.map((hit) => [hit.id, hit.score]),
    );
    expect(scores['1001']).toBeGreaterThan(scores['1005'] ?? Number.POSITIVE_INFINITY);
    const scoreOf = (text: string) => index.search({ text }).hits[0]?.score ?? Number.NaN;
    expect(scoreOf('cruiser')).toBeGreaterThan(scoreOf('nordic'));
    expect(scoreOf('nordic')).toBeGreaterThan(scoreOf('1002'));
    expect(scoreOf('1002-0')).toBeLessThan(scoreOf('1002'));
  });

  it('keeps the requested sort when free text is present', () => {
    expect(searchIds({ text: 'deck', sort: [{ field: 'name', direction: 'Descending' }] })).toEqual([
      '1001',
      '1005',
      '1002',
    ]);
  });
});

describe('SearchIndex sorting (spec §9) and paging', () => {
  it.each<[string, SearchQuery['sort'], string[]]>([
    [
      'new stock date descending, ties by id, no date last',
      [{ field: 'newStockDate', direction: 'Descending' }],
      ['1002', '1001', '1006', '1005', '1004', '1003'],
    ],
    ['name A-Z', [{ field: 'name', direction: 'Ascending' }], ['1002', '1005', '1003', '1004', '1001', '1006']],
    ['name Z-A', [{ field: 'name', direction: 'Descending' }], ['1006', '1001', '1004', '1003', '1005', '1002']],
    ['item number up', [{ field: 'id', direction: 'Ascending' }], ['1001', '1002', '1003', '1004', '1005', '1006']],
    ['item number down', [{ field: 'id', direction: 'Descending' }], ['1006', '1005', '1004', '1003', '1002', '1001']],
    [
      'stock level down, ties by id',
      [{ field: 'stockLevel', direction: 'Descending' }],
      ['1003', '1001', '1006', '1004', '1005', '1002'],
    ],
    [
      'two keys',
      [
        { field: 'stockLevel', direction: 'Ascending' },
        { field: 'name', direction: 'Descending' },
      ],
      ['1002', '1004', '1005', '1006', '1001', '1003'],
    ],
  ])('%s', (_, sort, expected) => {
    expect(searchIds({ sort })).toEqual(expected);
  });

  it('sorts item numbers numerically', () => {
    const numeric = SearchIndex.build(
      ['100', '20', '3'].map((id) => ({
        id,
        name: id,
        brand: '',
        itemNumbers: [],
        categoryPath: [],
        values: {},
        numbers: {},
      })),
      { checkboxFields: [], numberFields: [] },
    );
    expect(numeric.search({ sort: BY_ID }).hits.map((hit) => hit.id)).toEqual(['3', '20', '100']);
  });

  it.each([
    [0, 2, ['1002', '1001']],
    [2, 2, ['1006', '1005']],
    [5, 10, ['1003']],
    [6, 10, []],
    [0, 0, []],
  ])('skip %i take %i', (skip, take, expected) => {
    const result = index.search({ sort: [{ field: 'newStockDate', direction: 'Descending' }], skip, take });
    expect(result.hits.map((hit) => hit.id)).toEqual(expected);
    expect(result.total).toBe(6);
  });

  it('pages sparse matches in the same order as dense ones', () => {
    const sort = [{ field: 'name', direction: 'Ascending' }] as const;
    const all = index.search({ text: 'deck', sort, take: 10 }).hits.map((hit) => hit.id);
    const paged = [0, 1, 2].flatMap((skip) =>
      index.search({ text: 'deck', sort, skip, take: 1 }).hits.map((hit) => hit.id),
    );
    expect(paged).toEqual(all);
  });
});

describe('SearchIndex facet counts', () => {
  function facet(query: SearchQuery, field: string): FacetResult {
    const found = index.search(query).facets.find((result) => result.field === field);
    if (found === undefined) throw new Error(`no facet ${field}`);
    return found;
  }
  function counts(query: SearchQuery, field: string): Record<string, number> {
    const result = facet(query, field) as CheckboxFacetResult;
    return Object.fromEntries(result.options.map((option) => [option.value, option.count]));
  }

  it('counts every value without a selection, leaving out values with no match', () => {
    const query: SearchQuery = { categoryId: 'skate', facets: [{ field: 'colour', type: 'CheckboxOr' }] };
    expect(counts(query, 'colour')).toEqual({ Blue: 2, Red: 1, White: 1 });
  });

  it('counts an OR facet as if its own selection were absent, and the other facets within it', () => {
    const query: SearchQuery = {
      filters: [{ field: 'colour', type: 'CheckboxOr', values: ['Red'] }],
      facets: [
        { field: 'colour', type: 'CheckboxOr' },
        { field: 'size', type: 'CheckboxAnd' },
      ],
    };
    expect(counts(query, 'colour')).toEqual({ Black: 1, Blue: 2, Red: 2, White: 2 });
    expect(counts(query, 'size')).toEqual({ '8.0': 1, S: 1, M: 1, L: 1 });
    expect(
      (facet(query, 'colour') as CheckboxFacetResult).options.find((option) => option.value === 'Red'),
    ).toMatchObject({
      isSelected: true,
    });
  });

  it('counts an AND facet value as the matches that also have that value', () => {
    const query: SearchQuery = {
      filters: [{ field: 'size', type: 'CheckboxAnd', values: ['M'] }],
      facets: [{ field: 'size', type: 'CheckboxAnd' }],
    };
    expect(counts(query, 'size')).toEqual({ S: 1, M: 3, L: 2 });
    expect((facet(query, 'size') as CheckboxFacetResult).options.map((option) => option.value)).toEqual([
      'S',
      'M',
      'L',
    ]);
  });

  it('lists a selected value that matches nothing, with count 0', () => {
    const query: SearchQuery = {
      filters: [{ field: 'colour', type: 'CheckboxOr', values: ['Pink'] }],
      facets: [{ field: 'colour', type: 'CheckboxOr' }],
    };
    expect((facet(query, 'colour') as CheckboxFacetResult).options.at(-1)).toEqual({
      value: 'Pink',
      label: 'Pink',
      count: 0,
      isSelected: true,
    });
  });

  it('labels values (category ids by name)', () => {
    const result = facet({ facets: [{ field: 'category', type: 'CheckboxOr' }] }, 'category') as CheckboxFacetResult;
    expect(result.options.find((option) => option.value === 'skate-decks')?.label).toBe('Decks');
  });

  it('gives a slider the bounds under the other filters plus the selection', () => {
    const query: SearchQuery = {
      filters: [
        { field: 'stockLevel', type: 'Slider', min: 6 },
        { field: 'colour', type: 'CheckboxOr', values: ['Red', 'Blue'] },
      ],
      facets: [
        { field: 'stockLevel', type: 'Slider' },
        { field: 'newStockDate', type: 'Slider' },
      ],
    };
    const result = index.search(query);
    expect(result.total).toBe(1);
    expect(result.facets[0]).toEqual({
      field: 'stockLevel',
      type: 'Slider',
      min: 0,
      max: 10,
      selectedMin: 6,
      selectedMax: null,
    } satisfies SliderFacetResult);
    expect(result.facets[1]).toMatchObject({ min: days('2024-03-01'), max: days('2024-03-01'), selectedMin: null });
  });

  it('gives null bounds when nothing matches', () => {
    const result = index.search({ text: 'zebra', facets: [{ field: 'stockLevel', type: 'Slider' }] });
    expect(result.facets[0]).toMatchObject({ min: null, max: null });
  });

  it('counts within the text and category filter', () => {
    expect(counts({ text: 'deck', facets: [{ field: 'brand', type: 'CheckboxOr' }] }, 'brand')).toEqual({
      BB: 1,
      Decksters: 1,
      Nordic: 1,
    });
  });
});

describe('SearchIndex contract with its callers', () => {
  it('refuses duplicate ids, unknown fields and the same field filtered twice', () => {
    expect(() =>
      SearchIndex.build([...DOCUMENTS.slice(0, 1), ...DOCUMENTS.slice(0, 1)], { checkboxFields: [], numberFields: [] }),
    ).toThrow(/Duplicate/);
    expect(() => index.search({ filters: [{ field: 'name', type: 'Slider', min: 1 }] })).toThrow();
    expect(() => index.search({ filters: [{ field: 'stockLevel', type: 'CheckboxOr', values: ['1'] }] })).toThrow();
    expect(() =>
      index.search({
        filters: [
          { field: 'size', type: 'CheckboxOr', values: ['M'] },
          { field: 'size', type: 'CheckboxAnd', values: ['L'] },
        ],
      }),
    ).toThrow(/twice/);
    expect(() => index.search({ sort: [{ field: 'brand', direction: 'Ascending' }] })).toThrow();
  });

  it('knows its fields and documents', () => {
    expect(index.getFieldKind('size')).toBe('checkbox');
    expect(index.getFieldKind('stockLevel')).toBe('number');
    expect(index.getFieldKind('name')).toBeUndefined();
    expect(index.hasDocument('1003')).toBe(true);
    expect(index.hasDocument('9999')).toBe(false);
  });
});

describe('relevance (issue 11, ADR 003)', () => {
  const relevanceDocuments: SearchDocument[] = [
    ['2001', 'Ridge Helmet', ['Protection', 'Helmets'], ['Black'], 3],
    ['2002', 'Comet Helmet', ['Protection', 'Helmets'], ['Red'], 9],
    ['2003', 'Redline Deck', ['Skate', 'Decks'], ['Blue'], 5],
    ['2004', 'Carver Deck', ['Skate', 'Decks'], ['Red'], 8],
    ['2005', 'Zephyr Snowboard', ['Snow', 'Snowboards'], ['White'], 1],
    ['2006', 'Knee Pads', ['Protection', 'Knee pads'], ['Black'], 7],
  ].map(([id, name, typeNames, colour, stock]) => ({
    id: id as string,
    name: name as string,
    brand: 'Acme',
    typeNames: typeNames as string[],
    itemNumbers: [],
    categoryPath: [],
    values: { colour: colour as string[] },
    numbers: { stockLevel: stock as number },
  }));
  const relevanceIndex = SearchIndex.build(relevanceDocuments, {
    checkboxFields: ['colour'],
    numberFields: ['stockLevel'],
    specificationFields: ['colour'],
  });
  const BY_STOCK = [{ field: 'stockLevel', direction: 'Descending' }] as const;
  const find = (text: string, rankByRelevance = true) =>
    relevanceIndex.search({ text, sort: BY_STOCK, rankByRelevance }).hits.map((hit) => hit.id);

  it.each([
    ['helmets', ['2002', '2001']],
    ['protection', ['2002', '2006', '2001']],
    ['pads', ['2006']],
    ['red helmet', ['2002']],
    ['snowbord', ['2005']],
    ['snowboards', ['2005']],
    ['helmte', ['2002', '2001']],
    ['zephyr snowbord', ['2005']],
  ])('%j finds %j', (text, expected) => {
    expect(find(text)).toEqual(expected);
  });

  it('ranks exact above prefix hits and name above colour hits, ties by the sort', () => {
    // "red": an exact hit outranks a prefix hit in any field (a red colour 1 + 6 = 7 against Redline's name prefix 3),
    // so the two red products come first, by stock, then Redline.
    expect(find('red')).toEqual(['2002', '2004', '2003']);
    expect(find('red', false)).toEqual(['2002', '2004', '2003']);
    const scores = relevanceIndex.search({ text: 'deck red', sort: BY_STOCK, rankByRelevance: true }).hits;
    expect(scores.map((hit) => hit.id)).toEqual(['2004', '2003']);
    // Carver Deck: deck exact in the name (9) + red exact colour (7); Redline Deck: 9 + red prefix in the name (3).
    expect(scores.map((hit) => hit.score)).toEqual([16, 12]);
  });

  it('gives the same scores ranked by relevance as scored page by page', () => {
    for (const text of ['helmets', 'red', 'snowbord', 'pro', 'k']) {
      const ranked = relevanceIndex.search({ text, sort: BY_STOCK, rankByRelevance: true }).hits;
      const sorted = relevanceIndex.search({ text, sort: BY_STOCK }).hits;
      const scoreOf = new Map(sorted.map((hit) => [hit.id, hit.score]));
      for (const hit of ranked) expect(hit.score, `${text} ${hit.id}`).toBe(scoreOf.get(hit.id));
    }
  });

  it('pages through relevance groups without gaps or repeats', () => {
    const whole = relevanceIndex.search({ text: 'red', sort: BY_STOCK, rankByRelevance: true, take: 10 }).hits;
    const pages = [0, 1, 2].flatMap(
      (skip) => relevanceIndex.search({ text: 'red', sort: BY_STOCK, rankByRelevance: true, skip, take: 1 }).hits,
    );
    expect(pages).toEqual(whole);
  });

  it('tolerates a typo only in words of five letters or more, and only when the word finds nothing', () => {
    expect(find('dekc')).toEqual([]);
    expect(find('deks')).toEqual([]);
    // "carve" is a prefix of Carver: no correction is looked for.
    expect(find('carve')).toEqual(['2004']);
  });

  it('finds type and specification words by prefix from four letters, shorter words whole (ADR 003)', () => {
    expect(find('protection')).toEqual(['2002', '2006', '2001']);
    expect(find('protec')).toEqual(['2002', '2006', '2001']);
    expect(find('prot')).toEqual(['2002', '2006', '2001']);
    expect(find('black')).toEqual(['2006', '2001']);
    expect(find('blac')).toEqual(['2006', '2001']);
    // under four letters a type or specification word is found whole only: "bla" is no colour, "pro" no type
    expect(find('bla')).toEqual([]);
    expect(find('pro')).toEqual([]);
    expect(find('knee pad')).toEqual(['2006']);
  });

  it('corrects unknown words for "did you mean"', () => {
    expect(relevanceIndex.correctText('snowbordz')).toBe('snowboard');
    expect(relevanceIndex.correctText('snowbordxx')).toBe('snowboard');
    expect(relevanceIndex.correctText('red helmetzz')).toBe('red helmet');
    expect(relevanceIndex.correctText('helmets')).toBeNull();
    expect(relevanceIndex.correctText('qqqqqqq')).toBeNull();
  });
});

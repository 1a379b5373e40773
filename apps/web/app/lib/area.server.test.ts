import type { Area, MenuEntry } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { filterMenuEntries, getSiteMenus } from './area.server.ts';

const entry = (id: string, tags: MenuEntry['tags'], children: MenuEntry[] = []): MenuEntry => ({
  id,
  name: id,
  url: `/${id}`,
  tags,
  children,
});

describe('filterMenuEntries (spec §2 Menus)', () => {
  const menu = [
    entry('skate', ['primary'], [entry('decks', []), entry('deals', ['requires-login'])]),
    entry('campaigns', ['requires-login']),
    entry('request-account', ['secondary', 'anonymous-only']),
    entry('help', ['secondary'], [entry('opening-an-account', ['anonymous-only'])]),
  ];

  it('hides requires-login entries, at every depth, from anonymous visitors', () => {
    const filtered = filterMenuEntries(menu, false);
    expect(filtered.map((e) => e.id)).toEqual(['skate', 'request-account', 'help']);
    expect(filtered[0]?.children.map((e) => e.id)).toEqual(['decks']);
    expect(filtered[2]?.children.map((e) => e.id)).toEqual(['opening-an-account']);
  });

  it('hides anonymous-only entries, at every depth, when logged in', () => {
    const filtered = filterMenuEntries(menu, true);
    expect(filtered.map((e) => e.id)).toEqual(['skate', 'campaigns', 'help']);
    expect(filtered[0]?.children.map((e) => e.id)).toEqual(['decks', 'deals']);
    expect(filtered[2]?.children).toEqual([]);
  });
});

describe('getSiteMenus (spec §2 Menus)', () => {
  const categories = [
    entry('skate', [], [entry('skate-decks', []), entry('skate-griptape', [])]),
    entry('surf', [], [entry('surf-wetsuits', []), entry('surf-traction-pads', [])]),
    entry('snow-goggles', []),
  ];
  const site = [
    entry('campaigns', ['primary']),
    entry('favorites', ['requires-login'], [entry('favorites-shared', [])]),
    entry('search', ['secondary']),
    entry('orders', ['secondary', 'requires-login']),
    entry('about', ['secondary'], [entry('about-jobs', ['requires-login'])]),
    entry('unplaced', []),
  ];
  const area = {
    areaId: 'eu',
    name: 'Europe',
    languageCode: 'en-GB',
    currencyCode: 'EUR',
    settings: {
      menus: [
        { id: 'site', name: 'Site menu', entries: site },
        { id: 'categories', name: 'Categories', entries: categories },
      ],
    },
  } as unknown as Area;
  const ids = (entries: MenuEntry[]): unknown[] =>
    entries.map((e) => (e.children.length > 0 ? [e.id, ids(e.children)] : e.id));

  it('main: the category roots minus the excluded ids at every depth, then primary and requires-login entries', () => {
    const { main } = getSiteMenus(area, true, ['skate-griptape', 'surf-traction-pads', 'snow-goggles']);
    expect(ids(main)).toEqual([
      ['skate', ['skate-decks']],
      ['surf', ['surf-wetsuits']],
      'campaigns',
      ['favorites', ['favorites-shared']],
      'orders',
    ]);
  });

  it('top: the secondary entries', () => {
    expect(ids(getSiteMenus(area, true, []).top)).toEqual(['search', 'orders', ['about', ['about-jobs']]]);
  });

  it('hides requires-login entries from anonymous visitors in both menus, at every depth', () => {
    const { main, top } = getSiteMenus(area, false, []);
    expect(ids(main)).toEqual([
      ['skate', ['skate-decks', 'skate-griptape']],
      ['surf', ['surf-wetsuits', 'surf-traction-pads']],
      'snow-goggles',
      'campaigns',
    ]);
    expect(ids(top)).toEqual(['search', 'about']);
  });

  it('leaves out the two categories of the default configuration', () => {
    const { main } = getSiteMenus(area, false);
    expect(ids(main).slice(0, 2)).toEqual([
      ['skate', ['skate-decks']],
      ['surf', ['surf-wetsuits']],
    ]);
  });

  it('answers empty menus without an area (the header then shows none)', () => {
    expect(getSiteMenus(null, true)).toEqual({ main: [], top: [] });
  });
});

import type { MenuEntry } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { filterMenuEntries } from './area.server.ts';

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
  ];

  it('hides requires-login entries, at every depth, from anonymous visitors', () => {
    const filtered = filterMenuEntries(menu, false);
    expect(filtered.map((e) => e.id)).toEqual(['skate']);
    expect(filtered[0]?.children.map((e) => e.id)).toEqual(['decks']);
  });

  it('shows everything when logged in', () => {
    expect(filterMenuEntries(menu, true)).toEqual(menu);
  });
});

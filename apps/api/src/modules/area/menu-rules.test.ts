import type { MenuEntry } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { describeMenuChange, findMenuErrors, menuVersionOf } from './menu-rules.ts';

function entry(id: string, name: string, tags: MenuEntry['tags'], children: MenuEntry[] = []): MenuEntry {
  return { id, name, url: `/${id}`, tags, children };
}

const MENU = [
  entry('campaigns', 'Campaigns', ['primary']),
  entry('account', 'My account', ['requires-login'], [entry('orders', 'Orders', ['requires-login'])]),
  entry('about', 'About us', ['secondary']),
  entry('terms', 'Terms', ['secondary']),
];

describe('menuVersionOf', () => {
  it('is the same for the same entries, whatever the order of their keys', () => {
    const reordered = MENU.map(({ children, url, tags, name, id }) => ({ children, url, tags, name, id }));
    expect(menuVersionOf(reordered)).toBe(menuVersionOf(MENU));
  });

  it('changes with any change of an entry', () => {
    const renamed = MENU.map((item) => (item.id === 'orders' ? item : { ...item, name: `${item.name}.` }));
    expect(menuVersionOf(renamed)).not.toBe(menuVersionOf(MENU));
    expect(menuVersionOf([...MENU].reverse())).not.toBe(menuVersionOf(MENU));
  });
});

describe('findMenuErrors', () => {
  it('accepts a menu the storefront shows as meant', () => {
    expect(findMenuErrors(MENU)).toEqual([]);
  });

  it('names a top-level entry without a place, a top-menu entry with children and an id used twice', () => {
    const menu = [
      entry('hidden', 'Hidden', ['anonymous-only']),
      entry('about', 'About us', ['secondary'], [entry('team', 'Team', [])]),
      entry('shop', 'Shop', ['primary'], [entry('about', 'About', [])]),
    ];
    expect(findMenuErrors(menu)).toEqual([
      { field: 'entries.0.tags', message: '"Hidden" is shown nowhere: give it primary, secondary or requires-login' },
      {
        field: 'entries.1.children',
        message: 'are not shown: only main-menu entries (primary or requires-login) open a submenu, not "About us"',
      },
      { field: 'entries.2.children.0.id', message: 'must be unique: "about" is used twice' },
    ]);
  });
});

describe('describeMenuChange', () => {
  it('names what was added, renamed, relinked, retagged and removed', () => {
    const after = [
      entry('campaigns', 'Deals', ['primary']),
      { ...entry('account', 'My account', ['requires-login'], [entry('orders', 'Orders', ['requires-login'])]) },
      entry('outlet', 'Outlet', ['primary']),
      { ...entry('about', 'About us', ['secondary', 'anonymous-only']), url: '/company' },
    ];
    expect(describeMenuChange(MENU, after)).toBe(
      'renamed "Campaigns" to "Deals"; added "Outlet"; linked "About us" to /company; and 2 more changes',
    );
  });

  it('calls a swap of two siblings a move of both, and an entry added beside them no move', () => {
    const swapped = [MENU[0], MENU[1], MENU[3], MENU[2]] as MenuEntry[];
    expect(describeMenuChange(MENU, swapped)).toBe('moved "Terms"; moved "About us"');
    expect(describeMenuChange(MENU, [entry('new', 'New', ['primary']), ...MENU])).toBe('added "New"');
  });

  it('says so when nothing changed', () => {
    expect(describeMenuChange(MENU, MENU)).toBe('saved without changes');
  });
});

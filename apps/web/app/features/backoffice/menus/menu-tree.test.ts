import type { MenuEntry } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import {
  addEntry,
  canIndent,
  canMoveDown,
  canMoveUp,
  indentEntry,
  moveDown,
  moveUp,
  newEntryId,
  outdentEntry,
  removeEntry,
  updateEntry,
} from './menu-tree.ts';

function entry(id: string, children: MenuEntry[] = []): MenuEntry {
  return { id, name: id, url: `/${id}`, tags: ['primary'], children };
}

/** The tree as ids, children in brackets: "a b[c d[e]]". */
function shape(entries: readonly MenuEntry[]): string {
  return entries.map((item) => (item.children.length > 0 ? `${item.id}[${shape(item.children)}]` : item.id)).join(' ');
}

const MENU = [entry('a'), entry('b', [entry('c'), entry('d', [entry('e')])]), entry('f')];

describe('menu tree moves', () => {
  it('moves an entry up and down among its siblings, and no further', () => {
    expect(shape(moveUp(MENU, [2]))).toBe('a f b[c d[e]]');
    expect(shape(moveDown(MENU, [1, 0]))).toBe('a b[d[e] c] f');
    expect(moveUp(MENU, [0])).toEqual(MENU);
    expect(canMoveUp([0])).toBe(false);
    expect(canMoveDown(MENU, [2])).toBe(false);
    expect(canMoveDown(MENU, [1, 0])).toBe(true);
  });

  it('indents under the entry above, within three levels', () => {
    expect(shape(indentEntry(MENU, [2]))).toBe('a b[c d[e] f]');
    expect(shape(indentEntry(MENU, [1, 1, 0]))).toBe(shape(MENU)); // e has nothing above it
    // d with its child would reach a fourth level under c
    expect(canIndent(MENU, [1, 1])).toBe(false);
    expect(indentEntry(MENU, [1, 1])).toEqual(MENU);
    expect(canIndent(MENU, [0])).toBe(false);
  });

  it('outdents to just after the parent', () => {
    expect(shape(outdentEntry(MENU, [1, 0]))).toBe('a b[d[e]] c f');
    expect(shape(outdentEntry(MENU, [1, 1, 0]))).toBe('a b[c d e] f');
    expect(outdentEntry(MENU, [0])).toEqual(MENU);
  });

  it('adds at the end of a level, not below the third, and removes an entry with its children', () => {
    expect(shape(addEntry(MENU, [], entry('g')))).toBe('a b[c d[e]] f g');
    expect(shape(addEntry(MENU, [1, 1], entry('g')))).toBe('a b[c d[e g]] f');
    expect(addEntry(MENU, [1, 1, 0], entry('g'))).toEqual(MENU);
    expect(shape(removeEntry(MENU, [1]))).toBe('a f');
  });

  it('changes one entry and leaves the rest as they were', () => {
    const renamed = updateEntry(MENU, [1, 1, 0], { name: 'Everything', url: '/all' });
    expect(renamed[1]?.children[1]?.children[0]).toEqual({ ...entry('e'), name: 'Everything', url: '/all' });
    expect(renamed[0]).toBe(MENU[0]);
  });
});

describe('newEntryId', () => {
  it('makes an id from the name, unique in the menu', () => {
    expect(newEntryId(MENU, 'Spring Sale – Ähnliche!')).toBe('spring-sale-ahnliche');
    expect(newEntryId(MENU, 'E')).toBe('e-2');
    expect(newEntryId([...MENU, entry('e-2')], 'e')).toBe('e-3');
    expect(newEntryId(MENU, '!!!')).toBe('entry');
  });
});

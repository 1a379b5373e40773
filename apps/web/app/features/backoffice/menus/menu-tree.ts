/**
 * The site menu editor's moves on the tree of entries (issue 28): add, change, remove, move up and down, indent
 * (under the entry above) and outdent (after the parent). An entry is found by its path of positions, [2, 0] being
 * the first child of the third entry. Every move returns a new tree; a move the menu cannot make (past the first
 * entry, deeper than the storefront shows) returns the same one. Browser-safe.
 */
import type { MenuEntry } from '@b2b/contract';
import { MAX_MENU_DEPTH } from '@b2b/contract/constants';

export type EntryPath = readonly number[];

function withChildrenAt(
  entries: MenuEntry[],
  parentPath: EntryPath,
  change: (list: MenuEntry[]) => MenuEntry[],
): MenuEntry[] {
  if (parentPath.length === 0) return change(entries);
  const [index, ...rest] = parentPath as [number, ...number[]];
  return entries.map((entry, position) =>
    position === index ? { ...entry, children: withChildrenAt(entry.children, rest, change) } : entry,
  );
}

export function entryAt(entries: readonly MenuEntry[], path: EntryPath): MenuEntry | undefined {
  let list = entries;
  let found: MenuEntry | undefined;
  for (const index of path) {
    found = list[index];
    if (!found) return undefined;
    list = found.children;
  }
  return found;
}

/** How many levels an entry and its children take (1 without children). */
function depthOf(entry: MenuEntry): number {
  return 1 + Math.max(0, ...entry.children.map(depthOf));
}

export function updateEntry(entries: MenuEntry[], path: EntryPath, patch: Partial<Omit<MenuEntry, 'children'>>) {
  const parent = path.slice(0, -1);
  const index = path.at(-1) as number;
  return withChildrenAt(entries, parent, (list) =>
    list.map((entry, position) => (position === index ? { ...entry, ...patch } : entry)),
  );
}

export function removeEntry(entries: MenuEntry[], path: EntryPath): MenuEntry[] {
  const index = path.at(-1) as number;
  return withChildrenAt(entries, path.slice(0, -1), (list) => list.filter((_, position) => position !== index));
}

/** Adds an entry at the end of the top level (`parentPath` empty) or of an entry's children. */
export function addEntry(entries: MenuEntry[], parentPath: EntryPath, entry: MenuEntry): MenuEntry[] {
  if (!canAddChild(parentPath)) return entries;
  return withChildrenAt(entries, parentPath, (list) => [...list, entry]);
}

export function canAddChild(parentPath: EntryPath): boolean {
  return parentPath.length < MAX_MENU_DEPTH;
}

export function canMoveUp(path: EntryPath): boolean {
  return (path.at(-1) as number) > 0;
}

export function canMoveDown(entries: readonly MenuEntry[], path: EntryPath): boolean {
  const siblings = path.length === 1 ? entries : (entryAt(entries, path.slice(0, -1))?.children ?? []);
  return (path.at(-1) as number) < siblings.length - 1;
}

function swapWithSibling(entries: MenuEntry[], path: EntryPath, offset: -1 | 1): MenuEntry[] {
  const index = path.at(-1) as number;
  return withChildrenAt(entries, path.slice(0, -1), (list) => {
    const other = index + offset;
    if (other < 0 || other >= list.length) return list;
    const next = [...list];
    [next[index], next[other]] = [next[other] as MenuEntry, next[index] as MenuEntry];
    return next;
  });
}

export function moveUp(entries: MenuEntry[], path: EntryPath): MenuEntry[] {
  return swapWithSibling(entries, path, -1);
}

export function moveDown(entries: MenuEntry[], path: EntryPath): MenuEntry[] {
  return swapWithSibling(entries, path, 1);
}

/** An entry can go under the entry above it when there is one and the result stays within the levels shown. */
export function canIndent(entries: readonly MenuEntry[], path: EntryPath): boolean {
  const entry = entryAt(entries, path);
  return canMoveUp(path) && entry !== undefined && path.length + depthOf(entry) <= MAX_MENU_DEPTH;
}

/** Moves the entry to the end of the children of the entry above it. */
export function indentEntry(entries: MenuEntry[], path: EntryPath): MenuEntry[] {
  const entry = entryAt(entries, path);
  if (!entry || !canIndent(entries, path)) return entries;
  const index = path.at(-1) as number;
  const above = [...path.slice(0, -1), index - 1];
  return addEntry(removeEntry(entries, path), above, entry);
}

export function canOutdent(path: EntryPath): boolean {
  return path.length > 1;
}

/** Moves the entry out of its parent, to just after it. */
export function outdentEntry(entries: MenuEntry[], path: EntryPath): MenuEntry[] {
  const entry = entryAt(entries, path);
  if (!entry || !canOutdent(path)) return entries;
  const parentPath = path.slice(0, -1);
  const parentIndex = parentPath.at(-1) as number;
  const without = removeEntry(entries, path);
  return withChildrenAt(without, parentPath.slice(0, -1), (list) => [
    ...list.slice(0, parentIndex + 1),
    entry,
    ...list.slice(parentIndex + 1),
  ]);
}

function collectIds(entries: readonly MenuEntry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    into.add(entry.id);
    collectIds(entry.children, into);
  }
  return into;
}

/** A new entry's id from its name (`Spring sale` → `spring-sale`), unique in the menu (`spring-sale-2`). */
export function newEntryId(entries: readonly MenuEntry[], name: string): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'entry';
  const taken = collectIds(entries);
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

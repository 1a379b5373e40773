/**
 * Rules of the site menu as editors save it (issue 28, Area/UpdateMenus), apart from its shape (the contract's
 * `editableMenuEntriesSchema`): what the storefront would not show, the version a save is checked against, and the
 * audit log's one-line summary of a change.
 */
import { createHash } from 'node:crypto';
import type { FieldError, MenuEntry } from '@b2b/contract';

/** Tags that give a top-level entry a place in the header (spec §2 Menus; the web's `getSiteMenus`). */
const PLACING_TAGS = ['primary', 'secondary', 'requires-login'] as const;
/** Only the main menu opens panels; the top menu shows one line of links. */
const MAIN_MENU_TAGS = ['primary', 'requires-login'] as const;

/**
 * Field errors for entries the storefront would not show as the editor meant: a top-level entry with no place, a
 * top-menu entry with children, an id used twice. Paths name the field as the request does (`entries.3.tags`).
 */
export function findMenuErrors(entries: readonly MenuEntry[]): FieldError[] {
  const errors: FieldError[] = [];
  entries.forEach((entry, index) => {
    const field = `entries.${index}`;
    if (!entry.tags.some((tag) => (PLACING_TAGS as readonly string[]).includes(tag))) {
      errors.push({
        field: `${field}.tags`,
        message: `"${entry.name}" is shown nowhere: give it primary, secondary or requires-login`,
      });
    } else if (
      entry.children.length > 0 &&
      !entry.tags.some((tag) => (MAIN_MENU_TAGS as readonly string[]).includes(tag))
    ) {
      errors.push({
        field: `${field}.children`,
        message: `are not shown: only main-menu entries (primary or requires-login) open a submenu, not "${entry.name}"`,
      });
    }
  });
  const seen = new Set<string>();
  const visit = (list: readonly MenuEntry[], path: string) => {
    list.forEach((entry, index) => {
      const field = `${path}.${index}`;
      if (seen.has(entry.id))
        errors.push({ field: `${field}.id`, message: `must be unique: "${entry.id}" is used twice` });
      seen.add(entry.id);
      visit(entry.children, `${field}.children`);
    });
  };
  visit(entries, 'entries');
  return errors;
}

/** JSON with every object's keys sorted: the same menu gives the same text, however its keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The version of a menu: a fingerprint of its entries. The menu lives in the area's settings (JSON) without a counter
 * of its own; two editors who started from the same entries share a version, and the second save is refused.
 */
export function menuVersionOf(entries: readonly MenuEntry[]): string {
  return createHash('sha256').update(canonicalJson(entries)).digest('hex').slice(0, 20);
}

type FlatEntry = { name: string; url: string; tags: string; parentId: string | null; siblingIds: string[] };

function flatten(entries: readonly MenuEntry[], parentId: string | null = null, into = new Map<string, FlatEntry>()) {
  const siblingIds = entries.map((entry) => entry.id);
  for (const entry of entries) {
    into.set(entry.id, {
      name: entry.name,
      url: entry.url,
      tags: [...entry.tags].sort().join(','),
      parentId,
      siblingIds,
    });
    flatten(entry.children, entry.id, into);
  }
  return into;
}

/**
 * Whether an entry moved: another parent, or another place among the siblings it had before and still has (an entry
 * added or removed beside it moves nothing).
 */
function hasMoved(id: string, was: FlatEntry, now: FlatEntry): boolean {
  if (was.parentId !== now.parentId) return true;
  const kept = new Set(now.siblingIds);
  const before = was.siblingIds.filter((sibling) => kept.has(sibling));
  const stayed = new Set(before);
  const after = now.siblingIds.filter((sibling) => stayed.has(sibling));
  return before.indexOf(id) !== after.indexOf(id);
}

const SUMMARY_CHANGES = 3;

/** One line for the audit log: what an editor added, renamed, relinked, retagged, moved and removed. */
export function describeMenuChange(before: readonly MenuEntry[], after: readonly MenuEntry[]): string {
  const old = flatten(before);
  const now = flatten(after);
  const changes: string[] = [];
  for (const [id, entry] of now) {
    const was = old.get(id);
    if (!was) {
      changes.push(`added "${entry.name}"`);
      continue;
    }
    if (was.name !== entry.name) changes.push(`renamed "${was.name}" to "${entry.name}"`);
    if (was.url !== entry.url) changes.push(`linked "${entry.name}" to ${entry.url}`);
    if (was.tags !== entry.tags) changes.push(`tagged "${entry.name}" ${entry.tags || 'with nothing'}`);
    if (hasMoved(id, was, entry)) changes.push(`moved "${entry.name}"`);
  }
  for (const [id, entry] of old) if (!now.has(id)) changes.push(`removed "${entry.name}"`);
  if (changes.length === 0) return 'saved without changes';
  const shown = changes.slice(0, SUMMARY_CHANGES).join('; ');
  const more = changes.length - SUMMARY_CHANGES;
  return more > 0 ? `${shown}; and ${more} more change${more === 1 ? '' : 's'}` : shown;
}

/**
 * What an audit entry changed, field by field (issue 28): the log keeps whole JSON values before and after, and staff
 * read the differences. Lists of objects with an `id` (menu entries, lines) are matched by id, so an entry added at
 * the top does not read as every entry below it changed. Browser-safe.
 */

export type JsonChange = {
  /** Where, e.g. ["entries", "about", "name"]; empty for the value as a whole. */
  path: string[];
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A list whose every item is an object with a unique text `id`: matched by id. */
function idsOf(list: unknown[]): string[] | null {
  const ids = list.map((item) => (isRecord(item) && typeof item.id === 'string' ? item.id : null));
  if (ids.some((id) => id === null)) return null;
  return new Set(ids).size === ids.length ? (ids as string[]) : null;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The changes from `before` to `after`, in the order of `after`'s fields (removed ones after the rest). */
export function diffJson(before: unknown, after: unknown, path: string[] = []): JsonChange[] {
  if (sameJson(before, after)) return [];
  if (before === null || before === undefined) return [{ path, kind: 'added', after }];
  if (after === null || after === undefined) return [{ path, kind: 'removed', before }];
  if (isRecord(before) && isRecord(after)) {
    const changes: JsonChange[] = [];
    for (const key of Object.keys(after)) {
      if (!(key in before)) changes.push({ path: [...path, key], kind: 'added', after: after[key] });
      else changes.push(...diffJson(before[key], after[key], [...path, key]));
    }
    for (const key of Object.keys(before)) {
      if (!(key in after)) changes.push({ path: [...path, key], kind: 'removed', before: before[key] });
    }
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const beforeIds = idsOf(before);
    const afterIds = idsOf(after);
    if (beforeIds && afterIds) {
      const changes: JsonChange[] = [];
      after.forEach((item, index) => {
        const id = afterIds[index] as string;
        const beforeIndex = beforeIds.indexOf(id);
        if (beforeIndex === -1) changes.push({ path: [...path, id], kind: 'added', after: item });
        else changes.push(...diffJson(before[beforeIndex], item, [...path, id]));
      });
      before.forEach((item, index) => {
        const id = beforeIds[index] as string;
        if (!afterIds.includes(id)) changes.push({ path: [...path, id], kind: 'removed', before: item });
      });
      // the same items in another order: the order is a change of its own
      const kept = afterIds.filter((id) => beforeIds.includes(id));
      const keptBefore = beforeIds.filter((id) => afterIds.includes(id));
      if (!sameJson(kept, keptBefore)) {
        changes.push({ path: [...path, '(order)'], kind: 'changed', before: keptBefore, after: kept });
      }
      return changes;
    }
    const changes: JsonChange[] = [];
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index += 1) {
      const segment = String(index + 1);
      if (index >= before.length) changes.push({ path: [...path, segment], kind: 'added', after: after[index] });
      else if (index >= after.length)
        changes.push({ path: [...path, segment], kind: 'removed', before: before[index] });
      else changes.push(...diffJson(before[index], after[index], [...path, segment]));
    }
    return changes;
  }
  return [{ path, kind: 'changed', before, after }];
}

/** A value as one readable line: text as it is, everything else as compact JSON. */
export function formatJsonValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value as Json);
}

import { describe, expect, it } from 'vitest';
import { diffJson, formatJsonValue } from './json-diff.ts';

describe('diffJson', () => {
  it('names the fields that changed, were added and were removed', () => {
    expect(diffJson({ to: '/skates', status: 302, note: 'x' }, { to: '/skate', status: 302, active: true })).toEqual([
      { path: ['to'], kind: 'changed', before: '/skates', after: '/skate' },
      { path: ['active'], kind: 'added', after: true },
      { path: ['note'], kind: 'removed', before: 'x' },
    ]);
  });

  it('reads a creation and a deletion as the whole value added or removed', () => {
    expect(diffJson(null, { to: '/a' })).toEqual([{ path: [], kind: 'added', after: { to: '/a' } }]);
    expect(diffJson({ to: '/a' }, null)).toEqual([{ path: [], kind: 'removed', before: { to: '/a' } }]);
    expect(diffJson(null, null)).toEqual([]);
  });

  it('matches lists of objects by id: an entry added at the top changes nothing below it', () => {
    const before = [
      { id: 'about', name: 'About us', children: [] },
      { id: 'terms', name: 'Terms', children: [] },
    ];
    const after = [
      { id: 'outlet', name: 'Outlet', children: [] },
      { id: 'about', name: 'About the company', children: [] },
    ];
    expect(diffJson(before, after)).toEqual([
      { path: ['outlet'], kind: 'added', after: { id: 'outlet', name: 'Outlet', children: [] } },
      { path: ['about', 'name'], kind: 'changed', before: 'About us', after: 'About the company' },
      { path: ['terms'], kind: 'removed', before: { id: 'terms', name: 'Terms', children: [] } },
    ]);
  });

  it('reports a new order of the same items as a change of the order', () => {
    expect(diffJson([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }])).toEqual([
      { path: ['(order)'], kind: 'changed', before: ['a', 'b'], after: ['b', 'a'] },
    ]);
  });

  it('compares other lists position by position, counting from 1', () => {
    expect(diffJson(['primary'], ['primary', 'secondary'])).toEqual([
      { path: ['2'], kind: 'added', after: 'secondary' },
    ]);
  });
});

describe('formatJsonValue', () => {
  it('shows text as it is and anything else as JSON', () => {
    expect(formatJsonValue('/skate')).toBe('/skate');
    expect(formatJsonValue(301)).toBe('301');
    expect(formatJsonValue(['a'])).toBe('["a"]');
    expect(formatJsonValue(null)).toBe('null');
  });
});

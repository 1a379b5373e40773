import { describe, expect, it } from 'vitest';
import { countChanges, diffVersions } from './version-diff.ts';

const page = (heading: string) => ({
  title: 'Home',
  url: '/',
  body: { kind: 'page', blocks: [{ id: 'hero', type: 'hero', heading }] },
});

describe('diffVersions', () => {
  it('shows the changed field as one removed and one added line, the rest unchanged', () => {
    const lines = diffVersions(page('Winter sale'), page('Autumn sale'));
    expect(lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'removed', text: '        "heading": "Winter sale"' },
      { kind: 'added', text: '        "heading": "Autumn sale"' },
    ]);
    expect(lines.find((line) => line.text.includes('"title"'))).toEqual({ kind: 'same', text: '  "title": "Home",' });
    expect(countChanges(lines)).toEqual({ added: 1, removed: 1 });
  });

  it('finds nothing to show between equal versions', () => {
    expect(countChanges(diffVersions(page('Same'), page('Same')))).toEqual({ added: 0, removed: 0 });
  });
});

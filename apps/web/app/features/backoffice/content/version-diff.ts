/**
 * The history's comparison of a version with the current one (issue 28): both written out as indented JSON (title,
 * URL, body), one field a line, and compared line by line, so an editor reads "heading: Winter sale" against
 * "heading: Autumn sale". Browser-safe.
 */
import { diffLines } from 'diff';

export type DiffLine = { kind: 'added' | 'removed' | 'same'; text: string };

type ComparedVersion = { title: string; url: string | null; body: unknown };

function writeOut(version: ComparedVersion): string {
  return `${JSON.stringify({ title: version.title, url: version.url, body: version.body }, null, 2)}\n`;
}

/** The lines of `current` against `earlier`: removed lines are the earlier version's, added ones the current's. */
export function diffVersions(earlier: ComparedVersion, current: ComparedVersion): DiffLine[] {
  return diffLines(writeOut(earlier), writeOut(current)).flatMap((change) => {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    return change.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({ kind, text }) as DiffLine);
  });
}

/** How many lines each side changed, for the summary above the comparison. */
export function countChanges(lines: readonly DiffLine[]): { added: number; removed: number } {
  return {
    added: lines.filter((line) => line.kind === 'added').length,
    removed: lines.filter((line) => line.kind === 'removed').length,
  };
}

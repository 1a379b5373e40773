/**
 * Edit distances for typo tolerance (issue 11): Damerau–Levenshtein in its "optimal string alignment" form —
 * insert, delete, substitute, or swap two neighbouring letters, each one edit ("snowbord" → "snowboard",
 * "hlemet" → "helmet").
 */

/** Whether a[from…] equals b[otherFrom…]. */
function isSameTail(a: string, from: number, b: string, otherFrom: number): boolean {
  if (a.length - from !== b.length - otherFrom) return false;
  for (let offset = 0; from + offset < a.length; offset++) {
    if (a.charCodeAt(from + offset) !== b.charCodeAt(otherFrom + offset)) return false;
  }
  return true;
}

/** Whether `a` and `b` are at most one edit apart, in O(length) without allocating. */
export function isOneEditAway(a: string, b: string): boolean {
  const lengthDifference = a.length - b.length;
  if (lengthDifference > 1 || lengthDifference < -1) return false;
  let common = 0;
  while (common < a.length && common < b.length && a.charCodeAt(common) === b.charCodeAt(common)) common++;
  if (lengthDifference === 1) return isSameTail(a, common + 1, b, common);
  if (lengthDifference === -1) return isSameTail(a, common, b, common + 1);
  if (common === a.length) return true;
  if (isSameTail(a, common + 1, b, common + 1)) return true;
  return (
    common + 1 < a.length &&
    a.charCodeAt(common) === b.charCodeAt(common + 1) &&
    a.charCodeAt(common + 1) === b.charCodeAt(common) &&
    isSameTail(a, common + 2, b, common + 2)
  );
}

/** The optimal-string-alignment distance of `a` and `b` (for short words: O(|a|·|b|)). */
export function editDistance(a: string, b: string): number {
  const width = b.length + 1;
  // Three rows: two back (for a swap), the previous, the current.
  let older = new Uint32Array(width);
  let previous = Uint32Array.from({ length: width }, (_, column) => column);
  let current = new Uint32Array(width);
  for (let row = 1; row <= a.length; row++) {
    current[0] = row;
    for (let column = 1; column <= b.length; column++) {
      const cost = a.charCodeAt(row - 1) === b.charCodeAt(column - 1) ? 0 : 1;
      let best = Math.min(
        (previous[column] ?? 0) + 1,
        (current[column - 1] ?? 0) + 1,
        (previous[column - 1] ?? 0) + cost,
      );
      if (
        row > 1 &&
        column > 1 &&
        a.charCodeAt(row - 1) === b.charCodeAt(column - 2) &&
        a.charCodeAt(row - 2) === b.charCodeAt(column - 1)
      ) {
        best = Math.min(best, (older[column - 2] ?? 0) + 1);
      }
      current[column] = best;
    }
    [older, previous, current] = [previous, current, older];
  }
  return previous[b.length] ?? 0;
}

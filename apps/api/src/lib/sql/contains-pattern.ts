/**
 * SQL helpers the repositories of several modules share (the one place for them: a module's repository is its own,
 * CODE_STYLE.md "Where code lives").
 */

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

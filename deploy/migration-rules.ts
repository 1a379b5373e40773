/**
 * Expand/contract for migrations (docs/operations.md, ADR 038): during a rolling deploy the previous release's
 * instances run on the new schema, so a migration may only add what they ignore. These rules read a migration's SQL
 * and name each statement the previous release's code could trip over. A contraction (a later release removing what
 * an earlier one stopped using) says so in a first-line comment `-- contract: <why nothing running needs it>`.
 */

export type MigrationProblem = { statement: string; reason: string };

/** What the previous release may still read or write, and why losing it breaks that release. */
const NEVER = [
  {
    pattern: /\bRENAME\b/i,
    reason: 'a rename breaks the running release, which reads the old name: add the new one, copy, drop the old later',
  },
  {
    pattern: /\bALTER\s+COLUMN\s+"?[\w]+"?\s+(SET\s+DATA\s+)?TYPE\b/i,
    reason:
      'a type change breaks the running release and rewrites the table under a lock: add a column of the new type',
  },
  {
    pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
    reason:
      'a NOT NULL column without a default fails the running release’s inserts: add it nullable or with a default',
  },
];

/** Allowed only in a contraction, once no running release uses what it removes or tightens. */
const CONTRACT_ONLY = [
  { pattern: /\bDROP\s+TABLE\b/i, reason: 'drops a table the running release may use' },
  { pattern: /\bDROP\s+COLUMN\b/i, reason: 'drops a column the running release may use' },
  {
    pattern: /\bALTER\s+COLUMN\s+"?[\w]+"?\s+SET\s+NOT\s+NULL\b/i,
    reason: 'SET NOT NULL fails the running release’s writes that leave the column empty',
  },
];

/** The migration's statements (drizzle-kit separates them with `--> statement-breakpoint`), comments removed. */
function statements(sql: string): string[] {
  return sql
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

export function isContraction(sql: string): boolean {
  return /^--\s*contract:\s*\S/i.test(sql.trimStart());
}

/** Each statement of `sql` that the previous release's code could trip over, and why. */
export function checkMigration(sql: string): MigrationProblem[] {
  const rules = isContraction(sql) ? NEVER : [...NEVER, ...CONTRACT_ONLY];
  return statements(sql).flatMap((statement) =>
    rules
      .filter((rule) => rule.pattern.test(statement))
      .map((rule) => ({ statement: statement.split('\n')[0] ?? statement, reason: rule.reason })),
  );
}

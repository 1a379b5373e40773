/**
 * Every migration from 0019 on keeps to expand/contract (migration-rules.ts, docs/operations.md): the previous
 * release runs on the new schema until its last instance stops. 0000–0018 were written before the shop was deployed
 * with rolling updates and are left as they are.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMigration, isContraction } from './migration-rules.ts';

const MIGRATIONS = fileURLToPath(new URL('../packages/db/migrations/', import.meta.url));
/** The first migration written for rolling deploys (issue 30). */
const FIRST_CHECKED = 19;

const migrations = readdirSync(MIGRATIONS)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => ({ file, number: Number(file.slice(0, 4)), sql: readFileSync(path.join(MIGRATIONS, file), 'utf8') }));

describe('migrations keep to expand/contract', () => {
  it('every migration from 0019 on works with the previous release’s code', () => {
    const checked = migrations.filter((migration) => migration.number >= FIRST_CHECKED);
    for (const migration of checked) expect(checkMigration(migration.sql), migration.file).toEqual([]);
  });

  it('finds what an earlier migration did that a rolling deploy could not take', () => {
    // 0010 added customers.country_code, filled it and set NOT NULL in one release: the previous release's new
    // customers (no country) would have failed to save during the deploy.
    const problems = checkMigration(migrations.find((migration) => migration.number === 10)?.sql ?? '');
    expect(problems.map((problem) => problem.statement)).toEqual([
      'ALTER TABLE "vat_rates" ALTER COLUMN "country_code" SET NOT NULL;',
      'ALTER TABLE "customers" ALTER COLUMN "country_code" SET NOT NULL;',
    ]);
    expect(problems[0]?.reason).toContain('SET NOT NULL');
  });

  it('takes a contraction that says so, but never a rename, a type change or a NOT NULL column without a default', () => {
    const drop = 'ALTER TABLE "orders" DROP COLUMN "legacy_reference";';
    expect(checkMigration(drop)).toHaveLength(1);
    expect(isContraction(`-- contract: 0019 stopped writing it\n${drop}`)).toBe(true);
    expect(checkMigration(`-- contract: 0019 stopped writing it\n${drop}`)).toEqual([]);

    const breaking = [
      'ALTER TABLE "orders" RENAME COLUMN "reference" TO "customer_reference";',
      'ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE numeric(14, 2);',
      'ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;',
    ];
    for (const statement of breaking) {
      expect(checkMigration(`-- contract: no\n${statement}`), statement).toHaveLength(1);
    }
    // what an expansion may do
    expect(
      checkMigration(
        [
          'ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT \'web\' NOT NULL;',
          'ALTER TABLE "orders" ADD COLUMN "note" text;',
          'CREATE TABLE "order_notes" ("id" uuid PRIMARY KEY, "text" text NOT NULL);',
        ].join('--> statement-breakpoint\n'),
      ),
    ).toEqual([]);
  });
});

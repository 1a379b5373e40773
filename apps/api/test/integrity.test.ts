/**
 * GET /api/Integrity/Check (issue 10 §2, behind the storefront's /integrity/Check): database, migrations, search
 * index age and mail outbox backlog, each reported; failures are answered as `failing` with 200, never as a 500.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { MIGRATIONS_FOLDER } from '@b2b/db';
import { mailOutbox } from '@b2b/db/schema';
import { createTestDatabase } from '@b2b/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAnonymousContext } from '../src/context.ts';
import {
  checkIntegrity,
  MAIL_BACKLOG_MAX_AGE_MS,
  SEARCH_INDEX_MAX_AGE_MS,
} from '../src/modules/health/integrity.service.ts';
import { SearchIndexService } from '../src/modules/search/search-index.service.ts';
import { callEndpoint, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, TEST_JWT_SECRET } from './support/test-app.ts';

const endpoint = healthEndpoints.getIntegrityCheck;
const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function report(app = testApp.app) {
  const answer = expectOk(endpoint, await callEndpoint(app, endpoint));
  return { ...answer, byName: Object.fromEntries(answer.checks.map((check) => [check.name, check])) };
}

/** A mail that has waited `minutes` and is not due again before the test ends (no delivery pass takes it). */
async function insertWaitingMail(minutes: number) {
  const [row] = await testApp.db
    .insert(mailOutbox)
    .values({
      toAddress: 'someone@example.test',
      subject: 'Waiting',
      textBody: 'Waiting',
      kind: 'test',
      createdAt: new Date(Date.now() - minutes * 60_000),
      nextAttemptAt: new Date(Date.now() + 60 * 60_000),
    })
    .returning({ id: mailOutbox.id });
  return row?.id ?? '';
}

async function clearOutbox() {
  await testApp.db.delete(mailOutbox);
}

describe('Integrity/Check', () => {
  it('reports all four checks as passing on a healthy app, without login', async () => {
    const answer = await report();
    expect(answer.status).toBe('ok');
    expect(Date.now() - Date.parse(answer.checkedAt)).toBeLessThan(60_000);
    expect(answer.checks.map((check) => [check.name, check.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['searchIndex', true],
      ['mailOutbox', true],
    ]);
    expect(answer.byName.migrations?.detail).toBe(`${SHIPPED_MIGRATIONS} of ${SHIPPED_MIGRATIONS} migrations applied`);
    expect(answer.byName.searchIndex?.detail).toMatch(/^index built \d+ s ago$/);
    expect(answer.byName.mailOutbox?.detail).toBe('0 mails waiting');
  });

  it('fails the migrations check when the database and this build disagree', async () => {
    await testApp.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('integrity-test', 0)`,
    );
    try {
      const answer = await report();
      expect(answer.status).toBe('failing');
      expect(answer.byName.migrations).toEqual({
        name: 'migrations',
        ok: false,
        detail: `${SHIPPED_MIGRATIONS + 1} migrations applied, this build knows ${SHIPPED_MIGRATIONS}`,
      });
    } finally {
      await testApp.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'integrity-test'`);
    }
    expect((await report()).status).toBe('ok');
  });

  it(`fails the mail check when a mail has waited over 15 minutes and delivery is on`, async () => {
    expect(MAIL_BACKLOG_MAX_AGE_MS).toBe(15 * 60 * 1000);
    // The same database, with SMTP delivery on (a server that is never reached: the pass runs once an hour).
    const deliveringApp = await build(
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: TEST_JWT_SECRET,
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_DELIVERY_INTERVAL_MS: '3600000',
      }),
      { database: testApp.database },
    );
    try {
      await insertWaitingMail(5);
      const recent = await report(deliveringApp);
      expect(recent.status).toBe('ok');
      expect(recent.byName.mailOutbox?.detail).toMatch(/^1 mail waiting, the oldest for 3\d\d s$/);

      await insertWaitingMail(16);
      const stuck = await report(deliveringApp);
      expect(stuck.status).toBe('failing');
      expect(stuck.byName.mailOutbox?.ok).toBe(false);
      expect(stuck.byName.mailOutbox?.detail).toMatch(/^2 mails waiting, the oldest for 9\d\d s$/);

      // Sent and given-up mails are not waiting.
      await testApp.db.update(mailOutbox).set({ sentAt: new Date() });
      expect((await report(deliveringApp)).byName.mailOutbox).toEqual({
        name: 'mailOutbox',
        ok: true,
        detail: '0 mails waiting',
      });
    } finally {
      await deliveringApp.close();
      await clearOutbox();
    }
  });

  it('reports a backlog without failing when delivery is off (no SMTP_URL keeps mails in the outbox)', async () => {
    await insertWaitingMail(60);
    try {
      const answer = await report();
      expect(answer.status).toBe('ok');
      expect(answer.byName.mailOutbox?.detail).toMatch(
        /^1 mail waiting, the oldest for 36\d\d s \(delivery is off: SMTP_URL unset\)$/,
      );
    } finally {
      await clearOutbox();
    }
  });

  it('fails the search index check before the index is built (an index may be 25 minutes old)', async () => {
    expect(SEARCH_INDEX_MAX_AGE_MS).toBe(25 * 60 * 1000);
    const unbuilt = new SearchIndexService(testApp.database);
    const answer = await checkIntegrity(createAnonymousContext(testApp.db), {
      searchIndex: unbuilt,
      isMailDeliveryOn: false,
    });
    expect(answer.status).toBe('failing');
    expect(answer.checks.find((check) => check.name === 'searchIndex')).toEqual({
      name: 'searchIndex',
      ok: false,
      detail: 'the search index has not been built',
    });
  });

  it('reports a database that does not answer as failing checks instead of throwing (no 500)', async () => {
    // A database of its own, closed: the app's own cannot be closed under it (on PostgreSQL the search index holds
    // a LISTEN connection, and the pool waits for it).
    const closed = await createTestDatabase();
    await closed.close();
    const answer = await checkIntegrity(createAnonymousContext(closed.db), {
      searchIndex: testApp.app.searchIndex,
      isMailDeliveryOn: true,
    });
    expect(answer.status).toBe('failing');
    expect(answer.checks).toEqual([
      { name: 'database', ok: false, detail: 'the database does not answer' },
      { name: 'migrations', ok: false, detail: 'the applied migrations could not be read' },
      { name: 'searchIndex', ok: true, detail: expect.stringMatching(/^index built \d+ s ago$/) },
      { name: 'mailOutbox', ok: false, detail: 'the mail outbox could not be read' },
    ]);
  });
});

/**
 * GET /api/Integrity/Check (issue 10 §2, behind the storefront's /integrity/Check): database, migrations, search
 * index age and mail outbox backlog, each reported; failures are answered as `failing` with 200, never as a 500.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { INTEGRITY_TOKEN_HEADER } from '@b2b/contract';
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
import { createBuyer, createStaff } from './support/signed-in-users.ts';
import { createTestApp, TEST_JWT_SECRET } from './support/test-app.ts';

const endpoint = healthEndpoints.getIntegrityCheck;
const SHIPPED_MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** The monitors' token of this test's API (INTEGRITY_CHECK_TOKEN). */
const INTEGRITY_TOKEN = 'monitor-token-0123456789';

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp({ INTEGRITY_CHECK_TOKEN: INTEGRITY_TOKEN });
});
afterAll(async () => {
  await testApp?.close();
});

/** The report as a monitor with the integrity token reads it, with its checks by name. */
async function report(app = testApp.app) {
  const answer = expectOk(
    endpoint,
    await callEndpoint(app, endpoint, { headers: { [INTEGRITY_TOKEN_HEADER]: INTEGRITY_TOKEN } }),
  );
  const { checks = [], checkedAt = '' } = answer;
  return { ...answer, checkedAt, checks, byName: Object.fromEntries(checks.map((check) => [check.name, check])) };
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

describe('who reads the detail of Integrity/Check', () => {
  it('tells an anonymous caller the status alone, nothing about migrations, index or mails', async () => {
    const response = await callEndpoint(testApp.app, endpoint);
    expect(expectOk(endpoint, response)).toEqual({ status: 'ok' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers a wrong token, and a token of the right length but not the right one, like none', async () => {
    for (const wrong of ['wrong', 'monitor-token-0123456780', '']) {
      const response = await callEndpoint(testApp.app, endpoint, { headers: { [INTEGRITY_TOKEN_HEADER]: wrong } });
      expect(response.json(), wrong).toEqual({ status: 'ok' });
    }
  });

  it('tells a buyer the status alone, and the back office every check', async () => {
    const buyer = await createBuyer(testApp, { username: 'integrity-buyer' });
    expect(expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token: buyer.token }))).toEqual({
      status: 'ok',
    });

    const office = await createStaff(testApp, { username: 'integrity-office' });
    const answer = expectOk(endpoint, await callEndpoint(testApp.app, endpoint, { token: office.token }));
    expect(answer.checks?.map((check) => check.name)).toEqual(['database', 'migrations', 'searchIndex', 'mailOutbox']);
  });

  it('tells a failing status without the detail, and gives the detail to no token when INTEGRITY_CHECK_TOKEN is unset', async () => {
    await insertWaitingMail(16);
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
      expect(expectOk(endpoint, await callEndpoint(deliveringApp, endpoint))).toEqual({ status: 'failing' });
      const withToken = await callEndpoint(deliveringApp, endpoint, {
        headers: { [INTEGRITY_TOKEN_HEADER]: INTEGRITY_TOKEN },
      });
      expect(expectOk(endpoint, withToken)).toEqual({ status: 'failing' });
    } finally {
      await deliveringApp.close();
      await clearOutbox();
    }
  });
});

describe('Integrity/Check', () => {
  it('reports all four checks as passing on a healthy app, to a monitor with the token', async () => {
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
        INTEGRITY_CHECK_TOKEN: INTEGRITY_TOKEN,
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

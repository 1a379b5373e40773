/**
 * The audit log's search (issue 28): POST /backoffice/api/Audit/GetBySearch against a real database. Staff changes
 * are written by the calls that make them (here a menu save) and, for fixed times, by a small factory; the sales
 * reps' impersonation sessions come from Impersonate and are merged in by time.
 */

import type { AuditEntry } from '@b2b/contract';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { auditEndpoints } from '@b2b/contract/endpoints/audit';
import { impersonationEndpoints } from '@b2b/contract/endpoints/impersonation';
import { auditEntries, impersonationSessions } from '@b2b/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createCustomer } from './support/factories.ts';
import { createRep, createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp, EU_AREA } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let editor: SignedInUser;
let rep: SignedInUser;
let sessionId = '';
let customerNo = '';

/** The fixed entries and the session lie in 2019, before anything the seed or the calls of this file write. */
const PERIOD = { from: '2019-01-01T00:00:00.000Z', to: '2020-01-01T00:00:00.000Z' };
const PAGE = { pageSize: 20, pageNr: 1 };

async function addAuditEntry(fields: {
  at: string;
  actorUsername: string;
  objectType: string;
  objectId: string;
  action: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}) {
  await testApp.db.insert(auditEntries).values({
    occurredAt: new Date(fields.at),
    actorUsername: fields.actorUsername,
    objectType: fields.objectType,
    objectId: fields.objectId,
    action: fields.action,
    summary: fields.summary,
    before: fields.before ?? null,
    after: fields.after ?? null,
  });
}

async function search(body: Record<string, unknown>) {
  const response = await callEndpoint(testApp.app, auditEndpoints.getAuditEntriesBySearch, {
    body: { ...PAGE, ...body },
    token: editor.token,
  });
  return expectOk(auditEndpoints.getAuditEntriesBySearch, response);
}

function summaries(entries: AuditEntry[]) {
  return entries.map((entry) => entry.summary);
}

beforeAll(async () => {
  testApp = await createTestApp();
  editor = await createStaff(testApp, { username: 'audit-editor' });
  const customer = await createCustomer(testApp.db, { name: 'Alpine Boardshop GmbH' });
  customerNo = customer.customerNumber;
  rep = await createRep(testApp, [customer.id], { username: 'audit-rep', name: 'Rita Rep' });

  await addAuditEntry({
    at: '2019-03-01T10:00:00Z',
    actorUsername: 'audit-editor',
    objectType: 'redirect',
    objectId: '/old-skates',
    action: 'update',
    summary: 'Redirect /old-skates → /skate (301)',
    before: { to: '/skates', status: 302 },
    after: { to: '/skate', status: 301 },
  });
  await addAuditEntry({
    at: '2019-03-02T10:00:00Z',
    actorUsername: 'audit-other',
    objectType: 'order',
    objectId: '100123',
    action: 'state-change',
    summary: 'Order 100123: Placed → Shipped',
  });
  await addAuditEntry({
    at: '2019-03-03T10:00:00Z',
    actorUsername: 'audit-editor',
    objectType: 'document',
    objectId: 'eu/en-GB/about',
    action: 'delete',
    summary: 'Deleted page About us',
    before: { title: 'About us' },
  });

  const started = expectOk(
    impersonationEndpoints.impersonate,
    await callEndpoint(testApp.app, impersonationEndpoints.impersonate, {
      token: rep.token,
      body: { customerNo, area: EU_AREA, reason: 'phone order' },
    }),
  );
  sessionId = started.sessionId;
  await callEndpoint(testApp.app, impersonationEndpoints.endImpersonation, { token: started.token, body: {} });
  await testApp.db
    .update(impersonationSessions)
    .set({ startedAt: new Date('2019-03-02T12:00:00Z'), lastActivityAt: new Date('2019-03-02T12:00:00Z') })
    .where(eq(impersonationSessions.id, sessionId));
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /backoffice/api/Audit/GetBySearch', () => {
  it('lists the changes and the impersonation sessions of a period, newest first, with before and after', async () => {
    const answer = await search(PERIOD);
    expect(answer.totalCount).toBe(4);
    expect(answer.entries.map((entry) => [entry.occurredAt, entry.objectType, entry.actorUsername])).toEqual([
      ['2019-03-03T10:00:00.000Z', 'document', 'audit-editor'],
      ['2019-03-02T12:00:00.000Z', 'impersonation-session', 'audit-rep'],
      ['2019-03-02T10:00:00.000Z', 'order', 'audit-other'],
      ['2019-03-01T10:00:00.000Z', 'redirect', 'audit-editor'],
    ]);
    expect(answer.entries[3]).toMatchObject({
      objectId: '/old-skates',
      action: 'update',
      before: { to: '/skates', status: 302 },
      after: { to: '/skate', status: 301 },
    });
    expect(answer.entries[1]).toMatchObject({
      entryId: sessionId,
      objectId: sessionId,
      action: 'impersonate',
      summary: `Rita Rep acted for customer ${customerNo} Alpine Boardshop GmbH (phone order): 0 actions, ended by the rep`,
      before: null,
      after: {
        customer: { customerNo, name: 'Alpine Boardshop GmbH' },
        reason: 'phone order',
        startedAt: '2019-03-02T12:00:00.000Z',
        endReason: 'ended',
        actions: [],
      },
    });
    expect(answer.objectTypes).toEqual(
      expect.arrayContaining(['document', 'redirect', 'menu', 'impersonation-session']),
    );
  });

  it('records a staff change with its call, in the same transaction, and finds it by object', async () => {
    const menu = expectOk(
      areaEndpoints.getMenus,
      await callEndpoint(testApp.app, areaEndpoints.getMenus, { query: { areaId: 'us' }, token: editor.token }),
    );
    const entries = menu.entries.filter((entry) => entry.id !== 'terms');
    expectOk(
      areaEndpoints.updateMenus,
      await callEndpoint(testApp.app, areaEndpoints.updateMenus, {
        body: { areaId: 'us', entries, version: menu.version },
        token: editor.token,
      }),
    );
    const answer = await search({ objectType: 'menu', objectId: 'us/site' });
    expect(answer.totalCount).toBe(1);
    expect(answer.entries[0]).toMatchObject({
      actorUsername: 'audit-editor',
      action: 'update',
      summary: 'Site menu of area us: removed "Terms"',
      before: menu.entries,
      after: entries,
    });
    expect(Date.now() - Date.parse(answer.entries[0]?.occurredAt ?? '')).toBeLessThan(60_000);
  });

  it('filters by actor (any case), object type, object id, action and text', async () => {
    expect(summaries((await search({ ...PERIOD, actorUsername: 'Audit-Editor' })).entries)).toEqual([
      'Deleted page About us',
      'Redirect /old-skates → /skate (301)',
    ]);
    expect(summaries((await search({ ...PERIOD, objectType: 'order' })).entries)).toEqual([
      'Order 100123: Placed → Shipped',
    ]);
    expect(summaries((await search({ objectId: '/old-skates' })).entries)).toEqual([
      'Redirect /old-skates → /skate (301)',
    ]);
    expect(summaries((await search({ ...PERIOD, action: 'delete' })).entries)).toEqual(['Deleted page About us']);
    expect(summaries((await search({ ...PERIOD, text: 'placed → SHIPPED' })).entries)).toEqual([
      'Order 100123: Placed → Shipped',
    ]);
    // a LIKE character is searched for as itself
    expect((await search({ ...PERIOD, text: '%' })).totalCount).toBe(0);
  });

  it('lists impersonation sessions by type, rep, session id, customer or reason, and a period', async () => {
    const byType = await search({ ...PERIOD, objectType: 'impersonation-session' });
    expect(byType.entries.map((entry) => entry.entryId)).toEqual([sessionId]);
    expect((await search({ actorUsername: 'AUDIT-REP' })).entries.map((entry) => entry.entryId)).toEqual([sessionId]);
    expect((await search({ objectId: sessionId })).entries.map((entry) => entry.entryId)).toEqual([sessionId]);
    expect((await search({ text: 'Alpine Boardshop', ...PERIOD })).entries.map((entry) => entry.entryId)).toEqual([
      sessionId,
    ]);
    expect((await search({ text: 'PHONE ORDER', ...PERIOD })).totalCount).toBe(1);
    expect((await search({ ...PERIOD, action: 'impersonate' })).entries.map((entry) => entry.entryId)).toEqual([
      sessionId,
    ]);
    // a period without the session, and an action sessions do not have, leave it out
    expect((await search({ from: '2019-03-02T12:00:01Z', to: PERIOD.to, actorUsername: 'audit-rep' })).totalCount).toBe(
      0,
    );
    expect((await search({ ...PERIOD, action: 'update' })).entries.map((entry) => entry.objectType)).toEqual([
      'redirect',
    ]);
  });

  it('pages the merged list without repeating or skipping an entry', async () => {
    const all = (await search(PERIOD)).entries.map((entry) => entry.entryId);
    const pages: string[] = [];
    for (const pageNr of [1, 2, 3]) {
      const answer = await search({ ...PERIOD, pageSize: 2, pageNr });
      expect(answer).toMatchObject({ pageNr, pageSize: 2, totalCount: 4 });
      pages.push(...answer.entries.map((entry) => entry.entryId));
    }
    expect(pages).toEqual(all);
  });

  it('answers 400 naming the field for bad input', async () => {
    const call = (body: unknown) =>
      callEndpoint(testApp.app, auditEndpoints.getAuditEntriesBySearch, { body, token: editor.token });
    const unknownType = expectError(
      auditEndpoints.getAuditEntriesBySearch,
      await call({ ...PAGE, objectType: 'spaceship' }),
      400,
      'ValidationException',
    );
    expect(unknownType.errors?.[0]?.field).toBe('objectType');
    expect(unknownType.errors?.[0]?.message).toContain('document, redirect, order');
    expect(unknownType.errors?.[0]?.message).toContain('impersonation-session');

    const cases: Array<[body: unknown, field: string]> = [
      [{ ...PAGE, actor: 'audit-editor' }, 'actor'],
      [{ ...PAGE, from: '2019-03-01' }, 'from'],
      [{ ...PAGE, from: '2019-03-02T00:00:00Z', to: '2019-03-01T00:00:00Z' }, 'to'],
      [{ ...PAGE, pageSize: 101 }, 'pageSize'],
      [{ pageSize: 20 }, 'pageNr'],
    ];
    for (const [body, field] of cases) {
      const error = expectError(auditEndpoints.getAuditEntriesBySearch, await call(body), 400);
      expect(
        error.errors?.map((fieldError) => fieldError.field),
        JSON.stringify(error),
      ).toContain(field);
    }
  });
});

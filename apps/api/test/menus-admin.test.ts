/**
 * Editing the site menu in the back office (issue 28; spec §2 Menus): GetMenus and UpdateMenus against a real
 * database. A save replaces the entries whole, the storefront's GetAreaById reads them at once, every save is in the
 * audit log with before and after, and a save from an older version (or a bad menu) changes nothing.
 */
import { type MenuEntry, menuEntrySchema } from '@b2b/contract';
import { areaEndpoints } from '@b2b/contract/endpoints/area';
import { auditEntries } from '@b2b/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createStaff, type SignedInUser } from './support/signed-in-users.ts';
import { createTestApp } from './support/test-app.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let staff: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(testApp, { username: 'menu-editor' });
});

afterAll(async () => {
  await testApp?.close();
});

async function getMenus(areaId: 'eu' | 'us') {
  const response = await callEndpoint(testApp.app, areaEndpoints.getMenus, { query: { areaId }, token: staff.token });
  return expectOk(areaEndpoints.getMenus, response);
}

function saveMenus(body: unknown) {
  return callEndpoint(testApp.app, areaEndpoints.updateMenus, { body, token: staff.token });
}

async function storefrontSiteMenu(areaId: 'eu' | 'us') {
  const response = await callEndpoint(testApp.app, areaEndpoints.getAreaById, { query: { AreaId: areaId } });
  return expectOk(areaEndpoints.getAreaById, response).settings.menus.find((menu) => menu.id === 'site');
}

async function menuAuditEntries(areaId: string) {
  return testApp.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, 'menu'), eq(auditEntries.objectId, `${areaId}/site`)))
    .orderBy(auditEntries.occurredAt);
}

function entry(id: string, name: string, url: string, tags: MenuEntry['tags'], children: MenuEntry[] = []): MenuEntry {
  return { id, name, url, tags, children };
}

describe('GET /backoffice/api/Area/GetMenus', () => {
  it("answers the area's site menu as seeded, with a version and no last change", async () => {
    const menu = await getMenus('us');
    expect(menu.areaId).toBe('us');
    expect(menu.entries.map((item) => item.id)).toEqual([
      'campaigns',
      'my-account',
      'about',
      'contact',
      'delivery',
      'returns',
      'terms',
      'request-account',
    ]);
    expect(menu.entries.find((item) => item.id === 'my-account')?.children).toHaveLength(5);
    expect(menu.version).toMatch(/^[0-9a-f]{20}$/);
    expect(menu.lastChange).toBeNull();
    expect((await getMenus('us')).version).toBe(menu.version);
  });
});

describe('POST /backoffice/api/Area/UpdateMenus', () => {
  it('saves the entries, the storefront reads them at once, and the audit log holds before and after', async () => {
    const before = await getMenus('eu');
    const entries = before.entries.map((item) => (item.id === 'about' ? { ...item, name: 'About the company' } : item));
    entries.splice(
      1,
      0,
      entry('outlet', 'Outlet', '/outlet', ['primary'], [entry('outlet-skate', 'Skate', '/outlet/skate', ['primary'])]),
    );

    const saved = expectOk(
      areaEndpoints.updateMenus,
      await saveMenus({ areaId: 'eu', entries, version: before.version }),
    );
    expect(saved.entries).toEqual(entries);
    expect(saved.version).not.toBe(before.version);
    expect(saved.lastChange?.byUsername).toBe('menu-editor');
    expect(await getMenus('eu')).toEqual(saved);

    const storefront = await storefrontSiteMenu('eu');
    expect(storefront?.entries).toEqual(entries);
    expect(storefront?.entries.find((item) => item.id === 'about')?.name).toBe('About the company');
    // The other area's menu is its own.
    expect((await storefrontSiteMenu('us'))?.entries.find((item) => item.id === 'about')?.name).toBe('About us');

    const [audit, ...more] = await menuAuditEntries('eu');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: staff.userId,
      actorUsername: 'menu-editor',
      objectType: 'menu',
      objectId: 'eu/site',
      action: 'update',
      summary: 'Site menu of area eu: added "Outlet"; added "Skate"; renamed "About us" to "About the company"',
    });
    expect(z.array(menuEntrySchema).parse(audit?.before)).toEqual(before.entries);
    expect(z.array(menuEntrySchema).parse(audit?.after)).toEqual(entries);
  });

  it('refuses a save from an older version with 409, naming the menu, and changes nothing', async () => {
    const opened = await getMenus('us');
    const first = opened.entries.filter((item) => item.id !== 'terms');
    expectOk(areaEndpoints.updateMenus, await saveMenus({ areaId: 'us', entries: first, version: opened.version }));
    const auditCount = (await menuAuditEntries('us')).length;

    const second = opened.entries.map((item) => (item.id === 'contact' ? { ...item, url: '/contact-us' } : item));
    const error = expectError(
      areaEndpoints.updateMenus,
      await saveMenus({ areaId: 'us', entries: second, version: opened.version }),
      409,
      'ConflictException',
    );
    expect(error.message).toContain('site menu of area us');
    expect((await getMenus('us')).entries).toEqual(first);
    expect(await menuAuditEntries('us')).toHaveLength(auditCount);
  });

  it('answers 400 naming the field for bad menus, and writes nothing', async () => {
    const { entries, version } = await getMenus('eu');
    const auditCount = (await menuAuditEntries('eu')).length;
    const deep = entry(
      'a',
      'A',
      '/a',
      ['primary'],
      [entry('b', 'B', '/b', ['primary'], [entry('c', 'C', '/c', ['primary'], [entry('d', 'D', '/d', ['primary'])])])],
    );
    const cases: Array<[body: unknown, field: string, message: RegExp]> = [
      [{ areaId: 'eu', entries, version, publish: true }, 'publish', /not a known field/],
      [{ areaId: 'eu', entries: [{ ...entries[0], colour: 'red' }], version }, 'entries.0.colour', /not a known field/],
      [
        { areaId: 'eu', entries: [entry('x', 'X', 'javascript:alert(1)', ['primary'])], version },
        'entries.0.url',
        /site path/,
      ],
      [
        { areaId: 'eu', entries: [entry('x', 'X', '//evil.example', ['primary'])], version },
        'entries.0.url',
        /site path/,
      ],
      [{ areaId: 'eu', entries: [entry('x', '  ', '/x', ['primary'])], version }, 'entries.0.name', /required/],
      [{ areaId: 'eu', entries: [deep], version }, 'entries.0.children.0.children.0.children', /3 levels/],
      [{ areaId: 'eu', entries: [entry('x', 'X', '/x', ['primary', 'primary'])], version }, 'entries.0.tags', /twice/],
      [
        { areaId: 'eu', entries: [entry('x', 'X', '/x', ['primary']), entry('x', 'Y', '/y', ['secondary'])], version },
        'entries.1.id',
        /unique/,
      ],
      [
        { areaId: 'eu', entries: [entry('x', 'Hidden', '/x', ['anonymous-only'])], version },
        'entries.0.tags',
        /shown nowhere/,
      ],
      [
        { areaId: 'eu', entries: [entry('x', 'Top', '/x', ['secondary'], [entry('y', 'Y', '/y', [])])], version },
        'entries.0.children',
        /only main-menu entries/,
      ],
      [{ areaId: 'mars', entries, version }, 'areaId', /./],
      [{ areaId: 'eu', entries }, 'version', /./],
    ];
    for (const [body, field, message] of cases) {
      const error = expectError(areaEndpoints.updateMenus, await saveMenus(body), 400);
      const named = error.errors?.find((fieldError) => fieldError.field === field);
      expect(named, `${JSON.stringify(error.errors)} should name ${field}`).toBeDefined();
      expect(`${named?.field} ${named?.message}`).toMatch(message);
    }
    expect((await getMenus('eu')).version).toBe(version);
    expect(await menuAuditEntries('eu')).toHaveLength(auditCount);
  });

  it('lets one of two editors who save from the same version at once win; the other gets 409', async () => {
    const opened = await getMenus('eu');
    const auditCount = (await menuAuditEntries('eu')).length;
    const mine = opened.entries.map((item) => (item.id === 'contact' ? { ...item, name: 'Contact sales' } : item));
    const theirs = opened.entries.filter((item) => item.id !== 'returns');
    const answers = await Promise.all([
      saveMenus({ areaId: 'eu', entries: mine, version: opened.version }),
      saveMenus({ areaId: 'eu', entries: theirs, version: opened.version }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? mine : theirs;
    expect((await getMenus('eu')).entries).toEqual(winner);
    expect(await menuAuditEntries('eu')).toHaveLength(auditCount + 1);
  });
});

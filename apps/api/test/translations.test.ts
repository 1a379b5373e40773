/** GET /api/Content/GetTranslationsByAreaId: the storefront's texts per area and language (spec §7, §8). */
import { contentEndpoints } from '@b2b/contract/endpoints/content';
import { translations } from '@b2b/db/schema';
import { createTestDatabase } from '@b2b/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { callEndpoint, expectError, expectOk } from './support/endpoint-calls.ts';
import { createTestApp, TEST_JWT_SECRET } from './support/test-app.ts';

const endpoint = contentEndpoints.getTranslationsByAreaId;

let testApp: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  testApp = await createTestApp();
  const texts = [
    { areaId: 'eu', languageCode: 'en-GB', key: 'Toast.DefaultErrorTitle', value: 'Der opstod en fejl' },
    { areaId: 'eu', languageCode: 'en-GB', key: 'Test.Greeting', value: 'Hello from Europe' },
    { areaId: 'us', languageCode: 'en-GB', key: 'Test.Greeting', value: 'Hello from America' },
    { areaId: 'eu', languageCode: 'da-DK', key: 'Test.Greeting', value: 'Hej' },
  ];
  for (const text of texts) {
    await testApp.db
      .insert(translations)
      .values(text)
      .onConflictDoUpdate({
        target: [translations.areaId, translations.languageCode, translations.key],
        set: { value: text.value },
      });
  }
});

afterAll(async () => {
  await testApp?.close();
});

async function getTranslations(query: Record<string, string>) {
  return callEndpoint(testApp.app, endpoint, { query });
}

describe('GetTranslationsByAreaId', () => {
  it('answers every text of the area and language by key, without login', async () => {
    const answer = expectOk(endpoint, await getTranslations({ AreaId: 'eu', LanguageCode: 'en-GB' }));
    expect(answer).toMatchObject({ areaId: 'eu', languageCode: 'en-GB' });
    // spec §8: the error toast's default title is Danish.
    expect(answer.translations['Toast.DefaultErrorTitle']).toBe('Der opstod en fejl');
    expect(answer.translations['Test.Greeting']).toBe('Hello from Europe');
  });

  it('keeps areas and languages apart', async () => {
    const us = expectOk(endpoint, await getTranslations({ AreaId: 'us', LanguageCode: 'en-GB' }));
    expect(us.translations['Test.Greeting']).toBe('Hello from America');
    const danish = expectOk(endpoint, await getTranslations({ AreaId: 'eu', LanguageCode: 'da-DK' }));
    expect(danish.translations).toEqual({ 'Test.Greeting': 'Hej' });
  });

  it('answers an empty record for a language without texts', async () => {
    const answer = expectOk(endpoint, await getTranslations({ AreaId: 'eu', LanguageCode: 'fr-FR' }));
    expect(answer).toEqual({ areaId: 'eu', languageCode: 'fr-FR', translations: {} });
  });

  it.each([
    ['AreaId', { AreaId: 'mars', LanguageCode: 'en-GB' }],
    ['AreaId', { LanguageCode: 'en-GB' }],
    ['LanguageCode', { AreaId: 'eu' }],
    ['LanguageCode', { AreaId: 'eu', LanguageCode: 'english' }],
    ['Extra', { AreaId: 'eu', LanguageCode: 'en-GB', Extra: '1' }],
  ])('refuses a bad or missing %s with 400 naming it', async (field, query) => {
    expect(expectError(endpoint, await getTranslations(query), 400).errors?.[0]?.field).toBe(field);
  });

  it('answers 404 when the database holds no such area', async () => {
    // A migrated database without the seed: no area rows at all.
    const database = await createTestDatabase({ empty: true });
    const app = await build(loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET }), { database });
    try {
      const response = await callEndpoint(app, endpoint, { query: { AreaId: 'eu', LanguageCode: 'en-GB' } });
      expectError(endpoint, response, 404, 'NotFoundException');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

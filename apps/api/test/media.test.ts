/**
 * GET /api/Media/GetMediaFile: the bytes behind the web's /images/raw/{b64Path} route. Its answer is a file, not
 * JSON, so the success cases check status, headers and bytes themselves; errors go through expectError.
 */
import { mediaEndpoints } from '@b2b/contract/endpoints/media';
import { mediaFiles, products } from '@b2b/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint, expectError } from './support/endpoint-calls.ts';
import { createTestApp } from './support/test-app.ts';

const endpoint = mediaEndpoints.getMediaFile;

let testApp: Awaited<ReturnType<typeof createTestApp>>;
let path: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const [product] = await testApp.db.select({ media: products.media }).from(products).limit(1);
  // The product's image URL is /images/raw/<base64url of the stored path> (spec §2 static routes).
  const encoded = product?.media[0]?.url.split('/').at(-1) ?? '';
  path = Buffer.from(encoded, 'base64url').toString('utf8');
  expect(path).toMatch(/^products\//);
});
afterAll(async () => {
  await testApp.close();
});

function getMediaFile(mediaPath: string, headers: Record<string, string> = {}) {
  return callEndpoint(testApp.app, endpoint, { query: { Path: mediaPath }, headers });
}

describe('GetMediaFile', () => {
  it('returns the stored bytes with their content type and long cache headers', async () => {
    const response = await getMediaFile(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.body).toMatch(/^<svg /);
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await getMediaFile(path);
    const second = await getMediaFile(path, { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('serves binary content unchanged', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
    await testApp.db.insert(mediaFiles).values({ path: 'test/pixel.png', contentType: 'image/png', body: bytes });
    const response = await getMediaFile('test/pixel.png');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for an unknown path', async () => {
    const response = await getMediaFile('products/does-not-exist.svg');
    expect(expectError(endpoint, response, 404, 'NotFoundException')).toMatchObject({ error: 'Not Found' });
  });

  it.each(['../etc/passwd', '/products/x.svg', 'products/../x', 'products//x.svg', 'a b.svg'])(
    'refuses %j with 400',
    async (bad) => {
      const response = await getMediaFile(bad);
      expect(expectError(endpoint, response, 400).errors?.map((error) => error.field)).toEqual(['Path']);
    },
  );

  it('requires Path (spec §5)', async () => {
    const response = await callEndpoint(testApp.app, endpoint, { query: {} });
    expect(expectError(endpoint, response, 400, 'MissingParameterException').message).toBe(
      'The parameter Path must be defined and cannot be null.',
    );
  });
});

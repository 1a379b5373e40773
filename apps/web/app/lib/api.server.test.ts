import { UNEXPECTED_SERVER_ERROR_MESSAGE } from '@b2b/contract';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, isAnsweredStatus, requestEndpoint } from './api.server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown = null) {
  const fetchMock = vi.fn(async () =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('API client status rule (spec §8)', () => {
  it("accepts 200, 204 and the endpoint's declared success status only", () => {
    expect(isAnsweredStatus(200)).toBe(true);
    expect(isAnsweredStatus(204)).toBe(true);
    for (const status of [201, 202, 203, 206, 299, 304, 400, 404, 500]) expect(isAnsweredStatus(status)).toBe(false);
    // CreateOrderByCartId declares 201 Created: that one, and no other 2xx, is its answer.
    expect(isAnsweredStatus(201, 201)).toBe(true);
    expect(isAnsweredStatus(202, 201)).toBe(false);
  });

  it('answers the 201 an endpoint declares (CreateOrderByCartId) with its body', async () => {
    answer(201, { order: 'placed' });
    const created = { ...healthEndpoints.getHealth, successStatus: 201 as const };
    await expect(requestEndpoint(created, {})).resolves.toEqual({ order: 'placed' });
  });

  it('answers 200 with the body and 204 with nothing', async () => {
    answer(200, { status: 'ok' });
    await expect(requestEndpoint(healthEndpoints.getHealth, {})).resolves.toEqual({ status: 'ok' });
    answer(204);
    await expect(requestEndpoint(healthEndpoints.getHealth, {})).resolves.toBeUndefined();
  });

  it.each([201, 202, 206])('treats %i as "An unexpected server error occurred." with the status', async (status) => {
    answer(status, { status: 'ok' });
    const error = await errorOf(requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status, type: 'UnexpectedServerError', message: UNEXPECTED_SERVER_ERROR_MESSAGE });
  });

  it("keeps the API's exception type and message where the error body names them", async () => {
    answer(404, { statusCode: 404, type: 'NotFoundException', error: 'Not Found', message: 'Cart not found.' });
    const error = await errorOf(requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({ status: 404, type: 'NotFoundException', message: 'Cart not found.' });
  });

  it('an error without a typed body is the unexpected server error with its status', async () => {
    answer(418, 'teapot');
    const error = await errorOf(requestEndpoint(healthEndpoints.getHealth, {}));
    expect(error).toMatchObject({
      status: 418,
      type: 'UnexpectedServerError',
      message: UNEXPECTED_SERVER_ERROR_MESSAGE,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { forbiddenContentData, forbiddenMessageOf } from '~/features/content/content-forbidden.ts';
import { NO_CUSTOMER_REASON } from '~/lib/session-summary.ts';
import { errorPageTitle } from './error-page-title.ts';

/** What a loader's `throw data(body, { status })` is when the error boundary receives it (an ErrorResponse). */
function thrown(body: unknown, status: number): unknown {
  return { status, statusText: '', internal: false, data: body };
}

describe('errorPageTitle', () => {
  it('names a refused content page "Forbidden" (spec §8), not a server error', () => {
    expect(errorPageTitle(thrown(forbiddenContentData('Log in to see it.'), 403))).toBe('Forbidden');
    expect(errorPageTitle(thrown(null, 403))).toBe('Forbidden');
  });

  it('keeps the other titles: no customer account, Page Not Found, Internal Server Error', () => {
    expect(errorPageTitle(thrown({ reason: NO_CUSTOMER_REASON }, 403))).toBe('No customer account');
    expect(errorPageTitle(thrown(null, 404))).toBe('Page Not Found');
    expect(errorPageTitle(thrown(null, 500))).toBe('Internal Server Error');
    expect(errorPageTitle(new Error('boom'))).toBe('Internal Server Error');
  });
});

describe('forbiddenMessageOf', () => {
  it("reads the API's reason of a refused content page, and nothing of other data", () => {
    expect(forbiddenMessageOf(forbiddenContentData('This page is for sales reps only.'))).toBe(
      'This page is for sales reps only.',
    );
    expect(forbiddenMessageOf({ reason: NO_CUSTOMER_REASON })).toBeNull();
    expect(forbiddenMessageOf(null)).toBeNull();
    expect(forbiddenMessageOf('text')).toBeNull();
  });
});

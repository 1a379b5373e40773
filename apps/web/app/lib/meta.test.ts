import { SOLUTION_NAME } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { pageTitle } from './meta.ts';

describe('pageTitle (spec §2)', () => {
  it("is the page's title, else the solution name", () => {
    expect(pageTitle('Log in')).toBe('Log in');
    expect(pageTitle('  ')).toBe(SOLUTION_NAME);
    expect(pageTitle(undefined)).toBe(SOLUTION_NAME);
  });
});

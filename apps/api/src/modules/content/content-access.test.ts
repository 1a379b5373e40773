import { describe, expect, it } from 'vitest';
import { canOpenPage, refusalOf } from './content-access.ts';

const buyer = { roles: ['customer'] as const };
const rep = { roles: ['impersonation'] as const };
const staff = { roles: ['backoffice'] as const };

describe('canOpenPage', () => {
  it('opens a page for everyone (or without visibleTo) to anyone, anonymous included', () => {
    for (const viewer of [null, buyer, rep, staff]) {
      expect(canOpenPage(undefined, viewer)).toBe(true);
      expect(canOpenPage('everyone', viewer)).toBe(true);
    }
  });

  it('opens a logged-in page to every logged-in user and refuses an anonymous visitor', () => {
    expect(canOpenPage('logged-in', null)).toBe(false);
    expect(canOpenPage('logged-in', buyer)).toBe(true);
    expect(canOpenPage('logged-in', rep)).toBe(true);
    expect(canOpenPage('logged-in', staff)).toBe(true);
    // a user whose roles were all taken away is still logged in
    expect(canOpenPage('logged-in', { roles: [] })).toBe(true);
  });

  it('opens a sales-rep page to sales reps and staff only', () => {
    expect(canOpenPage('sales-reps', null)).toBe(false);
    expect(canOpenPage('sales-reps', buyer)).toBe(false);
    expect(canOpenPage('sales-reps', rep)).toBe(true);
    expect(canOpenPage('sales-reps', staff)).toBe(true);
  });
});

describe('refusalOf', () => {
  it('tells an anonymous visitor to log in, and a logged-in one that their login is not enough', () => {
    expect(refusalOf('logged-in', null)).toBe('This page is for logged-in customers only. Log in to see it.');
    expect(refusalOf('sales-reps', null)).toBe('This page is for sales reps only. Log in to see it.');
    expect(refusalOf('sales-reps', buyer)).toBe(
      'This page is for sales reps only; your login does not give access to it.',
    );
  });
});

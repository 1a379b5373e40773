import { DEAL_PAGE_TYPES } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { DEAL_PAGES, findDealPage } from './deal-pages.ts';

describe('DEAL_PAGES', () => {
  it('has a page for each of the contract’s deal page types, and only those', () => {
    expect(DEAL_PAGES.map((page) => page.type).sort()).toEqual(Object.keys(DEAL_PAGE_TYPES).sort());
  });

  it('finds a page by its path segment; anything else is none (the 404 page)', () => {
    expect(findDealPage('mix-and-match')?.heading).toBe('Mix & match deals');
    expect(findDealPage('Campaign')).toBeUndefined();
    expect(findDealPage(undefined)).toBeUndefined();
  });
});

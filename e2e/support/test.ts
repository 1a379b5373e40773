/**
 * What the browser tests import instead of `@playwright/test` (biome.json forbids the direct import in e2e specs):
 * everything of it, with `test` pointing `baseURL` (and so `page.goto('/…')`, `request` and new contexts) at the shop
 * of the test's own worker (shops.ts).
 */
import { test as base } from '@playwright/test';
import { e2eShop } from './shops.ts';

export * from '@playwright/test';

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use, testInfo) => {
    await use(e2eShop(testInfo.parallelIndex).webUrl);
  },
});

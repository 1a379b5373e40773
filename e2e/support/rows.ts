import type { Locator } from '@playwright/test';

/** Where the first row of a list links to (its first link), e.g. an invoice's page from the invoice list. */
export async function firstRowHref(rows: Locator): Promise<string> {
  const href = await rows.first().getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('the first row has no link');
  return href;
}

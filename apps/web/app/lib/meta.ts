import { SOLUTION_NAME } from '@b2b/contract/constants';

/** spec §2: the tab title is the current page's title, falling back to the solution name. */
export function pageTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : SOLUTION_NAME;
}

/** Route `meta` helper: `export const meta = () => titleMeta('Log in')`. */
export function titleMeta(title?: string | null) {
  return [{ title: pageTitle(title) }];
}

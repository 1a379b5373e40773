import { lazy } from 'react';

/**
 * The impersonation banner, the header with its menus and search, on every page (header-bar.tsx). Its code loads
 * apart from the first load (issue 12); see product-listing.tsx for how such a part renders and hydrates.
 */
export const Header = lazy(() => import('./header-bar.tsx').then((module) => ({ default: module.HeaderBar })));

/** The skip link (WCAG 2.4.1): the first thing Tab reaches on every page, shown when it has the focus. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[70] rounded-md bg-white px-4 py-2 text-sm font-medium text-neutral-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}

/** The id of the page's `<main>` (root.tsx), the skip link's target. */
export const MAIN_CONTENT_ID = 'main';

export function Footer({ text, solutionName }: { text?: string | undefined; solutionName: string }) {
  return (
    <footer className="mt-16 border-t border-neutral-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-neutral-600">
        {text ? <p className="mb-2">{text}</p> : null}
        <p>© {solutionName}. Prices exclude VAT.</p>
      </div>
    </footer>
  );
}

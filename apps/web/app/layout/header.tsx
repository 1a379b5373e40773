import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AfterHydration } from '~/components/ui/after-hydration.tsx';
import { QuickOrderLink } from '~/features/quick-order/quick-order-link.tsx';
import { usePageSkipLinks } from '~/lib/skip-links.ts';
import type { RootData } from '~/lib/use-session.ts';
import { AccountMenu } from './account-menu.tsx';
import { HeaderSearch } from './header-search.tsx';
import { MainMenu } from './main-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { TopMenu } from './top-menu.tsx';

// Parts only some visitors see, or that render nothing at first, load apart from the first load (issue 12): the
// mini-cart (customers only), the impersonation banner (a sales rep acting), the build update watcher (no markup).
// Where they show, the server renders them as before; the browser hydrates them once their module is in.
const MiniCart = lazy(() => import('~/features/cart/mini-cart.tsx').then((module) => ({ default: module.MiniCart })));
const ImpersonationBanner = lazy(() =>
  import('~/features/impersonation/impersonation-banner.tsx').then((module) => ({
    default: module.ImpersonationBanner,
  })),
);
const BuildUpdateWatcher = lazy(() =>
  import('./build-update-watcher.tsx').then((module) => ({ default: module.BuildUpdateWatcher })),
);

/**
 * The impersonation banner (a landmark of its own, so outside the header), then the header; the build update watcher
 * (spec §4) rides along, as the header is on every page.
 */
export function Header({ data }: { data: RootData }) {
  return (
    <>
      <AfterHydration>
        <Suspense fallback={null}>
          <BuildUpdateWatcher />
        </Suspense>
      </AfterHydration>
      {data.session.isImpersonating ? (
        <Suspense fallback={null}>
          <ImpersonationBanner session={data.session} />
        </Suspense>
      ) : null}
      <header className="relative z-30 bg-white shadow-xs">
        <TopMenu entries={data.menus.top} text={data.topBarText} />
        {/* Below 768 px one row of icon buttons (menu, logo; search, account, cart on the right); the search opens under it (the anchor of its popover). Below 640 px the logo is its mark alone. */}
        <div className="mx-auto flex max-w-7xl flex-wrap [anchor-name:--header-row] items-center gap-x-1 gap-y-2 px-2 py-2 sm:px-4 md:gap-x-6 md:py-4">
          <MobileMenu entries={data.menus.main} secondaryEntries={data.menus.top} notice={data.topBarText} />
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md px-1 text-lg font-bold tracking-tight text-neutral-900"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-md bg-accent-600 text-sm text-white"
            >
              R
            </span>
            <span className="max-sm:sr-only">{data.solutionName}</span>
          </Link>
          <HeaderSearch />
          <div className="flex items-center gap-1 md:ml-auto md:gap-2">
            <AccountMenu session={data.session} />
            <QuickOrderLink />
            {data.session.actsForCustomer ? (
              <Suspense fallback={null}>
                <MiniCart />
              </Suspense>
            ) : null}
          </div>
        </div>
        <MainMenu entries={data.menus.main} />
      </header>
    </>
  );
}

const SKIP_LINK_CLASS =
  'sr-only z-[70] rounded-md bg-white px-4 py-2 text-sm font-medium text-neutral-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2';

/**
 * The skip links (WCAG 2.4.1), the first things Tab reaches on every page, each shown while it has the focus: the main
 * content, then what the page's route names (a listing: its filters and its results; lib/skip-links.ts).
 */
export function SkipLinks() {
  const pageLinks = usePageSkipLinks();
  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={SKIP_LINK_CLASS}>
        Skip to main content
      </a>
      {pageLinks.map((link) => (
        <a key={link.targetId} href={`#${link.targetId}`} className={SKIP_LINK_CLASS}>
          {link.label}
        </a>
      ))}
    </>
  );
}

/** The id of the page's `<main>` (root.tsx), the skip link's target. */
export const MAIN_CONTENT_ID = 'main';

/** The id of the page's footer, which follows the main content (root.tsx waits for it before the first paint). */
export const FOOTER_ID = 'page-footer';

export function Footer({ text, solutionName }: { text?: string | undefined; solutionName: string }) {
  return (
    <footer id={FOOTER_ID} className="mt-16 border-t border-neutral-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-neutral-600">
        {text ? <p className="mb-2">{text}</p> : null}
        <p>© {solutionName}. Prices exclude VAT.</p>
      </div>
    </footer>
  );
}

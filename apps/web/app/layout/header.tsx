import { Link } from 'react-router';
import { MiniCart } from '~/features/cart/mini-cart.tsx';
import { ImpersonationBanner } from '~/features/impersonation/impersonation-banner.tsx';
import { QuickOrderLink } from '~/features/quick-order/quick-order-link.tsx';
import type { RootData } from '~/lib/use-session.ts';
import { AccountMenu } from './account-menu.tsx';
import { BuildUpdateWatcher } from './build-update-watcher.tsx';
import { MainMenu } from './main-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchForm } from './search-form.tsx';
import { TopMenu } from './top-menu.tsx';

/**
 * The impersonation banner (a landmark of its own, so outside the header), then the header; the build update watcher
 * (spec §4) rides along, as the header is on every page.
 */
export function Header({ data }: { data: RootData }) {
  return (
    <>
      <BuildUpdateWatcher />
      <ImpersonationBanner session={data.session} />
      <header className="relative z-30 bg-white shadow-xs">
        <TopMenu entries={data.menus.top} text={data.topBarText} />
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-4 sm:gap-x-6">
          <MobileMenu entries={data.menus.main} />
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-neutral-900">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-md bg-accent-600 text-sm text-white"
            >
              R
            </span>
            {data.solutionName}
          </Link>
          <div className="order-last w-full sm:order-none sm:flex-1">
            <SearchForm />
          </div>
          <div className="ml-auto flex items-center gap-2">
            <AccountMenu session={data.session} />
            <QuickOrderLink />
            <MiniCart />
          </div>
        </div>
        <MainMenu entries={data.menus.main} />
      </header>
    </>
  );
}

/** The skip link: the first thing Tab reaches on every page. */
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-[70] rounded-md bg-white px-4 py-2 text-sm font-medium text-neutral-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}

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

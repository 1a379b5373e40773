import type { CampaignBanner } from '@b2b/contract';
import { DEFAULT_LANGUAGE_CODE, SOLUTION_NAME } from '@b2b/contract/constants';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { BannerCarousel } from './components/campaign/banner-carousel.tsx';
import { ErrorModal, HeaderErrorBar } from './components/errors/error-displays.tsx';
import { AfterHydration } from './components/ui/after-hydration.tsx';
import { forbiddenMessageOf } from './features/content/content-forbidden.ts';
import type { ModalView } from './features/content/modal-host.tsx';
import { findPageModals } from './features/content/modals.server.ts';
import { redirectMiddleware } from './features/content/redirect.server.ts';
import { getToastTexts } from './features/content/translations.server.ts';
import { Monitoring, reportErrorToMonitoring } from './features/monitoring/monitoring.tsx';
import { RUM_SETTINGS } from './features/monitoring/rum-settings.server.ts';
import { errorPageTitle } from './layout/error-page-title.ts';
import { FOOTER_ID, Footer, Header, MAIN_CONTENT_ID, SkipLinks } from './layout/header.tsx';
import { LikelyNextPages } from './layout/likely-next-pages.tsx';
import { LoadingBar } from './layout/loading-bar.tsx';
import { type MissingPagePart, MissingPartsReport, NO_MISSING_PARTS } from './layout/missing-parts-report.tsx';
import { useHeadingFocusOnNavigation } from './layout/use-heading-focus-on-navigation.ts';
import { getAreaById, getSiteMenus, type SiteMenus } from './lib/area.server.ts';
import { loadBannerVisitor } from './lib/campaigns/campaign-banners.server.ts';
import { bannersForVisitor } from './lib/campaigns/campaign-banners.ts';
import type { RumSettings } from './lib/config.server.ts';
import { withoutCustomerOnlyEntries } from './lib/customer-only-pages.ts';
import { AppEvents } from './lib/events/app-events.tsx';
import { titleMeta } from './lib/meta.ts';
import { useNonce } from './lib/nonce.ts';
import { getOrderTerms } from './lib/order-terms.server.ts';
import { type OrderTerms, OrderTermsContext } from './lib/order-terms.ts';
import { keepToThisVisitor } from './lib/page-cache.server.ts';
import { getSession, sessionMiddleware } from './lib/session.server.ts';
import { NO_CUSTOMER_REASON, type SessionSummary } from './lib/session-summary.ts';
import { Stylesheet } from './lib/stylesheet.tsx';
import { DEFAULT_TOAST_TEXTS, type ToastTexts } from './lib/toast/toast-texts.ts';
import { Toaster } from './lib/toast/toaster.tsx';
import { currentTraceId } from './lib/tracing.server.ts';
import { GTM_ID } from './lib/tracking/gtm-config.server.ts';
import { LoginTracker, TagManagerScript } from './lib/tracking/tag-manager.tsx';
import { type RootData, useRootData } from './lib/use-session.ts';

// Loaded when shown, apart from the first load (issue 12): the error pages, and the modal host, which opens a
// page's modals only after hydration anyway.
const errorPages = () => import('./layout/error-pages.tsx');
const NotFoundPage = lazy(() => errorPages().then((module) => ({ default: module.NotFoundPage })));
const NoCustomerPage = lazy(() => errorPages().then((module) => ({ default: module.NoCustomerPage })));
const ForbiddenPage = lazy(() => errorPages().then((module) => ({ default: module.ForbiddenPage })));
const ServerErrorPage = lazy(() => errorPages().then((module) => ({ default: module.ServerErrorPage })));
const ModalHost = lazy(() =>
  import('./features/content/modal-host.tsx').then((module) => ({ default: module.ModalHost })),
);

// The session first: the redirect look-up needs the visitor's area, and a redirect still writes refreshed cookies.
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, redirectMiddleware];

type RootLoaderData = RootData & {
  gtmId: string | null;
  /** Real-user monitoring's settings when tracking is on (ADR 033), else null. */
  monitoring: RumSettings | null;
  /**
   * The trace of this page's server request, which the browser's page-load transaction joins (ADR 043): only with
   * real-user monitoring and traces on, and only on a logged-in page, which is never shared (page-cache.server.ts):
   * a kept anonymous page would give every visitor one trace id.
   */
  pageLoadTraceId: string | null;
  toastTexts: ToastTexts;
  modals: ModalView[];
  /** The amounts texts about money name, in the visitor's currency (issue 24); null when they could not be loaded. */
  orderTerms: OrderTerms | null;
  /** The area settings' globalCampaignBanners this visitor may see (issue 27): under the header on every page. */
  globalBanners: CampaignBanner[];
  /** What the page is shown without because it could not be loaded (the header bar says so, with Reload). */
  missingParts: MissingPagePart[];
};

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootLoaderData> {
  const session = getSession(context);
  const missingParts: MissingPagePart[] = [];
  const [area, toastTexts, modals, orderTerms, bannerVisitor] = await Promise.all([
    getAreaById(session.area.areaId).catch((error: unknown) => {
      // The header can live without menus; the page itself should still render.
      console.error('[root] GetAreaById failed', error);
      missingParts.push('menus');
      return null;
    }),
    getToastTexts(session.area),
    findPageModals(context, request),
    getOrderTerms(session).catch((error: unknown) => {
      // Texts then show a dash where they name an amount (lib/order-terms.ts); the cart states its own terms.
      console.error('[root] GetOrderTerms failed', error);
      missingParts.push('order terms');
      return null;
    }),
    loadBannerVisitor(context),
  ]);
  // A page shown without a part is never kept for other visitors: the next one gets it whole once the API answers.
  if (missingParts.length > 0) keepToThisVisitor(context);
  const summary: SessionSummary = {
    isLoggedIn: session.isLoggedIn,
    isImpersonating: session.isImpersonating,
    actsForCustomer: session.isLoggedIn && session.customer !== null,
    user: session.user ? { username: session.user.username, name: session.user.name, roles: session.user.roles } : null,
    customer: session.customer
      ? { name: session.customer.name, customerNumber: session.customer.customerNumber }
      : null,
    area: session.area,
    displayCurrency: session.displayCurrency,
  };
  const menus = getSiteMenus(area, session.isLoggedIn);
  return {
    session: summary,
    menus: summary.isLoggedIn && !summary.actsForCustomer ? withoutCustomerPages(menus) : menus,
    solutionName: SOLUTION_NAME,
    topBarText: area?.settings.topBarText || undefined,
    footerContent: area?.settings.footerContent || undefined,
    gtmId: GTM_ID,
    monitoring: RUM_SETTINGS,
    pageLoadTraceId: (RUM_SETTINGS && session.isLoggedIn && currentTraceId()) || null,
    toastTexts,
    modals: modals.map(({ id, title, content, dismissLabel, frequency, version }) => ({
      id,
      title,
      content,
      dismissLabel,
      frequency,
      version,
    })),
    orderTerms,
    globalBanners: bannersForVisitor(area?.settings.globalCampaignBanners ?? [], bannerVisitor),
    missingParts,
  };
}

/**
 * A user acting for no customer (a sales rep before acting, back-office staff) is not offered the customer's pages
 * (cart, orders, invoices …): the editors' menu entries that lead there are left out.
 */
function withoutCustomerPages(menus: SiteMenus): SiteMenus {
  return { main: withoutCustomerOnlyEntries(menus.main), top: withoutCustomerOnlyEntries(menus.top) };
}

/**
 * The header shows who is logged in. The middleware checks the session on every request anyway, so re-running the
 * root loader on each navigation costs only the cached area lookup and keeps the header true after a session ends.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.href !== nextUrl.href || defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (error) return titleMeta(errorPageTitle(error));
  return titleMeta();
};

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: 'data:,' }];

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const gtmId = rootData?.gtmId;
  const monitoring = rootData?.monitoring;
  // The CSP nonce of this response (entry.server.tsx), for every inline script and style of the document.
  const nonce = useNonce();
  return (
    <html lang={rootData?.session.area.languageCode ?? DEFAULT_LANGUAGE_CODE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the page for visitors: no request stands between the HTML and the first paint; linked, from the cache the
            login page filled, for logged-in buyers (lib/stylesheet.tsx). */}
        <Stylesheet />
        <Meta />
        {/* No first paint before the main content is parsed (Chromium; others ignore it). With the stylesheet at hand
            (then cached, now in the page) the browser painted a half-parsed page: on a phone's listing the filters
            stood where the products come, then jumped below them (a layout shift of 0.55). */}
        <link rel="expect" href={`#${FOOTER_ID}`} blocking="render" />
        <Links nonce={nonce} />
        <TagManagerScript gtmId={gtmId} nonce={nonce} />
      </head>
      <body className="min-h-screen bg-neutral-50 text-neutral-900 antialiased">
        {children}
        <Monitoring settings={monitoring} pageLoadTraceId={rootData?.pageLoadTraceId ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  useHeadingFocusOnNavigation();
  const data = useRootData();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const modals = rootData?.modals ?? [];
  return (
    <OrderTermsContext value={rootData?.orderTerms ?? null}>
      <SkipLinks />
      <LoadingBar />
      <LoginTracker isLoggedIn={data.session.isLoggedIn} />
      <LikelyNextPages session={data.session} />
      <Header data={data} />
      <HeaderErrorBar />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-8 outline-none">
        {rootData?.globalBanners.length ? (
          <div className="-mt-4 mb-2 sm:mb-4">
            <BannerCarousel banners={rootData.globalBanners} label="Campaigns" />
          </div>
        ) : null}
        {children}
      </main>
      <Footer text={data.footerContent} solutionName={data.solutionName} />
      <Toaster texts={rootData?.toastTexts ?? DEFAULT_TOAST_TEXTS} />
      <ErrorModal />
      <AppEvents username={data.session.user?.username ?? null} />
      {/* after AppEvents: the error it reports raises the global error event, which AppEvents answers with the toast */}
      <MissingPartsReport parts={rootData?.missingParts ?? NO_MISSING_PARTS} />
      {modals.length > 0 ? (
        <AfterHydration>
          <Suspense fallback={null}>
            <ModalHost modals={modals} />
          </Suspense>
        </AfterHydration>
      ) : null}
    </OrderTermsContext>
  );
}

/** Routes with this handle (the back office, issue 28) bring their own layout instead of the storefront's. */
function useOwnWorkspace(): boolean {
  return useMatches().some((match) => (match.handle as { workspace?: string } | undefined)?.workspace !== undefined);
}

export default function App() {
  const ownWorkspace = useOwnWorkspace();
  if (ownWorkspace) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const { session } = useRootData();
  const monitoring = useRouteLoaderData<typeof loader>('root')?.monitoring;
  useEffect(() => reportErrorToMonitoring(error, monitoring), [error, monitoring]);
  let page: ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    page = <NotFoundPage path={location.pathname + location.search} />;
  } else if (isRouteErrorResponse(error) && error.status === 403 && error.data?.reason === NO_CUSTOMER_REASON) {
    page = <NoCustomerPage userName={session.user?.name ?? null} />;
  } else if (isRouteErrorResponse(error) && error.status === 403) {
    page = (
      <ForbiddenPage
        path={location.pathname + location.search}
        message={forbiddenMessageOf(error.data)}
        userName={session.user?.name ?? null}
      />
    );
  } else {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const message = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
    if (import.meta.env.DEV && error instanceof Error) console.error(error);
    page = <ServerErrorPage status={status} message={message} />;
  }
  return (
    <Shell>
      <Suspense fallback={null}>{page}</Suspense>
    </Shell>
  );
}

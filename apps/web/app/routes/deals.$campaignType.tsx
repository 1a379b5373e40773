import type { CampaignBanner, DealPageType } from '@b2b/contract';
import { data, Link } from 'react-router';
import { DEAL_PAGES, findDealPage } from '~/features/campaigns/deal-pages.ts';
import { listingSkipLinksHandle } from '~/features/search/listing-skip-links.ts';
import { loadProductListing } from '~/features/search/product-listing.server.ts';
import { ProductListing } from '~/features/search/product-listing.tsx';
import { loadAreaSettings, loadBannerVisitor } from '~/lib/campaigns/campaign-banners.server.ts';
import { bannersForVisitor } from '~/lib/campaigns/campaign-banners.ts';
import { cn } from '~/lib/cn.ts';
import { titleMeta } from '~/lib/meta.ts';
import { offerToAnonymousVisitors } from '~/lib/page-cache.server.ts';
import type { Route } from './+types/deals.$campaignType';

/** "Skip to filters" and "Skip to results", as on /search (WCAG 2.4.1). */
export const handle = listingSkipLinksHandle;

/**
 * /deals/{campaignType} (public, spec §2; issue 27): the products of the visitor's campaigns of the page's types with
 * /search's facets, sorting and paging (GetProductsBySearch's dealType). Anonymous visitors see the products of the
 * campaigns for every customer, and that they are deals, never a price (the listing asks prices only when logged in)
 * or a percentage. An unknown type is the 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  const page = findDealPage(args.params.campaignType);
  if (!page) throw data(null, { status: 404 });
  offerToAnonymousVisitors(args.context);
  const [listing, settings, visitor] = await Promise.all([
    loadProductListing(args, { dealType: page.type satisfies DealPageType }),
    loadAreaSettings(args.context),
    loadBannerVisitor(args.context),
  ]);
  // the mix & match page's own banners lead its carousel, before the lists' banners (one carousel above the list)
  const mixAndMatchBanners: CampaignBanner[] =
    page.type === 'mix-and-match' ? bannersForVisitor(settings?.mixAndMatchCampaignBanners ?? [], visitor) : [];
  const mixAndMatchIds = new Set(mixAndMatchBanners.map((banner) => banner.id));
  const top = [...mixAndMatchBanners, ...listing.banners.top.filter((banner) => !mixAndMatchIds.has(banner.id))];
  return {
    listing: { ...listing, banners: { ...listing.banners, top } },
    page,
    footerText: settings?.plpCampaignFooterText ?? '',
    hasCustomer: visitor.hasCustomer,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return titleMeta(loaderData?.page.heading ?? 'Deals');
}

export default function DealsRoute({ loaderData }: Route.ComponentProps) {
  const { listing, page, footerText, hasCustomer } = loaderData;
  return (
    <ProductListing
      data={listing}
      heading={
        <>
          <h1 className="text-2xl font-bold md:text-3xl">{page.heading}</h1>
          <nav aria-label="Deals" className="mt-3">
            <ul className="flex flex-wrap gap-2">
              {DEAL_PAGES.map((entry) => (
                <li key={entry.type}>
                  <Link
                    to={`/deals/${entry.type}`}
                    aria-current={entry.type === page.type ? 'page' : undefined}
                    className={cn(
                      'inline-block rounded-full border px-3 py-1.5 text-sm',
                      entry.type === page.type
                        ? 'border-accent-700 bg-accent-700 text-white'
                        : 'border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-100',
                    )}
                  >
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-3 text-sm text-neutral-700">
            {hasCustomer ? (
              <>
                Your campaign discounts apply in the cart from the quantities your{' '}
                <Link to="/campaigns" className="text-accent-800 underline">
                  campaigns
                </Link>{' '}
                name.
              </>
            ) : listing.isLoggedIn ? (
              'These products are on campaign for customers.'
            ) : (
              <>
                These products are on campaign.{' '}
                <Link
                  to={`/login?redirect=${encodeURIComponent(`/deals/${page.type}`)}`}
                  className="text-accent-800 underline"
                >
                  Log in
                </Link>{' '}
                to see your prices and discounts.
              </>
            )}
          </p>
        </>
      }
      afterResults={
        footerText ? (
          <p className="mt-6 border-t border-neutral-200 pt-4 text-sm text-neutral-700">{footerText}</p>
        ) : null
      }
    />
  );
}

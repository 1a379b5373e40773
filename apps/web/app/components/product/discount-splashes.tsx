import type { ProductCampaignView } from '~/lib/campaigns/campaign-levels.ts';
import { formatCampaignLevels } from '~/lib/campaigns/campaign-levels.ts';
import type { SplashView } from '~/lib/campaigns/splash-view.ts';
import { cn } from '~/lib/cn.ts';

/**
 * A product's discount splashes (spec §3 Discount splash, issue 27): each code's label on its own colours. The text
 * says it, so the colour is never the only sign; the area settings choose colours with readable contrast.
 */
export function DiscountSplashes({ splashes, className }: { splashes: readonly SplashView[]; className?: string }) {
  if (splashes.length === 0) return null;
  return (
    <ul aria-label="Offers" className={cn('flex flex-wrap gap-1', className)} data-testid="discount-splashes">
      {splashes.map((splash) => (
        <SplashBadge key={splash.id} as="li" splash={splash} />
      ))}
    </ul>
  );
}

/**
 * The splashes as plain text spans, for places that take no list (a listbox option's content is its name: the labels
 * become part of it, "Claw hammer … New").
 */
export function InlineDiscountSplashes({ splashes }: { splashes: readonly SplashView[] }) {
  if (splashes.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="discount-splashes">
      {splashes.map((splash) => (
        <SplashBadge key={splash.id} as="span" splash={splash} />
      ))}
    </span>
  );
}

function SplashBadge({ as: Element, splash }: { as: 'li' | 'span'; splash: SplashView }) {
  return (
    <Element
      className="rounded px-1.5 py-0.5 text-xs font-semibold leading-tight"
      style={{ backgroundColor: splash.backgroundColor, color: splash.textColor }}
      data-testid="discount-splash"
    >
      {splash.label}
    </Element>
  );
}

/**
 * The customer's campaign levels for a product, lowest first ("10 % from 12 pcs · 15 % from 24 pcs"); logged-in
 * customers only (the loaders give anonymous visitors none: never a percentage, issue 27).
 */
export function CampaignLevels({
  campaigns,
  className,
}: {
  campaigns: readonly ProductCampaignView[];
  className?: string;
}) {
  if (campaigns.length === 0) return null;
  return (
    <ul className={cn('flex flex-col gap-0.5 text-sm text-emerald-900', className)} data-testid="campaign-levels">
      {campaigns.map((campaign) => (
        <li key={campaign.campaignId}>
          <span className="font-semibold">{campaign.name}</span>
          {campaign.campaignType === 'MixMatch' ? <span> (mix &amp; match)</span> : null}:{' '}
          {formatCampaignLevels(campaign.levels)}
        </li>
      ))}
    </ul>
  );
}

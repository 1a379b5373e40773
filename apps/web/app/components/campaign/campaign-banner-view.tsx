import type { CampaignBanner } from '@b2b/contract';
import { Link } from 'react-router';
import { cn } from '~/lib/cn.ts';

/**
 * One campaign banner of the area settings (spec §3): its image (decorative: the title says it), title as the link
 * to where it leads, and text. `compact`: among product cards, as tall as a card. `reserveControls`: room in the
 * bottom right corner for a carousel's buttons.
 */
export function CampaignBannerView({
  banner,
  compact = false,
  reserveControls = false,
}: {
  banner: CampaignBanner;
  compact?: boolean;
  reserveControls?: boolean;
}) {
  return (
    <div
      className={cn(
        'relative flex h-full overflow-hidden rounded-lg border border-accent-100 bg-accent-50 text-neutral-900',
        compact ? 'flex-col' : 'flex-col sm:flex-row sm:items-center',
      )}
      data-banner-id={banner.id}
    >
      {banner.imageUrl ? (
        <img
          src={banner.imageUrl}
          alt=""
          loading="lazy"
          // on a phone a wide banner is its words alone: the products stay on the first screen
          className={cn(
            'object-cover',
            compact ? 'aspect-[4/3] w-full' : 'hidden sm:block sm:h-36 sm:w-56 sm:shrink-0',
          )}
        />
      ) : null}
      {/* a phone keeps it short (one line of text), so the first products stay on the first screen */}
      <div className={cn('flex flex-col gap-1 p-3 sm:p-4', reserveControls && 'pb-13 sm:pr-64 sm:pb-4')}>
        <p className="text-base font-semibold sm:text-lg">
          {/* the whole banner is clickable through the link's stretched area; the link's name is the title alone */}
          <Link
            to={banner.linkUrl}
            className="text-accent-800 underline-offset-2 after:absolute after:inset-0 hover:underline focus-visible:underline"
          >
            {banner.title}
          </Link>
        </p>
        {banner.text ? <p className="line-clamp-1 text-sm text-neutral-700 sm:line-clamp-none">{banner.text}</p> : null}
      </div>
    </div>
  );
}

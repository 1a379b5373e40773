import type { CampaignState } from '@b2b/contract';
import { cn } from '~/lib/cn.ts';
import { formatDate } from '~/lib/format.ts';
import { CAMPAIGN_STATE_LABELS } from './campaign-form-data.ts';

const STATE_TONES: Record<CampaignState, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-neutral-200 text-neutral-800',
  future: 'bg-sky-100 text-sky-900',
};

/** Where a campaign stands now, in words (the colour only repeats them). */
export function StateBadge({ state }: { state: CampaignState }) {
  return (
    <span className={cn('rounded px-2 py-0.5 text-xs font-semibold', STATE_TONES[state])} data-testid="campaign-state">
      {CAMPAIGN_STATE_LABELS[state]}
    </span>
  );
}

/**
 * A campaign's period as people read one: its first and last day (UTC). `validTo` is the first moment it no longer
 * applies, so the last day shown is the one before it when it ends at midnight.
 */
export function CampaignPeriod({ validFrom, validTo }: { validFrom: string; validTo: string }) {
  return (
    <>
      {formatDate(validFrom)} – {formatDate(new Date(new Date(validTo).getTime() - 1))}
    </>
  );
}

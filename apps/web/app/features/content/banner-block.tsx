import type { ResolvedContentBlock } from '@b2b/contract';
import { cn } from '~/lib/cn.ts';
import { ContentLinkView } from './content-link-view.tsx';
import { RichTextRuns } from './rich-text.tsx';

type BannerBlock = Extract<ResolvedContentBlock, { type: 'banner' }>;

const TONES: Record<BannerBlock['tone'], { box: string; link: string }> = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-950', link: 'text-sky-900' },
  accent: { box: 'border-accent-200 bg-accent-50 text-accent-900', link: 'text-accent-900' },
  dark: { box: 'border-neutral-900 bg-neutral-900 text-white', link: 'text-white' },
};

/** A one-line notice (e.g. free freight) with an optional link. */
export function BannerBlockView({ block }: { block: BannerBlock }) {
  const tone = TONES[block.tone];
  return (
    <aside
      aria-label="Notice"
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded-lg border px-5 py-4',
        tone.box,
      )}
      data-block="banner"
    >
      <p className="font-medium">{typeof block.text === 'string' ? block.text : <RichTextRuns runs={block.text} />}</p>
      {block.callToAction ? (
        <ContentLinkView href={block.callToAction.url} className={cn('font-semibold underline', tone.link)}>
          {block.callToAction.label}
        </ContentLinkView>
      ) : null}
    </aside>
  );
}

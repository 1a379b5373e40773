import type { ResolvedContentBlock } from '@b2b/contract';
import { RichTextView } from './rich-text.tsx';

type FaqBlock = Extract<ResolvedContentBlock, { type: 'faq' }>;

/** Questions and answers as native disclosures (<details>/<summary>): keyboard and screen-reader ready, no script. */
export function FaqBlockView({ block }: { block: FaqBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} data-block="faq">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        {block.heading}
      </h2>
      <div className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
        {block.items.map((item) => (
          <details key={item.question} className="group px-4 py-3">
            <summary className="cursor-pointer font-medium marker:text-neutral-500">{item.question}</summary>
            <RichTextView content={item.answer} headingOffset={1} className="mt-2 text-neutral-800" />
          </details>
        ))}
      </div>
    </section>
  );
}

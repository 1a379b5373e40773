import { ContentBlocks } from './content-blocks.tsx';
import type { ContentPageView } from './content-page-data.ts';

/**
 * A content page (spec §2 catch-all content pages). A page that opens with a hero or a headed text lets that
 * heading be its h1 (editors write it as the page's heading); other pages show their title as the h1.
 */
export function ContentPage({ page }: { page: ContentPageView }) {
  const first = page.blocks[0];
  const firstBlockIsPageHeading = first?.type === 'hero' || (first?.type === 'richText' && Boolean(first.heading));
  return (
    <article data-content-page={page.id}>
      {firstBlockIsPageHeading ? null : <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>}
      <ContentBlocks blocks={page.blocks} firstBlockIsPageHeading={firstBlockIsPageHeading} />
    </article>
  );
}

import { ContentBlocks } from './content-blocks.tsx';
import type { ContentPageView } from './content-page-data.ts';

/**
 * A content page (spec §2 catch-all content pages). Home and landing pages that open with a hero let the hero's
 * heading be the page's h1; other pages show their title as the h1 above the blocks.
 */
export function ContentPage({ page }: { page: ContentPageView }) {
  const heroIsPageHeading = page.template !== 'page' && page.blocks[0]?.type === 'hero';
  return (
    <article data-content-page={page.id}>
      {heroIsPageHeading ? null : <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>}
      <ContentBlocks blocks={page.blocks} heroIsPageHeading={heroIsPageHeading} />
    </article>
  );
}

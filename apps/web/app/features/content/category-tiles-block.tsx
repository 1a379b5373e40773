import type { ResolvedContentBlock } from '@b2b/contract';
import { Link } from 'react-router';
import { formatCount } from '~/lib/format.ts';
import { ContentImageView } from './content-image.tsx';

type CategoryTilesBlock = Extract<ResolvedContentBlock, { type: 'categoryTiles' }>;

const TILE_WIDTH = 400;
const TILE_HEIGHT = 300;
const TILE_SIZES = '(min-width: 64rem) 300px, (min-width: 40rem) 33vw, 50vw';

/** Category tiles: one link per category (its name is the link text; the image is decorative beside it). */
export function CategoryTilesBlockView({ block }: { block: CategoryTilesBlock }) {
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={headingId} data-block="categoryTiles">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        {block.heading}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {block.tiles.map((tile) => (
          <li key={tile.categoryId}>
            <Link
              to={tile.url}
              className="group flex h-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm hover:border-neutral-400"
            >
              {tile.image ? (
                <ContentImageView
                  image={{ ...tile.image, alt: '' }}
                  width={TILE_WIDTH}
                  height={TILE_HEIGHT}
                  sizes={TILE_SIZES}
                  priority="lazy"
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : null}
              <span className="flex flex-1 flex-col justify-end p-3">
                <span className="text-lg font-semibold group-hover:underline">{tile.name}</span>
                <span className="text-sm text-neutral-600">{formatCount(tile.productCount)} products</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

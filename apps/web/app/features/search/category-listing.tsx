import type { CategoryContent } from '@b2b/contract';
import { Breadcrumbs } from '~/components/ui/breadcrumbs.tsx';
import { CategoryChips } from './category-chips.tsx';
import { ProductListing } from './product-listing.tsx';
import type { ProductListingData } from './product-listing-data.ts';

/** A category page: breadcrumbs, the category name, links to its child categories, then its product listing. */
export function CategoryListing({ category, listing }: { category: CategoryContent; listing: ProductListingData }) {
  return (
    <ProductListing
      data={listing}
      heading={
        <>
          <Breadcrumbs items={[{ name: 'Home', url: '/' }, ...category.breadcrumbs]} current={category.name} />
          <h1 className="text-2xl font-bold md:text-3xl">{category.name}</h1>
          {category.children.length > 0 ? (
            <nav aria-label="Subcategories" className="mt-4">
              <CategoryChips categories={category.children} />
            </nav>
          ) : null}
        </>
      }
    />
  );
}

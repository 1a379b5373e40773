import { favoriteProductKeyOf } from '@b2b/contract/favorite-list-rules';
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useHydrated } from '~/components/ui/use-hydrated.ts';
import { cn } from '~/lib/cn.ts';
import {
  FAVORITE_REPLY_FIELD,
  FAVORITE_TOGGLE_ACTION,
  type FavoriteMarks,
  type FavoriteProductKey,
  type FavoriteToggleResult,
} from '~/lib/favorites/favorite-marks.ts';
import { showToast } from '~/lib/toast/toast-store.ts';

/** The heart: outlined while the product is not in the list, filled while it is. */
function HeartIcon({ isFilled }: { isFilled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
    </svg>
  );
}

/**
 * A heart that adds the product (or variant) to the customer's active favourite list, or takes it out (issue 26 §1,
 * spec §4: adding or removing toggles its presence and saves the list). A real form posted to the toggle's resource
 * route, so it works without JavaScript (the action redirects back to this page, whose heart then shows the new
 * state); with JavaScript the page stays, the heart changes at once and a toast names the list. The button's name
 * says what pressing it does and with which list ("Add Helmet Pro, M · Black to Favorite list").
 *
 * `formId`: inside another form (the product page's order matrix) a form cannot nest, so the button submits the
 * page's `FavoriteToggleHostForm` of that id instead of a form of its own.
 */
export function FavoriteToggle({
  productKey,
  name,
  marks,
  formId,
  className,
}: {
  productKey: FavoriteProductKey;
  /** The product as the buyer reads it, with the variant where there is one. */
  name: string;
  marks: FavoriteMarks;
  formId?: string;
  className?: string;
}) {
  const fetcher = useFetcher<FavoriteToggleResult>();
  const isHydrated = useHydrated();
  const location = useLocation();
  const isMarked = marks.keys.includes(favoriteProductKeyOf(productKey));
  // while the change is on its way the heart already shows it (the page's marks follow once it is saved)
  const pending = fetcher.formData?.get('wanted');
  const isFavorite = pending === 'add' ? true : pending === 'remove' ? false : isMarked;
  const listName = fetcher.data?.ok ? fetcher.data.listName : marks.listName;
  const label = isFavorite ? `Remove ${name} from ${listName}` : `Add ${name} to ${listName}`;
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || shownKey.current === result.key) return;
    shownKey.current = result.key;
    showToast(
      result.ok
        ? { severity: 'success', summary: result.listName, detail: result.message }
        : { severity: 'error', summary: 'Favourite list not changed', detail: result.message },
    );
  }, [fetcher.data]);
  const fields = (
    <>
      <input type="hidden" name="productId" value={productKey.productId} />
      <input type="hidden" name="variantId" value={productKey.variantId ?? ''} />
      <input type="hidden" name="unitOfMeasure" value={productKey.unitOfMeasure} />
      <input type="hidden" name="wanted" value={isFavorite ? 'remove' : 'add'} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {isHydrated ? <input type="hidden" name={FAVORITE_REPLY_FIELD} value="json" /> : null}
    </>
  );
  // a component class of app.css: a listing has 24 hearts
  const buttonClass = cn('favorite-toggle', className);
  if (formId) {
    // The fields travel as the button's own name and value: a button that submits another form brings only those.
    return (
      <button
        type="submit"
        form={formId}
        name="productKey"
        value={JSON.stringify({ ...productKey, wanted: isFavorite ? 'remove' : 'add' })}
        data-favorite={isFavorite}
        title={label}
        className={buttonClass}
        data-testid="favorite-toggle"
        onClick={(event) => {
          if (!isHydrated) return;
          event.preventDefault();
          const form = new FormData();
          form.set('productId', productKey.productId);
          form.set('variantId', productKey.variantId ?? '');
          form.set('unitOfMeasure', productKey.unitOfMeasure);
          form.set('wanted', isFavorite ? 'remove' : 'add');
          form.set(FAVORITE_REPLY_FIELD, 'json');
          fetcher.submit(form, { method: 'post', action: FAVORITE_TOGGLE_ACTION });
        }}
      >
        <HeartIcon isFilled={isFavorite} />
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action={FAVORITE_TOGGLE_ACTION} className="contents">
      {fields}
      <button
        type="submit"
        data-favorite={isFavorite}
        title={label}
        className={buttonClass}
        data-testid="favorite-toggle"
      >
        <HeartIcon isFilled={isFavorite} />
      </button>
    </fetcher.Form>
  );
}

/**
 * The form the hearts inside another form submit without JavaScript (see `FavoriteToggle`'s `formId`): placed outside
 * that form, it carries only where to come back to; the pressed button adds the product key.
 */
export function FavoriteToggleHostForm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <form id={id} method="post" action={FAVORITE_TOGGLE_ACTION} hidden>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
    </form>
  );
}

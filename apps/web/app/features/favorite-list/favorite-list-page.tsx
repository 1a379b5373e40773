import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { LazyUnusualQuantityDialog } from '~/components/cart/lazy-unusual-quantity-dialog.tsx';
import { StockBadge } from '~/components/product/stock-badge.tsx';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { useHydrated } from '~/components/ui/use-hydrated.ts';
import { cn } from '~/lib/cn.ts';
import { FAVORITE_LISTS_PATH, favoriteListPath, instantExcelFavoriteListHref } from '~/lib/customer-center-paths.ts';
import { formatCount, formatMoney } from '~/lib/format.ts';
import { resizedImageSources } from '~/lib/image-resize-params.ts';
import { CONFIRMED_QUANTITIES_FIELD, type UnusualQuantity } from '~/lib/unusual-quantities.ts';
import { type FavoriteLineView, sortFavoriteLines } from './favorite-lines.ts';
import type { FavoriteListPageData, FavoriteListPageResult } from './favorite-list-page.server.ts';
import { FAVORITE_LINE_SORT_LABELS, FAVORITE_LINE_SORTS } from './favorite-list-params.ts';
import { QUANTITY_FIELD_PREFIX, SELECTED_FIELD } from './favorite-list-result.ts';

const ADD_FORM_ID = 'favorite-add';
const REMOVE_FORM_ID = 'favorite-remove';
const LINE_IMAGE_SIZE = 64;

function LineStatus({ line }: { line: FavoriteLineView }) {
  if (line.status === 'unavailable')
    return <p className="text-sm font-medium text-red-700">No longer available: it cannot be ordered.</p>;
  if (line.status === 'needs-variant')
    return (
      <p className="text-sm text-amber-800">
        Saved without a size or colour:{' '}
        {line.url ? (
          <Link to={line.url} className="underline">
            choose one on its page
          </Link>
        ) : (
          'choose one on its page'
        )}
        .
      </p>
    );
  return <StockBadge stockLevel={line.stockLevel} newStockDate={line.newStockDate} showQuantity />;
}

function FavoriteLine({ line, note, version }: { line: FavoriteLineView; note: string | undefined; version: number }) {
  const quantityId = `${QUANTITY_FIELD_PREFIX}${line.key}`;
  const noteId = `note-${line.position}`;
  const label = line.variantLabel ? `${line.name}, ${line.variantLabel}` : line.name;
  const canOrder = line.status === 'orderable';
  return (
    <li
      className="grid grid-cols-[auto_4rem_minmax(0,1fr)] gap-x-3 gap-y-2 p-4 md:grid-cols-[auto_4rem_minmax(0,1fr)_12rem_auto] md:items-center"
      data-testid="favorite-line"
      aria-label={label}
    >
      <div className="row-span-2 flex items-start pt-1 md:row-span-1 md:items-center md:pt-0">
        <input
          type="checkbox"
          form={ADD_FORM_ID}
          name={SELECTED_FIELD}
          value={line.key}
          disabled={!canOrder}
          aria-label={`Select ${label}`}
          className="size-5 accent-accent-600"
        />
      </div>
      <div className="row-span-2 size-16 overflow-hidden rounded bg-neutral-100 md:row-span-1">
        {line.image ? (
          <img
            {...resizedImageSources(line.image.url, { width: LINE_IMAGE_SIZE, height: LINE_IMAGE_SIZE })}
            alt={line.image.alt}
            width={LINE_IMAGE_SIZE}
            height={LINE_IMAGE_SIZE}
            loading="lazy"
            className="size-full object-contain"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium">
          {line.url ? (
            <Link to={line.url} className="hover:underline">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </p>
        {line.variantLabel ? <p className="text-sm text-neutral-700">{line.variantLabel}</p> : null}
        <p className="text-xs text-neutral-600">
          Item no. <span data-testid="favorite-item-number">{line.itemNumber}</span>
        </p>
      </div>
      <div className="col-start-3 flex flex-col gap-1 md:col-start-auto">
        {line.price ? (
          <p className="text-sm font-semibold" data-testid="favorite-price">
            {formatMoney(line.price.netPrice, line.price.currencyCode)}
            <span className="font-normal text-neutral-600"> excl. VAT</span>
          </p>
        ) : (
          <p className="text-sm text-neutral-600">No price</p>
        )}
        <LineStatus line={line} />
      </div>
      <div className="col-span-3 flex items-end justify-between gap-3 md:col-span-1 md:justify-end">
        {canOrder ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={quantityId} className="text-xs text-neutral-600">
              Quantity<span className="sr-only"> of {label}</span>
            </label>
            <input
              id={quantityId}
              form={ADD_FORM_ID}
              name={quantityId}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue="1"
              aria-describedby={note ? noteId : undefined}
              aria-invalid={note?.startsWith('Enter') || note?.startsWith('At most') ? true : undefined}
              className="w-20 rounded-md border border-neutral-400 px-2 py-1.5 text-right text-sm aria-invalid:border-red-700"
            />
          </div>
        ) : (
          <span />
        )}
        <Button
          type="submit"
          form={REMOVE_FORM_ID}
          name="productKey"
          value={line.key}
          severity="white"
          className="px-3 py-1.5"
          data-version={version}
        >
          Remove<span className="sr-only"> {label}</span>
        </Button>
      </div>
      {note ? (
        <p id={noteId} className="col-span-3 text-sm text-amber-800 md:col-span-5" data-testid="favorite-line-note">
          {note}
        </p>
      ) : null}
    </li>
  );
}

/**
 * /customer-center/favorite-list/:id (issue 26 §1): the list's products with picture, item number, variant, the
 * customer's net price, stock and arrival, a quantity each; "Add all to cart" and "Add selected" (one cart call;
 * lines short of stock are added as backorder and say so); sort by recently added, name or item number; remove a
 * product; the list as an Instant Excel sheet. A save another tab overtook answers the API's 409 message, and the page
 * shows the list as it is now. All forms work without JavaScript.
 */
export function FavoriteListPage({
  data,
  result,
}: {
  data: FavoriteListPageData;
  result: FavoriteListPageResult | undefined;
}) {
  const { list, sort } = data;
  const lines = sortFavoriteLines(data.lines, sort);
  const navigation = useNavigation();
  const isHydrated = useHydrated();
  const submit = useSubmit();
  const isBusy = navigation.state === 'submitting';
  const notes = new Map((result?.notes ?? []).map((note) => [note.key, note.message]));
  const messageRef = useRef<HTMLDivElement>(null);
  // the answer is read where the buttons were (a long list scrolls): brought into view
  useEffect(() => {
    if (result) messageRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  // quantities far above the usual (ADR 019): asked about in a dialog; confirmed, the same form is sent again
  const [askedQuantities, setAskedQuantities] = useState<UnusualQuantity[] | null>(null);
  useEffect(() => {
    setAskedQuantities(result?.unusualQuantities ?? null);
  }, [result]);
  const confirmUnusual = () => {
    setAskedQuantities(null);
    const form = document.getElementById(ADD_FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const formData = new FormData(form);
    formData.set('intent', result?.intent ?? 'add-all');
    formData.set(CONFIRMED_QUANTITIES_FIELD, 'true');
    void submit(formData, { method: 'post', preventScrollReset: true });
  };
  const cancelUnusual = () => {
    const [first] = askedQuantities ?? [];
    setAskedQuantities(null);
    const line = first && lines.find((candidate) => candidate.itemNumber === first.itemNumber);
    if (line) document.getElementById(`${QUANTITY_FIELD_PREFIX}${line.key}`)?.focus();
  };
  const orderableCount = data.lines.filter((line) => line.status === 'orderable').length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to={FAVORITE_LISTS_PATH} className="text-accent-800 underline hover:text-accent-900">
            All favorite lists
          </Link>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{list.listName}</h1>
          {list.isActive ? (
            <span className="rounded bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-800">
              Active: hearts add here
            </span>
          ) : null}
        </div>
        <p className="text-sm text-neutral-700" data-testid="favorite-list-count">
          {formatCount(list.productCount)} {list.productCount === 1 ? 'product' : 'products'}
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" action={favoriteListPath(list.listId)} className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor="favorite-sort" className="text-sm font-medium text-neutral-800">
              Sort by
            </label>
            <select
              id="favorite-sort"
              name="sort"
              defaultValue={sort}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
              className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
            >
              {FAVORITE_LINE_SORTS.map((option) => (
                <option key={option} value={option}>
                  {FAVORITE_LINE_SORT_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          {isHydrated ? null : (
            <Button type="submit" severity="secondary">
              Sort
            </Button>
          )}
        </Form>
        <Link
          to={instantExcelFavoriteListHref(list.listId)}
          className={buttonClassName('secondary')}
          data-testid="instant-excel-link"
        >
          Open as Instant Excel sheet
        </Link>
      </div>
      <div ref={messageRef} className="scroll-mt-4">
        {result ? (
          <Alert
            tone={result.ok ? 'success' : 'error'}
            title={result.isStale ? 'The list was changed in another window' : undefined}
          >
            {result.message}
            {result.isStale ? ' It is shown as it is now.' : ''}
          </Alert>
        ) : null}
      </div>
      {/* the remove buttons submit this form (a form cannot sit inside the add form): the version shown, so a save
          another tab made first is not overwritten */}
      <Form id={REMOVE_FORM_ID} method="post" preventScrollReset hidden>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="version" value={list.version} />
      </Form>
      {lines.length === 0 ? (
        <div
          className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700"
          data-testid="favorite-list-empty"
        >
          <p>
            This list is empty. Press the heart on a product, a variant or a cart line to add it to your active list.
          </p>
          <Link to="/search" className={buttonClassName('primary', 'mt-4')}>
            Find products
          </Link>
        </div>
      ) : (
        <Form id={ADD_FORM_ID} method="post" preventScrollReset className="flex flex-col gap-4">
          <ul
            className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white"
            data-testid="favorite-lines"
          >
            {lines.map((line) => (
              <FavoriteLine key={line.key} line={line} note={notes.get(line.key)} version={list.version} />
            ))}
          </ul>
          <div className={cn('flex flex-wrap items-center justify-end gap-3')}>
            <Button
              type="submit"
              name="intent"
              value="add-selected"
              severity="secondary"
              aria-disabled={isBusy || undefined}
            >
              Add selected
            </Button>
            <Button
              type="submit"
              name="intent"
              value="add-all"
              severity="cta-1"
              aria-disabled={isBusy || orderableCount === 0 || undefined}
            >
              Add all to cart
            </Button>
          </div>
        </Form>
      )}
      <LazyUnusualQuantityDialog items={askedQuantities} onConfirm={confirmUnusual} onCancel={cancelUnusual} />
    </div>
  );
}

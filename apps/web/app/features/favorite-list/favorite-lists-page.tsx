import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { Pagination } from '~/components/ui/pagination.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { FAVORITE_LISTS_PATH, favoriteListPath } from '~/lib/customer-center-paths.ts';
import { formatCount, formatDateTime } from '~/lib/format.ts';
import { type FavoriteListsParams, favoriteListsHref } from './favorite-list-params.ts';
import type { FavoriteListActionResult } from './favorite-list-result.ts';

/** One list as the lists page shows it. */
export type FavoriteListSummaryView = {
  listId: string;
  listName: string;
  productCount: number;
  /** When the list last changed (ISO); the lists come most recently touched first (spec §4). */
  touchedAt: string | null;
  isActive: boolean;
};

export type FavoriteListsPageData = {
  params: FavoriteListsParams;
  lists: FavoriteListSummaryView[];
  totalCount: number;
  pageCount: number;
  /** What a new list is called when no name is typed: "Favorite list (n)" (spec §4); null when not all lists are known. */
  nextDefaultName: string | null;
  maxNameLength: number;
};

/** A list's row: its name and figures, then what can be done with it (rename and delete ask in place first). */
function ListRow({
  list,
  params,
  renaming,
  confirmingDelete,
  result,
  maxNameLength,
}: {
  list: FavoriteListSummaryView;
  params: FavoriteListsParams;
  renaming: boolean;
  confirmingDelete: boolean;
  result: FavoriteListActionResult | undefined;
  maxNameLength: number;
}) {
  const here = favoriteListsHref(params);
  const withQuery = (name: string) => {
    const query = new URLSearchParams(here.split('?')[1] ?? '');
    query.set(name, list.listId);
    return `${FAVORITE_LISTS_PATH}?${query.toString()}`;
  };
  const renameError =
    result && !result.ok && result.listId === list.listId && result.field ? result.message : undefined;
  const headingId = `favorite-list-${list.listId}`;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-white p-4"
      aria-labelledby={headingId}
      data-testid="favorite-list-row"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold">
          <Link to={favoriteListPath(list.listId)} className="text-accent-800 underline hover:text-accent-900">
            {list.listName}
          </Link>
        </h2>
        {list.isActive ? (
          <span
            className="rounded bg-accent-50 px-2 py-0.5 text-xs font-medium text-accent-800"
            data-testid="active-list-badge"
          >
            Active: hearts add here
          </span>
        ) : null}
      </div>
      <p className="text-sm text-neutral-700">
        {formatCount(list.productCount)} {list.productCount === 1 ? 'product' : 'products'}
        {list.touchedAt ? (
          <span className="text-neutral-600"> · changed {formatDateTime(list.touchedAt)} (UTC)</span>
        ) : null}
      </p>
      {renaming ? (
        <Form method="post" action={here} className="flex flex-wrap items-end gap-2" data-testid="rename-form">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="listId" value={list.listId} />
          <TextField
            label={`New name for ${list.listName}`}
            name="listName"
            defaultValue={list.listName}
            maxLength={maxNameLength}
            required
            autoFocus
            error={renameError}
            className="min-w-56 flex-1"
          />
          <Button type="submit">Save name</Button>
          <Link to={here} className={buttonClassName('secondary')}>
            Cancel
          </Link>
        </Form>
      ) : confirmingDelete ? (
        <Form
          method="post"
          action={here}
          className="flex flex-col gap-3 rounded-md border border-red-200 bg-red-50 p-3"
          data-testid="delete-confirmation"
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="listId" value={list.listId} />
          <p className="text-sm text-red-900">
            Delete “{list.listName}” and its {formatCount(list.productCount)}{' '}
            {list.productCount === 1 ? 'product' : 'products'}? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" severity="danger" autoFocus>
              Delete list
            </Button>
            <Link to={here} className={buttonClassName('secondary')}>
              Keep it
            </Link>
          </div>
        </Form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to={favoriteListPath(list.listId)} className={buttonClassName('secondary', 'px-3 py-1.5')}>
            Open<span className="sr-only"> {list.listName}</span>
          </Link>
          {list.isActive ? null : (
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="set-active" />
              <input type="hidden" name="listId" value={list.listId} />
              <Button type="submit" severity="secondary" className="px-3 py-1.5">
                Set active<span className="sr-only">: {list.listName}</span>
              </Button>
            </Form>
          )}
          <Link to={withQuery('rename')} className={buttonClassName('secondary', 'px-3 py-1.5')}>
            Rename<span className="sr-only"> {list.listName}</span>
          </Link>
          <Link to={withQuery('delete')} className={buttonClassName('white', 'px-3 py-1.5 text-red-700')}>
            Delete<span className="sr-only"> {list.listName}</span>
          </Link>
        </div>
      )}
    </li>
  );
}

/**
 * /customer-center/favorite-list (issue 26 §1): the customer's lists, most recently changed first, 15 a page (spec §9),
 * searchable by name; create (a name, or "Favorite list (n)"), rename, delete after a question, set active (the
 * hearts add to the active list, spec §4). Plain forms and links: all of it works without JavaScript.
 */
export function FavoriteListsPage({
  data,
  result,
}: {
  data: FavoriteListsPageData;
  result: FavoriteListActionResult | undefined;
}) {
  const { params, lists, totalCount, pageCount, nextDefaultName, maxNameLength } = data;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const renamingId = searchParams.get('rename');
  const deletingId = searchParams.get('delete');
  const here = favoriteListsHref(params);
  const createError = result && !result.ok && !result.listId && result.field ? result.message : undefined;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Favorite lists</h1>
      <p className="max-w-prose text-sm text-neutral-700">
        The hearts on products, variants and cart lines add to your active list. Every user of your company sees the
        same lists.
      </p>
      {result && !(result.ok === false && result.field) ? (
        <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>
      ) : null}
      <section aria-labelledby="new-list-heading" className="rounded-lg border border-neutral-200 bg-white p-4">
        <h2 id="new-list-heading" className="text-base font-semibold">
          New list
        </h2>
        <Form method="post" action={here} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <TextField
            label="Name"
            name="listName"
            placeholder={nextDefaultName ?? undefined}
            hint={
              nextDefaultName
                ? `Leave empty for “${nextDefaultName}”.`
                : 'Leave empty for a numbered “Favorite list (n)”.'
            }
            maxLength={maxNameLength}
            error={createError}
            className="min-w-56 flex-1"
          />
          <Button type="submit" aria-disabled={navigation.state === 'submitting' || undefined}>
            Create list
          </Button>
        </Form>
      </section>
      <Form
        method="get"
        action={FAVORITE_LISTS_PATH}
        role="search"
        aria-label="Find lists"
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          label="List name"
          name="q"
          type="search"
          defaultValue={params.search}
          maxLength={maxNameLength}
          className="min-w-56 flex-1"
        />
        <Button type="submit" severity="primary">
          Find lists
        </Button>
        {params.search ? (
          <Link to={FAVORITE_LISTS_PATH} className={buttonClassName('secondary')}>
            Show all
          </Link>
        ) : null}
      </Form>
      <p role="status" className="text-sm text-neutral-600" data-testid="favorite-lists-count">
        {totalCount === 1 ? '1 list' : `${formatCount(totalCount)} lists`}
        {params.search ? ' match' : ''}
        {pageCount > 1 ? ` · page ${params.page} of ${pageCount}` : ''}
      </p>
      {lists.length === 0 ? (
        <p
          className="rounded-lg border border-neutral-200 bg-white p-6 text-neutral-700"
          data-testid="favorite-lists-empty"
        >
          {params.search ? 'No list has that name. Try another, or show all.' : 'No lists on this page.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="favorite-lists">
          {lists.map((list) => (
            <ListRow
              key={list.listId}
              list={list}
              params={params}
              renaming={renamingId === list.listId}
              confirmingDelete={deletingId === list.listId}
              result={result}
              maxNameLength={maxNameLength}
            />
          ))}
        </ul>
      )}
      <Pagination
        currentPage={params.page}
        pageCount={pageCount}
        hrefForPage={(page) => favoriteListsHref({ ...params, page })}
        label="Pages of lists"
      />
    </div>
  );
}

/**
 * What the favourite list pages' actions answer (browser-safe): a message to show, the field it is about, and
 * whether the page's data was stale (another tab saved the list first: the API's 409, issue 26 §1), in which case the
 * page shows the message and the list as it is now; nothing the buyer typed elsewhere on the page is lost.
 */
export type FavoriteListActionResult = {
  key: string;
  ok: boolean;
  message: string;
  /** The field the message is about (a name refused: empty, or taken). */
  field?: 'listName' | undefined;
  /** The list the message is about (rename, delete), shown in that list's row. */
  listId?: string | undefined;
  isStale?: boolean | undefined;
};

export const FAVORITE_LIST_INTENTS = ['create', 'rename', 'delete', 'set-active'] as const;
export type FavoriteListIntent = (typeof FAVORITE_LIST_INTENTS)[number];

/** The list page's add form: a quantity per line (`quantity:<line key>`) and the chosen lines (`selected`). */
export const QUANTITY_FIELD_PREFIX = 'quantity:';
export const SELECTED_FIELD = 'selected';

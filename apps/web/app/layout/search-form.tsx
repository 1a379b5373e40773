import { MAX_SEARCH_TEXT_LENGTH } from '@b2b/contract/constants';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { CLOSED_COMBOBOX, comboboxInputProps } from '~/components/ui/combobox-state.ts';
import { useSyncedState } from '~/features/search/use-synced-state.ts';
import type { PopupControl } from './search-suggestions-popup.tsx';

const loadPopup = () => import('./search-suggestions-popup.tsx');
const SearchSuggestionsPopup = lazy(loadPopup);

/**
 * GET /search?q=… from every page (spec §2 listing query `q`), with suggestions while typing (issue 11 §2): a
 * WAI-ARIA 1.2 combobox whose listbox popup groups products, categories and brands. Focus stays in the text box;
 * the arrows move the highlight (`aria-activedescendant`), Enter opens the highlighted suggestion or, with none,
 * searches; Escape closes the popup, then empties the box. Without JavaScript it is a plain search form.
 *
 * The suggestions (fetching and the listbox of the storefront's one combobox, components/ui/combobox.tsx:
 * search-suggestions-popup.tsx) load when the box first gets
 * a pointer or the focus (issue 12: the first load fetches only what the first paint needs); until then the listbox
 * is an empty hidden element, so `aria-controls` always names one.
 */
export function SearchForm() {
  const location = useLocation();
  const current = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useSyncedState(current);
  // the text the buyer typed last; suggestions are asked for that, never for text the page put in the box
  const [typedText, setTypedText] = useState<string | null>(null);
  const [hasPopup, setHasPopup] = useState(false);
  const [popup, setPopup] = useState(CLOSED_COMBOBOX);
  const [announcement, setAnnouncement] = useState('');
  const control = useRef<PopupControl>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const statusId = useId();

  const activate = () => {
    if (hasPopup) return;
    // fetch the module at once; React.lazy then renders it without a second wait
    void loadPopup();
    setHasPopup(true);
  };
  const clearText = useCallback(() => {
    setText('');
    setTypedText('');
  }, [setText]);

  // A navigation (a chosen suggestion, a search) forgets the typed text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => setTypedText(null), [location.pathname, location.search]);

  const emptyListbox = <div id={listboxId} role="listbox" aria-label="Search suggestions" hidden />;
  return (
    <Form method="get" action="/search" role="search" className="relative flex w-full max-w-xl items-stretch">
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        ref={inputRef}
        id="site-search"
        type="search"
        name="q"
        {...comboboxInputProps(listboxId, popup)}
        value={text}
        onChange={(event) => {
          activate();
          setText(event.currentTarget.value);
          setTypedText(event.currentTarget.value);
        }}
        onKeyDown={(event) => control.current?.keyDown(event)}
        onPointerEnter={activate}
        onFocus={() => {
          activate();
          control.current?.focused();
        }}
        onBlur={() => control.current?.closed()}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        placeholder="Search products"
        autoComplete="off"
        className="min-w-0 flex-1 rounded-l-md border border-r-0 border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500"
      />
      <button
        type="submit"
        className="rounded-r-md border border-accent-600 bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700"
      >
        Search
      </button>
      {hasPopup ? (
        <Suspense fallback={emptyListbox}>
          <SearchSuggestionsPopup
            control={control}
            listboxId={listboxId}
            typedText={typedText}
            inputRef={inputRef}
            onStateChange={setPopup}
            onAnnouncement={setAnnouncement}
            onClearText={clearText}
          />
        </Suspense>
      ) : (
        emptyListbox
      )}
      <div id={statusId} role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </Form>
  );
}

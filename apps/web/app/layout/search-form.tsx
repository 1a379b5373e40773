import { MAX_SEARCH_TEXT_LENGTH } from '@b2b/contract/constants';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import {
  CLOSED_COMBOBOX,
  type ComboboxEvent,
  comboboxKeyDown,
  comboboxReducer,
} from '~/features/search/search-combobox.ts';
import {
  describeSuggestions,
  MIN_SUGGESTION_TEXT_LENGTH,
  SEARCH_SUGGESTIONS_PATH,
  type SearchSuggestions,
  SUGGESTION_DEBOUNCE_MS,
  type SuggestionGroup,
  type SuggestionOption,
  toSuggestionGroups,
} from '~/features/search/search-suggestions.ts';
import { useSyncedState } from '~/features/search/use-synced-state.ts';
import { resizedImageSources } from '~/lib/image-resize-params.ts';

/** The thumbnail's box in CSS pixels. */
const THUMBNAIL_SIZE = 40;

function SuggestionThumbnail({ option }: { option: SuggestionOption }) {
  if (option.kind !== 'product') return null;
  return (
    <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded bg-neutral-100">
      {option.imageUrl ? (
        <img
          {...resizedImageSources(option.imageUrl, { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE })}
          // the name next to it says what it shows
          alt=""
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          decoding="async"
          className="size-full object-contain"
        />
      ) : null}
    </span>
  );
}

/**
 * GET /search?q=… from every page (spec §2 listing query `q`), with suggestions while typing (issue 11 §2): a
 * WAI-ARIA 1.2 combobox whose listbox popup groups products, categories and brands. Focus stays in the text box;
 * the arrows move the highlight (`aria-activedescendant`), Enter opens the highlighted suggestion or, with none,
 * searches; Escape closes the popup, then empties the box. Without JavaScript it is a plain search form.
 */
export function SearchForm() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useSyncedState(current);
  // the text the buyer typed last; suggestions are asked for that, never for text the page put in the box
  const [typedText, setTypedText] = useState<string | null>(null);
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [combobox, setCombobox] = useState(CLOSED_COMBOBOX);
  const dispatch = useCallback((event: ComboboxEvent) => setCombobox((state) => comboboxReducer(state, event)), []);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const statusId = useId();
  const options = groups.flatMap((group) => group.options);
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // Debounced fetch of the suggestions; a newer text aborts the request of the older one, so a late answer never
  // replaces a fresher one.
  useEffect(() => {
    if (typedText === null) return;
    const query = typedText.trim();
    if (query.length < MIN_SUGGESTION_TEXT_LENGTH) {
      setGroups([]);
      setAnnouncement('');
      dispatch({ type: 'suggestionsArrived', optionCount: 0 });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`${SEARCH_SUGGESTIONS_PATH}?${new URLSearchParams({ q: query })}`, {
          signal: controller.signal,
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`suggestions answered ${response.status}`);
        const next = toSuggestionGroups((await response.json()) as SearchSuggestions);
        setGroups(next);
        setAnnouncement(describeSuggestions(next));
        // the popup opens only for a box that still has the focus
        const count = document.activeElement === inputRef.current ? next.flatMap((group) => group.options).length : 0;
        dispatch({ type: 'suggestionsArrived', optionCount: count });
      } catch (error) {
        if (controller.signal.aborted) return;
        // no suggestions is not an error to the buyer: the form still searches
        console.warn('[search] suggestions failed', error);
        setGroups([]);
        dispatch({ type: 'suggestionsArrived', optionCount: 0 });
      }
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typedText, dispatch]);

  // A navigation (a chosen suggestion, a search) closes the popup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change on purpose
  useEffect(() => {
    dispatch({ type: 'closed' });
    setTypedText(null);
  }, [location.pathname, location.search]);

  const choose = (option: SuggestionOption | undefined) => {
    if (!option) return;
    dispatch({ type: 'closed' });
    setAnnouncement('');
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // an IME composing text uses Enter and the arrows itself
    if (event.nativeEvent.isComposing) return;
    const result = comboboxKeyDown(combobox, event.key, { altKey: event.altKey, hasText: text.length > 0 });
    if (result.isHandled) event.preventDefault();
    setCombobox(result.state);
    if (result.effect === 'chooseActive') choose(options[combobox.activeIndex]);
    if (result.effect === 'clearText') {
      setText('');
      setTypedText('');
    }
  };

  let optionIndex = -1;
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={combobox.isOpen}
        aria-controls={listboxId}
        aria-activedescendant={
          combobox.isOpen && combobox.activeIndex >= 0 ? optionId(combobox.activeIndex) : undefined
        }
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setTypedText(event.currentTarget.value);
          dispatch({ type: 'textChanged' });
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (options.length > 0 && typedText !== null)
            dispatch({ type: 'suggestionsArrived', optionCount: options.length });
        }}
        onBlur={() => dispatch({ type: 'closed' })}
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
      {/* Pressing on an option must not take the focus from the text box (that would close the popup first). */}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!combobox.isOpen}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[min(32rem,70vh)] overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 shadow-lg"
      >
        {groups.map((group) => {
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of a listbox (ARIA 1.2), not a fieldset of form fields
            <div key={group.kind} role="group" aria-label={group.heading}>
              <div
                aria-hidden="true"
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase"
              >
                {group.heading}
              </div>
              {group.options.map((option) => {
                optionIndex += 1;
                const index = optionIndex;
                const isActive = combobox.activeIndex === index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users choose with Enter in the text box (aria-activedescendant)
                  <div
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    // reachable by aria-activedescendant, never by Tab: focus stays in the text box
                    tabIndex={-1}
                    aria-selected={isActive}
                    onClick={() => choose(option)}
                    onMouseMove={() => {
                      if (!isActive) dispatch({ type: 'optionHovered', index });
                    }}
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${isActive ? 'bg-accent-50 outline-2 -outline-offset-2 outline-accent-600' : ''}`}
                  >
                    <SuggestionThumbnail option={option} />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-neutral-900">{option.label}</span>
                      <span className="block truncate text-xs text-neutral-600">{option.detail}</span>
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <div id={statusId} role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </Form>
  );
}

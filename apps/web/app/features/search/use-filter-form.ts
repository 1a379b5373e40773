import { type FormEvent, useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { parseSearchParams, type SearchState, toSearchHref } from './search-params.ts';

/**
 * The listing's filter form is a plain GET form, so it works without JavaScript (the loader redirects what the
 * browser submits to the canonical URL). With JavaScript the submit is taken over: the form's fields are read
 * exactly as the server would read them, written as the canonical URL and navigated to without a reload.
 * Page 1 again follows on its own: the form has no page field (spec §4).
 */
export function useFilterForm(state: SearchState, pathname: string) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const replaceNextRef = useRef(false);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(event.currentTarget)) {
        if (typeof value === 'string') params.append(name, value);
      }
      const next = parseSearchParams(params, state.definitions);
      const replace = replaceNextRef.current;
      replaceNextRef.current = false;
      navigate(toSearchHref(pathname, next), { preventScrollReset: true, replace });
    },
    [navigate, pathname, state.definitions],
  );

  /**
   * Submits at once (a checkbox or the sort order changed). These small steps replace the history entry, so
   * Back leaves the listing instead of undoing one checkbox at a time.
   */
  const submitNow = useCallback(() => {
    replaceNextRef.current = true;
    formRef.current?.requestSubmit();
  }, []);

  return { formRef, onSubmit, submitNow };
}

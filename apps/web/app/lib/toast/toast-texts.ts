import { DEFAULT_ERROR_TOAST_TITLE } from '@b2b/contract/constants';

/**
 * The toasts' texts from the area's translations (GetTranslationsByAreaId, spec §8): the error toast's default title,
 * its message per exception type (`Exceptions.<type>`, else `Exceptions.DefaultErrorMessage`) and the copy
 * confirmation. Only these keys reach the browser.
 */
export type ToastTexts = {
  defaultErrorTitle: string;
  defaultErrorMessage: string;
  textCopied: string;
  /** `Exceptions.<type>` by type, e.g. `NotFoundException`. */
  exceptions: Record<string, string>;
};

/** What toasts say while no translations are loaded (or the call failed). */
export const DEFAULT_TOAST_TEXTS: ToastTexts = {
  defaultErrorTitle: DEFAULT_ERROR_TOAST_TITLE,
  defaultErrorMessage: 'An unexpected error occurred. Please try again.',
  textCopied: 'Text copied',
  exceptions: {},
};

const EXCEPTION_PREFIX = 'Exceptions.';

/** The toast texts of a translation table; keys that are missing keep their defaults. */
export function toToastTexts(translations: Readonly<Record<string, string>>): ToastTexts {
  const exceptions: Record<string, string> = {};
  for (const [key, value] of Object.entries(translations)) {
    if (key.startsWith(EXCEPTION_PREFIX) && key !== `${EXCEPTION_PREFIX}DefaultErrorMessage` && value.trim())
      exceptions[key.slice(EXCEPTION_PREFIX.length)] = value;
  }
  const text = (key: string, fallback: string) => translations[key]?.trim() || fallback;
  return {
    defaultErrorTitle: text('Toast.DefaultErrorTitle', DEFAULT_TOAST_TEXTS.defaultErrorTitle),
    defaultErrorMessage: text('Exceptions.DefaultErrorMessage', DEFAULT_TOAST_TEXTS.defaultErrorMessage),
    textCopied: text('Toast.TextCopied', DEFAULT_TOAST_TEXTS.textCopied),
    exceptions,
  };
}

/** spec §8: the translation of `Exceptions.<type>` if there is one, else `Exceptions.DefaultErrorMessage`. */
export function errorToastMessage(texts: ToastTexts, type: string | undefined): string {
  return (
    (type !== undefined && Object.hasOwn(texts.exceptions, type) ? texts.exceptions[type] : undefined) ??
    texts.defaultErrorMessage
  );
}

import { DEFAULT_ERROR_TOAST_TITLE } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_TEXTS, errorToastMessage, toToastTexts } from './toast-texts.ts';

describe('toast texts (spec §8)', () => {
  const texts = toToastTexts({
    'Exceptions.DefaultErrorMessage': 'Something went wrong.',
    'Exceptions.NotFoundException': 'We could not find it.',
    'Exceptions.Empty': '  ',
    'Toast.TextCopied': 'Tekst kopieret',
    'Header.Search': 'Search',
  });

  it('uses Exceptions.<type> when translated, else Exceptions.DefaultErrorMessage', () => {
    expect(errorToastMessage(texts, 'NotFoundException')).toBe('We could not find it.');
    expect(errorToastMessage(texts, 'CartHasBeenModifiedException')).toBe('Something went wrong.');
    expect(errorToastMessage(texts, 'Empty')).toBe('Something went wrong.');
    expect(errorToastMessage(texts, 'constructor')).toBe('Something went wrong.');
    expect(errorToastMessage(texts, undefined)).toBe('Something went wrong.');
  });

  it('keeps only the toast keys and the Danish default title when none is translated', () => {
    expect(texts).toEqual({
      defaultErrorTitle: 'Der opstod en fejl',
      defaultErrorMessage: 'Something went wrong.',
      textCopied: 'Tekst kopieret',
      exceptions: { NotFoundException: 'We could not find it.' },
    });
    expect(DEFAULT_TOAST_TEXTS.defaultErrorTitle).toBe(DEFAULT_ERROR_TOAST_TITLE);
  });
});

/**
 * The storefront's texts per area (GetTranslationsByAreaId): a message for every exception type the API answers
 * with (spec §8: the error handler shows `Exceptions.{type}`, else `Exceptions.DefaultErrorMessage`), the toast
 * texts of spec §8, and the texts of the error and "product not available" pages.
 */
import { type AreaId, DEFAULT_ERROR_TOAST_TITLE, ERROR_TYPES, type ErrorType } from '@b2b/contract';
import type { translations } from '../schema.ts';
import { buildAreaFacts } from './content-area-facts.ts';
import { CONTENT_LANGUAGE_CODE } from './content-documents.ts';

/** What a buyer reads for each exception type: what happened and what to do next. */
const EXCEPTION_MESSAGES: Record<ErrorType, string> = {
  ValidationException: 'Some of the details are not valid. Please check the highlighted fields and try again.',
  MissingParameterException: 'Some required details are missing. Please fill in the highlighted fields.',
  InvalidCredentialsException: 'The username or password is not correct.',
  UnauthorizedException: 'Your session has ended. Please log in again.',
  InvalidTokenException: 'This link is no longer valid. Please request a new one.',
  RefreshTokenReusedException: 'For your security you have been logged out. Please log in again.',
  ForbiddenException: 'Your account does not have access to this.',
  NotFoundException: 'We could not find what you were looking for. It may have been moved or removed.',
  CartHasBeenModifiedException: 'Your cart was changed in another window. We have loaded the latest version.',
  FavoriteListHasBeenModifiedException:
    'This favourite list was changed in another window. We have loaded the latest version; please try again.',
  ConflictException: 'Someone else changed this at the same time. Please reload and try again.',
  DocumentHasBeenModifiedException:
    'This document was changed by someone else meanwhile. Reload it and repeat your change.',
  CartIsEmptyException: 'Your cart is empty. Add products before you check out.',
  PaymentNotCompletedException:
    'The card payment has not been completed. Please finish the payment to place the order.',
  IllegalOrderStateTransitionException: 'The order cannot be moved to that state now.',
  CreditExceedsInvoiceException: 'The credit is larger than what is left to credit on the invoice.',
  CreditLimitExceededException:
    'This order would take your account above its credit limit. See your statement of account, or contact us.',
  TooManyLoginAttemptsException: 'Too many login attempts. Please wait a few minutes before you try again.',
  TooManyRequestsException: 'Too many requests in a short time. Please wait a moment and try again.',
  InternalServerErrorException: 'Something went wrong on our side. Please try again in a moment.',
  PaymentProviderException:
    'The card payment service is not answering. Please try again, or choose payment on invoice.',
};

function buildAreaTexts(areaId: AreaId): Record<string, string> {
  const facts = buildAreaFacts(areaId);
  return {
    ...Object.fromEntries(
      (Object.keys(ERROR_TYPES) as ErrorType[]).map((type) => [`Exceptions.${type}`, EXCEPTION_MESSAGES[type]]),
    ),
    'Exceptions.DefaultErrorMessage': `Something went wrong. Please try again, or call customer service on ${facts.phone}.`,
    'Toast.DefaultErrorTitle': DEFAULT_ERROR_TOAST_TITLE,
    'Toast.TextCopied': 'Text copied',
    'Toast.TextCopiedDetail': 'The error details are on your clipboard.',
    'Error.PageNotFoundTitle': 'Page Not Found',
    'Error.PageNotFoundMessage': 'Page Not Found: ',
    'Error.ServerErrorTitle': 'Internal Server Error',
    'Error.ServerErrorMessage': 'The page could not be shown. Please try again in a moment.',
    'ProductNotAvailable.Title': 'This product is not available',
    'ProductNotAvailable.NoLongerSold': 'This product is no longer sold. These products are similar:',
    'ProductNotAvailable.NotForYou': 'This product is not sold to your account. These products are similar:',
    'Prices.LogInToSeePrices': 'Log in to see prices',
    'Form.Required': 'Required',
    'Form.SendFailed': 'The form could not be sent. Please try again.',
    'Modal.Close': 'Close',
  };
}

/** The translation rows of every area. */
export function buildTranslationRows(areaIds: readonly AreaId[]): Array<typeof translations.$inferInsert> {
  return areaIds.flatMap((areaId) =>
    Object.entries(buildAreaTexts(areaId)).map(([key, value]) => ({
      areaId,
      languageCode: CONTENT_LANGUAGE_CODE,
      key,
      value,
    })),
  );
}

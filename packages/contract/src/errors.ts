import { z } from 'zod';

/**
 * The exception types the API names in error bodies (spec §8). Services throw `AppError(type)`;
 * one error handler maps the type to its status. The web client reads `type` to decide what to do,
 * e.g. a 401 whose type is not `InvalidCredentialsException` resets the session (spec §8).
 */
export const ERROR_TYPES = {
  ValidationException: 400,
  MissingParameterException: 400,
  InvalidCredentialsException: 401,
  UnauthorizedException: 401,
  InvalidTokenException: 401,
  RefreshTokenReusedException: 401,
  ForbiddenException: 403,
  NotFoundException: 404,
  CartHasBeenModifiedException: 409,
  /** AddOrUpdateFavoriteList with a version another save has passed: nothing saved; read the list again (ADR 026). */
  FavoriteListHasBeenModifiedException: 409,
  ConflictException: 409,
  /** Document/Update, DeleteByKey or Restore with a version another save has passed: nothing changed (issue 28). */
  DocumentHasBeenModifiedException: 409,
  /** CreateOrderByCartId on a cart without lines. */
  CartIsEmptyException: 409,
  /** CreateOrderByCartId with card payment before the card payment has succeeded. */
  PaymentNotCompletedException: 409,
  /** UpdateOrderState to a state the order cannot move to now; `errors` names the allowed ones (ADR 014). */
  IllegalOrderStateTransitionException: 409,
  /** CreateCreditMemo for more than is left to credit on the invoice (ADR 014). */
  CreditExceedsInvoiceException: 409,
  /**
   * CreateOrderByCartId paid on account when open invoices + orders not yet invoiced + this order would exceed the
   * customer's credit limit; the message names the limit, the open balance and what is available (ADR 019).
   */
  CreditLimitExceededException: 409,
  TooManyLoginAttemptsException: 429,
  TooManyRequestsException: 429,
  InternalServerErrorException: 500,
  /** The card payment provider could not be reached or refused the call. */
  PaymentProviderException: 502,
} as const;
export type ErrorType = keyof typeof ERROR_TYPES;

/** spec §8: the API client's message for any status other than 200 or 204. */
export const UNEXPECTED_SERVER_ERROR_MESSAGE = 'An unexpected server error occurred.';

/** spec §5: the message for a required parameter that is missing. */
export function missingParameterMessage(name: string): string {
  return `The parameter ${name} must be defined and cannot be null.`;
}

export const fieldErrorSchema = z.object({
  field: z.string().describe('Dotted path of the offending field or parameter, e.g. `area.areaId` or `Area.AreaId`.'),
  message: z.string().describe('Why the value was refused.'),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error response. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string().describe('Status text of spec §8, e.g. `Unauthorized`, `Not Found`, `Client Error`.'),
  type: z.string().describe('Exception type, e.g. `InvalidCredentialsException`.'),
  message: z.string(),
  errors: z
    .array(fieldErrorSchema)
    .optional()
    .describe('Field errors for 400 responses; for a refused order state change (409) the states allowed now.'),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

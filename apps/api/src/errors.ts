/**
 * The one error type services throw. The error handler (plugins/error-handler.ts) turns it into the status of the
 * contract's ERROR_TYPES and the spec §8 body; services never deal with HTTP status codes themselves.
 */
import { ERROR_TYPES, type ErrorType, type FieldError } from '@b2b/contract';

export class AppError extends Error {
  override name = 'AppError';
  readonly type: ErrorType;
  readonly statusCode: number;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(type: ErrorType, message: string, fieldErrors?: FieldError[]) {
    super(message);
    this.type = type;
    this.statusCode = ERROR_TYPES[type];
    this.fieldErrors = fieldErrors;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** A 400 about one field, e.g. `validationError('currencyCode', "must be the customer's currency EUR")`. */
export function validationError(field: string, message: string): AppError {
  return new AppError('ValidationException', `${field} ${message}`, [{ field, message }]);
}

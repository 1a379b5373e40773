/**
 * The one place errors become HTTP responses (spec §8 error catalogue; architecture "Errors"). Every error body has
 * the contract's `errorResponseSchema` shape: statusCode, the spec's status text (`Unauthorized`, `Not Found`,
 * `Client Error` for 429 …), the exception type the web reads (e.g. `InvalidCredentialsException`), a message,
 * field errors for 400s, and the request id. 5xx bodies never carry internals.
 */
import { STATUS_CODES } from 'node:http';
import {
  type ErrorResponse,
  type ErrorType,
  type FieldError,
  STATUS_TEXTS,
  UNEXPECTED_SERVER_ERROR_MESSAGE,
} from '@b2b/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../errors.ts';
import { RequestValidationError, validationMessage } from './validation.ts';

/** The exception type for an HTTP status that did not come from an AppError (e.g. Fastify's own 4xx). */
const TYPE_BY_STATUS: Record<number, ErrorType> = {
  400: 'ValidationException',
  401: 'UnauthorizedException',
  403: 'ForbiddenException',
  404: 'NotFoundException',
  409: 'ConflictException',
  429: 'TooManyRequestsException',
};

/** Messages for Fastify's body-parsing errors, worded for API clients. */
const FASTIFY_CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
};

export function statusText(statusCode: number): string {
  return STATUS_TEXTS[statusCode] ?? STATUS_CODES[statusCode] ?? 'Error';
}

export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  type: string,
  message: string,
  errors?: FieldError[],
): ErrorResponse {
  return {
    statusCode,
    error: statusText(statusCode),
    type,
    message,
    ...(errors && errors.length > 0 ? { errors } : {}),
    requestId: request.id,
  };
}

function send(reply: FastifyReply, body: ErrorResponse) {
  // The route's response schema does not describe errors of other statuses; send plain JSON.
  return reply.code(body.statusCode).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      request.log.info({ fieldErrors: error.fieldErrors }, 'request validation failed');
      const missing = error.fieldErrors.some((fieldError) => fieldError.isMissing);
      const errors = error.fieldErrors.map(({ field, message }) => ({ field, message }));
      return send(
        reply,
        errorBody(
          request,
          400,
          missing ? 'MissingParameterException' : 'ValidationException',
          validationMessage(error.fieldErrors),
          errors,
        ),
      );
    }

    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      else request.log.info({ type: error.type }, error.message);
      const message = error.statusCode >= 500 ? UNEXPECTED_SERVER_ERROR_MESSAGE : error.message;
      return send(reply, errorBody(request, error.statusCode, error.type, message, error.fieldErrors));
    }

    const statusCode = (error as FastifyError).statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const code = (error as FastifyError).code ?? '';
      request.log.info({ code, statusCode }, error.message);
      const message = FASTIFY_CLIENT_ERROR_MESSAGES[code] ?? error.message;
      return send(reply, errorBody(request, statusCode, TYPE_BY_STATUS[statusCode] ?? 'ValidationException', message));
    }

    // Anything else is our fault: log everything, tell the client nothing but the request id.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, errorBody(request, 500, 'InternalServerErrorException', UNEXPECTED_SERVER_ERROR_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    // spec §8: a 404 at the HTTP layer is thrown as not-found; same body shape as every other error.
    return send(
      reply,
      errorBody(request, 404, 'NotFoundException', `Route ${request.method} ${request.url.split('?')[0]} not found.`),
    );
  });
}

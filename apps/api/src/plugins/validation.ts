/**
 * Request validation with the contract's zod schemas. Instead of fastify-type-provider-zod's validator we use our
 * own, which turns zod issues into the field errors of the contract's error body at once: dotted field names
 * (`area.areaId`, or the spec's query names like `Area.AreaId`), and the spec §5 message for a missing parameter.
 * Responses go through plugins/serialization.ts.
 */
import { type FieldError, missingParameterMessage } from '@b2b/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/** The HTTP parts a route validates, named as the error body names them when the whole part is missing. */
const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

export type RequestFieldError = FieldError & {
  /** True when the value is absent or null where it is required (spec §5 "must be defined and cannot be null"). */
  isMissing: boolean;
};

/** Thrown (returned to Fastify) when a request part fails its schema; plugins/error-handler.ts renders it. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;
  readonly fieldErrors: RequestFieldError[];
  readonly part: string;

  constructor(part: string, fieldErrors: RequestFieldError[]) {
    super(`Invalid ${part}`);
    this.part = part;
    this.fieldErrors = fieldErrors;
  }
}

const MISSING_VALUE_CODES = new Set<string>(['invalid_type', 'invalid_value', 'invalid_union']);

function joinPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => String(segment)).join('.');
}

/** Field errors of a failed parse; never echoes the offending value (it may be a password). */
export function toFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>, part: string): RequestFieldError[] {
  const fieldErrors: RequestFieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      // spec-less API hygiene: unknown fields are refused, not ignored, so typos do not pass silently.
      for (const key of issue.keys) {
        fieldErrors.push({ field: joinPath([...issue.path, key]), message: 'is not a known field', isMissing: false });
      }
      continue;
    }
    const field = joinPath(issue.path) || (PART_NAMES[part] ?? part);
    const input = (issue as { input?: unknown }).input;
    // Absent or null where a value is required: a type, enum/literal or union check saw nothing at all.
    const isMissing = MISSING_VALUE_CODES.has(issue.code) && (input === undefined || input === null);
    fieldErrors.push({
      field,
      message: isMissing ? 'must be defined and cannot be null' : issue.message,
      isMissing,
    });
  }
  return fieldErrors;
}

export const NUL_CHARACTER_MESSAGE = 'must not contain the NUL character';

/**
 * Field errors for every string (value or key) in `data` that holds a NUL character (U+0000). PostgreSQL cannot
 * store it in text or jsonb and fails the statement, so without this check such input answered 500 and logged the
 * SQL. Checked here, on the raw input of every route and part, so no schema (and no newly added field) can forget
 * it; the fields are named as the client sent them. Walks with a stack, not recursion, so deep nesting cannot
 * overflow.
 */
export function nulCharacterFieldErrors(data: unknown, part: string): RequestFieldError[] {
  const fieldErrors: RequestFieldError[] = [];
  const report = (at: WalkPosition | null) => {
    const path: PropertyKey[] = [];
    for (let position = at; position; position = position.parent) path.push(position.key);
    path.reverse();
    fieldErrors.push({
      field: joinPath(path) || (PART_NAMES[part] ?? part),
      message: NUL_CHARACTER_MESSAGE,
      isMissing: false,
    });
  };
  // Each value keeps a link to its parent's position, so the path is built only for a value that is reported.
  const pending: Array<{ value: unknown; position: WalkPosition | null }> = [{ value: data, position: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, position } = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) report(position);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        // A key is named by its parent: echoing the key itself would put the NUL into the answer.
        if (key.includes('\0')) report(position);
        else pending.push({ value: item, position: { key: Array.isArray(value) ? index : key, parent: position } });
      }
    }
  }
  return fieldErrors;
}

type WalkPosition = { key: PropertyKey; parent: WalkPosition | null };

/** The validator compiler for every route (set once in app.ts). */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = httpPart ?? 'body';
  return (data) => {
    const nulFieldErrors = nulCharacterFieldErrors(data, part);
    if (nulFieldErrors.length > 0) return { error: new RequestValidationError(part, nulFieldErrors) };
    // reportInput lets us tell "missing" (undefined/null) from "wrong type"; the input itself is never sent back.
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, toFieldErrors(result.error.issues, part)) };
  };
};

/** The message of a 400 for these field errors: spec §5's wording when something required is missing. */
export function validationMessage(fieldErrors: RequestFieldError[]): string {
  const missing = fieldErrors.find((error) => error.isMissing);
  if (missing) return missingParameterMessage(missing.field);
  const [first] = fieldErrors;
  if (!first) return 'The request is not valid.';
  const more = fieldErrors.length > 1 ? ` (and ${fieldErrors.length - 1} more)` : '';
  return `The request is not valid: ${first.field} ${first.message}${more}.`;
}

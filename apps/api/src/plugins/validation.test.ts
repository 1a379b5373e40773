import { areaQueryShape, productKeySchema } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  NUL_CHARACTER_MESSAGE,
  nulCharacterFieldErrors,
  type RequestFieldError,
  toFieldErrors,
  validationMessage,
} from './validation.ts';

function fieldErrorsOf(schema: z.ZodType, data: unknown, part = 'body'): RequestFieldError[] {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error.issues, part);
}

describe('toFieldErrors', () => {
  it('names missing query parameters with the dotted names of spec §7', () => {
    const query = z.object({ ...areaQueryShape('Area'), Url: z.string() }).strict();
    const errors = fieldErrorsOf(query, { 'Area.AreaId': 'eu', Url: '/' }, 'querystring');
    expect(errors.map((error) => error.field)).toEqual(['Area.LanguageCode', 'Area.CurrencyCode']);
    expect(validationMessage(errors)).toBe('The parameter Area.LanguageCode must be defined and cannot be null.');
  });

  it('uses the AreaInfo prefix where the spec does', () => {
    const query = z.object(areaQueryShape('AreaInfo')).strict();
    const errors = fieldErrorsOf(query, {}, 'querystring');
    expect(validationMessage(errors)).toBe('The parameter AreaInfo.AreaId must be defined and cannot be null.');
  });

  it('treats null like missing, and a wrong type as invalid', () => {
    const schema = z.object({ products: z.array(productKeySchema) });
    const missing = fieldErrorsOf(schema, { products: [{ productId: null }] });
    expect(missing).toEqual([
      { field: 'products.0.productId', message: 'must be defined and cannot be null', isMissing: true },
    ]);
    const wrongType = fieldErrorsOf(schema, { products: [{ productId: 42 }] });
    expect(wrongType[0]).toMatchObject({ field: 'products.0.productId', isMissing: false });
    expect(validationMessage(wrongType)).toMatch(/^The request is not valid: products\.0\.productId /);
  });

  it('names each unknown field', () => {
    const errors = fieldErrorsOf(z.object({ a: z.string() }).strict(), { a: 'x', b: 1, c: 2 });
    expect(errors).toEqual([
      { field: 'b', message: 'is not a known field', isMissing: false },
      { field: 'c', message: 'is not a known field', isMissing: false },
    ]);
    expect(validationMessage(errors)).toBe('The request is not valid: b is not a known field (and 1 more).');
  });

  it('names the whole part when it is missing', () => {
    expect(fieldErrorsOf(z.object({ a: z.string() }), null)).toEqual([
      { field: 'body', message: 'must be defined and cannot be null', isMissing: true },
    ]);
  });

  it('never carries the input value', () => {
    const errors = fieldErrorsOf(z.object({ password: z.string().min(10) }), { password: 'secret' });
    expect(JSON.stringify(errors)).not.toContain('secret');
  });
});

describe('nulCharacterFieldErrors', () => {
  it('names every string field holding a NUL character, at any depth, as the client named it', () => {
    const body = { username: 'a\u0000b', area: { areaId: 'eu' }, lines: [{ note: 'ok' }, { note: '\u0000' }] };
    expect(nulCharacterFieldErrors(body, 'body').map((error) => error.field)).toEqual(['username', 'lines.1.note']);
    expect(nulCharacterFieldErrors({ 'Area.AreaId': 'e\u0000u' }, 'querystring')[0]).toEqual({
      field: 'Area.AreaId',
      message: NUL_CHARACTER_MESSAGE,
      isMissing: false,
    });
  });

  it('names a key holding a NUL character by its parent, never echoing it', () => {
    const errors = nulCharacterFieldErrors({ filters: { 'x\u0000': 'y' } }, 'body');
    expect(errors.map((error) => error.field)).toEqual(['filters']);
    expect(JSON.stringify(errors)).not.toContain('\\u0000');
  });

  it('names the part when the whole part is such a string, and passes clean input', () => {
    expect(nulCharacterFieldErrors('\u0000', 'body')[0]?.field).toBe('body');
    expect(nulCharacterFieldErrors({ a: ['b', 1, null, { c: true }] }, 'body')).toEqual([]);
  });

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    expect(nulCharacterFieldErrors(deep, 'body')).toHaveLength(1);
  });
});

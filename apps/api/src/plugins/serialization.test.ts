import { responsesOf } from '@b2b/contract/endpoint';
import { ALL_ENDPOINTS } from '@b2b/contract/endpoints/all';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler, toSerializationSchema } from './serialization.ts';

const serializerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

describe('response serialisation', () => {
  it('compiles every answer schema of every endpoint', () => {
    const failures: string[] = [];
    for (const { name, endpoint } of ALL_ENDPOINTS) {
      for (const [status, schema] of Object.entries(responsesOf(endpoint))) {
        try {
          fastJson(toSerializationSchema(schema));
        } catch (error) {
          failures.push(`${name} ${status}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('writes what zod would keep: declared fields only, nulls, records, catch-all attributes', () => {
    const schema = z.object({
      id: z.string(),
      note: z.string().nullable(),
      count: z.number().int(),
      tags: z.array(z.object({ name: z.string() })),
      byId: z.record(z.string(), z.object({ price: z.number() })),
      specifications: z.object({ brand: z.string() }).catchall(z.union([z.string(), z.array(z.string())])),
      optional: z.string().optional(),
    });
    const answer = {
      id: 'A1',
      note: null,
      count: 3,
      passwordHash: 'never sent',
      tags: [{ name: 'red', internal: true }],
      byId: { x: { price: 1.5, cost: 0.7 } },
      specifications: { brand: 'bb', colour: ['Red', 'Blue'], size: 'M' },
    };
    const written = JSON.parse(serializerOf(schema)(answer));
    expect(written).toEqual(schema.parse(answer));
    expect(written).not.toHaveProperty('passwordHash');
    expect(written.tags[0]).not.toHaveProperty('internal');
  });

  it('refuses an answer that lacks a required field (a 500, as the zod serializer did)', () => {
    expect(() => serializerOf(z.object({ id: z.string() }))({})).toThrow(/id/);
  });
});

/**
 * Response serialisation: each answer schema of the contract becomes, on its first use, a fast-json-stringify function
 * compiled from the schema's JSON Schema. Only declared properties are written — a field a service leaves on an
 * object never reaches the client, as with zod's stripping — and no copy of the answer is made on the way: the zod
 * parse that fastify-type-provider-zod's serializer runs on every answer allocated a second copy of it and cost a
 * search request as much as counting its facets (ADR 012). That the answers keep their schema is checked where it
 * can fail, in the API tests, which read every answer with the endpoint's zod schema (test/support/endpoint-calls.ts).
 */

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** One compiled function per schema: the error body's schema is shared by every route. */
const compiled = new WeakMap<z.ZodType, Serialize>();

/** The JSON Schema fast-json-stringify compiles: the answer's output side, draft 7, anything unrepresentable as any. */
export function toSerializationSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

function compile(schema: z.ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    serialize = fastJson(toSerializationSchema(schema)) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Fastify's serializer compiler for the contract's zod answer schemas. Compiling waits for the first answer: a
 * route that never answers (most of them, in one test file) costs nothing at start-up.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= compile(schema);
    return serialize(data);
  };
};

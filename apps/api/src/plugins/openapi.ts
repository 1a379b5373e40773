/**
 * The OpenAPI document (`/api/docs/json`) and its browser view (`/api/docs`). The document is a product for other
 * clients (an ERP, a mobile app): it is generated from the endpoint definitions (plugins/endpoints.ts sets each
 * operation's id, security and answers), it validates, a client can be generated from it, and Redocly's
 * recommended rules find no error in it (test/openapi.test.ts checks all three).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { DOCS_PREFIX } from './policy.ts';

const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** Every `#/components/schemas/<name>` that `value` refers to, at any depth. */
function referencedSchemaNames(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemaNames(item, names);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF_PREFIX)) {
        names.add(child.slice(SCHEMA_REF_PREFIX.length));
      } else {
        referencedSchemaNames(child, names);
      }
    }
  }
  return names;
}

/**
 * Keeps only the component schemas that an operation reaches. The zod transform adds each schema with an id twice
 * (`MenuEntry` for answers, `MenuEntryInput` for requests) whether or not a request uses it; an unused component
 * would only puzzle a reader of the document and a client generator.
 */
function withoutUnusedSchemas<D extends { paths?: unknown; components?: { schemas?: Record<string, unknown> } }>(
  document: D,
): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = referencedSchemaNames(document.paths);
  let pending = [...used];
  while (pending.length > 0) {
    const reached = referencedSchemaNames(pending.map((name) => schemas[name]));
    pending = [...reached].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** Answers that never carry a body (RFC 9110). */
const BODILESS_STATUSES = ['204', '304'];

/**
 * zod's transform, then bodiless answers as `{ type: 'null' }`, which @fastify/swagger writes as an answer without
 * content (the endpoints declare them as `z.null()`, which would become a JSON body that can only be null, and a
 * client generator would read it as "returns null").
 */
const transformRouteSchema: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const responses = (transformed.schema as { response?: Record<string, { type?: string; description?: string }> })
    .response;
  for (const status of BODILESS_STATUSES) {
    const answer = responses?.[status];
    if (responses && answer) responses[status] = { type: 'null', description: answer.description ?? 'No content.' };
  }
  return transformed;
};

/** Registers @fastify/swagger (the document) and @fastify/swagger-ui (its page at DOCS_PREFIX). */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'B2B shop API',
        description:
          'JSON API of the B2B web shop. Errors share one body (statusCode, error, type, message, errors, requestId).',
        version: '0.1.0',
      },
      // Paths are relative to the host that serves this document (the API itself, or the web's proxy to it).
      servers: [{ url: '/', description: 'The host that serves this document' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // Each route's zod schemas become JSON schemas; a schema registered with an id in zod's global registry (e.g.
    // the recursive `MenuEntry`, packages/contract/src/area.ts) becomes a `$ref` to a component ...
    transform: transformRouteSchema,
    // ... and this adds those components to the document, so every `$ref` resolves.
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}

/**
 * Registers a route from its contract definition (`@b2b/contract/endpoint`): the path, the methods, the policy,
 * the request schemas, the answers per status and the OpenAPI words all come from the one value, so a route module
 * only adds the handler. Every route of the API is registered through `registerEndpoint`.
 */
import { missingParameterMessage } from '@b2b/contract';
import {
  type EndpointDefinition,
  type EndpointHandlerResult,
  type EndpointParsedInput,
  operationIdOf,
  pathParameterNames,
  responsesOf,
} from '@b2b/contract/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { AppError } from '../errors.ts';

/** The request a handler sees: Fastify's, with the validated parameters, query and body of the endpoint. */
export type EndpointRequest<E extends EndpointDefinition> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  EndpointParsedInput<E>;

export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointHandlerResult<E> | FastifyReply>;

/** `/api/X/{a}/{b}` → `/api/X/:a/:b` (Fastify's syntax). */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * The answers by status as the route schema takes them. A success that is not JSON (a file) names its content type
 * on that answer alone: a route-wide `produces` would label the JSON error answers with the file's type too.
 */
function routeResponsesOf(endpoint: EndpointDefinition): Record<number, unknown> {
  const responses: Record<number, unknown> = responsesOf(endpoint);
  if (endpoint.responseContentType) {
    responses[endpoint.successStatus ?? 200] = {
      description: endpoint.response.description ?? 'The file.',
      content: { [endpoint.responseContentType]: { schema: endpoint.response } },
    };
  }
  return responses;
}

/**
 * Adds the endpoint's route(s) to `app`. Public endpoints declare an empty `security` in the OpenAPI document, the
 * others the bearer token; `missingParameterPaths` answer the spec §5 400 for the first path parameter they lack.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  /** `logLevel: 'warn'` for a call a machine makes every few seconds: its failures are logged, not each request. */
  options: { logLevel?: 'warn' } = {},
): void {
  const methods = [endpoint.method, ...(endpoint.alsoMethods ?? [])];
  for (const method of methods) {
    app.route({
      method,
      url: toFastifyPath(endpoint.path),
      config: { policy: endpoint.policy },
      ...(options.logLevel ? { logLevel: options.logLevel } : {}),
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        operationId: operationIdOf(endpoint, method),
        tags: [endpoint.tag],
        summary: endpoint.summary,
        ...(endpoint.description ? { description: endpoint.description } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.headers ? { headers: endpoint.headers } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: routeResponsesOf(endpoint),
        security: endpoint.policy === 'public' ? [] : [{ bearerAuth: [] }],
      },
      handler: handler as unknown as RouteHandlerMethod,
    });
  }

  const parameterNames = pathParameterNames(endpoint.path);
  for (const shorterPath of endpoint.missingParameterPaths ?? []) {
    const present = new Set(pathParameterNames(shorterPath));
    const missing = parameterNames.find((name) => !present.has(name)) ?? parameterNames[0] ?? 'path';
    app.route({
      method: methods,
      url: toFastifyPath(shorterPath),
      config: { policy: endpoint.policy },
      schema: { hide: true },
      handler: async () => {
        throw new AppError('MissingParameterException', missingParameterMessage(missing), [
          { field: missing, message: 'must be defined and cannot be null' },
        ]);
      },
    });
  }
}

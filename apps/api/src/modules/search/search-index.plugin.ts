/**
 * Attaches the search index to the app. The route modules that need it (product, content) call
 * `useSearchIndex(fastify)` while registering: it returns `app.searchIndex` when the app registered
 * `searchIndexPlugin` up front, and otherwise one service shared by every module of the same database, so the
 * catalogue is read once however the app is assembled. The first build finishes before the app is ready.
 */
import type { DatabaseHandle } from '@b2b/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SearchIndexService } from './search-index.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process product search index (modules/search). */
    searchIndex: SearchIndexService;
  }
}

type SharedService = { service: SearchIndexService; started: Promise<void>; users: number };

const sharedServices = new WeakMap<DatabaseHandle, SharedService>();

/** The app's search index service, started (built and listening) before this resolves. */
export async function useSearchIndex(fastify: FastifyInstance): Promise<SearchIndexService> {
  if (fastify.hasDecorator('searchIndex')) return fastify.searchIndex;
  const database = fastify.database;
  let shared = sharedServices.get(database);
  if (shared === undefined) {
    const replica = fastify.hasDecorator('readReplica') ? fastify.readReplica : null;
    const workerMaxMb = fastify.hasDecorator('config') ? fastify.config.searchIndexWorkerMaxMb : undefined;
    const service = new SearchIndexService(database, fastify.log, {
      workerMaxMb,
      readCatalogue: replica?.readCaughtUp.bind(replica),
      traceBackground: fastify.hasDecorator('traceBackground') ? fastify.traceBackground : undefined,
    });
    shared = { service, started: service.start(), users: 0 };
    sharedServices.set(database, shared);
  }
  shared.users++;
  const current = shared;
  fastify.addHook('onClose', async () => {
    current.users--;
    if (current.users > 0) return;
    sharedServices.delete(database);
    await current.service.close();
  });
  await current.started;
  return current.service;
}

/** The service of an app: its `searchIndex` decoration, or the one its route modules share (scripts, benches). */
export function findSearchIndex(app: FastifyInstance): SearchIndexService | undefined {
  if (app.hasDecorator('searchIndex')) return app.searchIndex;
  return sharedServices.get(app.database)?.service;
}

/** Decorates the app with `searchIndex`; register before the route modules. */
export const searchIndexPlugin = fp(
  async (fastify: FastifyInstance) => {
    const service = await useSearchIndex(fastify);
    fastify.decorate('searchIndex', service);
  },
  { name: 'search-index' },
);

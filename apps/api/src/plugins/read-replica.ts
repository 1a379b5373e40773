/**
 * Opens the read replica's pool when DATABASE_READ_URL is set (lib/read-replica.ts, ADR 042) and decorates the app
 * with it (`app.readReplica`, null without one); the auth hook puts it into each request's context. Register after the
 * database and before the search index, which loads the catalogue through it. With traces on (ADR 043), its
 * statements are spans like the primary's: `traceQuery` is the same tracer.
 */
import type { QueryTracer } from '@b2b/contract/tracing';
import { createDatabase } from '@b2b/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadReplica } from '../lib/read-replica.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read replica when DATABASE_READ_URL is set, else null: every read goes to `database` (ADR 042). */
    readReplica: ReadReplica | null;
  }
}

export type ReadReplicaPluginOptions = { traceQuery?: QueryTracer | undefined };

export const readReplicaPlugin = fp(
  async (fastify: FastifyInstance, options: ReadReplicaPluginOptions) => {
    const settings = fastify.config.readReplica;
    if (settings === undefined) {
      fastify.decorate('readReplica', null);
      return;
    }
    const pool = await createDatabase({ url: settings.url, readOnly: true });
    if (options.traceQuery) pool.traceQueries?.(options.traceQuery);
    const replica = new ReadReplica({
      primary: fastify.database.db,
      replica: pool.db,
      maxLagMs: settings.maxLagMs,
      log: fastify.log,
    });
    fastify.addHook('onClose', async () => {
      await replica.close();
      await pool.close();
    });
    await replica.start();
    fastify.decorate('readReplica', replica);
  },
  { name: 'read-replica' },
);

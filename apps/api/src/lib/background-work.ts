/**
 * Work a request starts but does not answer after: RecoverPassword answers before it looks the user up and writes
 * the token and the mail, so a known and an unknown username take the same time (ADR 011). The work starts once the
 * handler has returned, its failure is logged (the caller already has the answer), and closing the app waits for it,
 * so a shutdown or a test's end never cuts a transaction in half.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by requests that answered before it was done. */
    backgroundWork: BackgroundWork;
  }
}

export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();
  readonly #log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.#log = log;
  }

  /** Runs `task` after the current request's handler has returned (next turn of the event loop). */
  start(description: string, task: () => Promise<void>): void {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.#log.error({ err: error }, `${description} failed`))
      .finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  /** Resolves once no work is pending, including work started by work that was pending. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}

/** Decorates `app.backgroundWork`; `close()` waits for pending work before the database closes (preClose). */
export function registerBackgroundWork(app: FastifyInstance): void {
  const work = new BackgroundWork(app.log);
  app.decorate('backgroundWork', work);
  app.addHook('preClose', async () => work.settled());
}

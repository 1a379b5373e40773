/**
 * Work a request starts but does not answer after: RecoverPassword answers before it looks the user up and writes
 * the token and the mail, so a known and an unknown username take the same time (ADR 011). The work starts once the
 * handler has returned (or, through `afterReply`, once the answer has been sent), its failure is logged (the caller
 * already has the answer), and closing the app waits for it, so a shutdown or a test's end never cuts a transaction
 * in half.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/** The next turn of the event loop: after the promise callbacks already queued, such as the one sending an answer. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Settles once `reply` has been sent in full, or its connection has closed before that. */
function replySent(reply: FastifyReply): Promise<void> {
  const response = reply.raw;
  if (response.writableFinished || response.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    response.once('finish', () => resolve());
    response.once('close', () => resolve());
  });
}

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
    this.#startWhen(nextTurn(), description, task);
  }

  /**
   * Starts work once `reply` has been sent. A handler's return value is sent a few promise callbacks later, and work
   * started one turn later still could delay that answer by its own first step on a loaded machine (PGlite runs a
   * query on the same thread), which is what the answer must not show.
   */
  afterReply(reply: FastifyReply): Pick<BackgroundWork, 'start'> {
    return {
      start: (description, task) => this.#startWhen(replySent(reply).then(nextTurn), description, task),
    };
  }

  #startWhen(when: Promise<void>, description: string, task: () => Promise<void>): void {
    const done = when
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

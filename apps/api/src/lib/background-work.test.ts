import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerBackgroundWork } from './background-work.js';

describe('BackgroundWork.afterReply', () => {
  it('starts the work only once the answer has been sent, and close() waits for it', async () => {
    const app = Fastify();
    registerBackgroundWork(app);
    const events: string[] = [];
    // An answer that leaves a few turns of the event loop after the handler (as compression or a slow client would):
    // work started on the next turn would run before it is sent.
    app.addHook('onSend', async () => {
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      events.push('answer sent');
    });
    app.post('/work', async (_request, reply) => {
      app.backgroundWork.afterReply(reply).start('test work', async () => {
        events.push('work started');
      });
      return reply.code(204).send(null);
    });
    const response = await app.inject({ method: 'POST', url: '/work' });
    events.push('answer received');
    expect(response.statusCode).toBe(204);
    await app.backgroundWork.settled();
    expect(events).toEqual(['answer sent', 'answer received', 'work started']);
    await app.close();
  });

  it('logs a failing task instead of failing the request or close()', async () => {
    const app = Fastify();
    registerBackgroundWork(app);
    app.post('/work', async (_request, reply) => {
      app.backgroundWork.afterReply(reply).start('failing work', async () => {
        throw new Error('boom');
      });
      return reply.code(204).send(null);
    });
    expect((await app.inject({ method: 'POST', url: '/work' })).statusCode).toBe(204);
    await expect(app.close()).resolves.toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppEventName, createEventBus } from './event-bus.ts';

describe('event bus (spec §4, §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs every handler of an event with its payload, in the order they were added', () => {
    const bus = createEventBus();
    const calls: string[] = [];
    bus.on('UserLoggedIn', ({ username }) => calls.push(`first ${username}`));
    bus.on('UserLoggedIn', ({ username }) => calls.push(`second ${username}`));
    bus.on('CartUpdated', () => calls.push('cart'));
    bus.emit('UserLoggedIn', { username: 'eu-buyer' });
    expect(calls).toEqual(['first eu-buyer', 'second eu-buyer']);
  });

  it('stops calling a handler once it is removed', () => {
    const bus = createEventBus();
    const handler = vi.fn();
    const off = bus.on('GlobalError', handler);
    bus.emit('GlobalError', { statusCode: 500, message: 'Boom' });
    off();
    bus.emit('GlobalError', { statusCode: 500, message: 'Boom' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ statusCode: 500, message: 'Boom' });
  });

  it('logs the spec message, word for word, for an event with no mapping', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bus = createEventBus();
    bus.emit('UserLoggedOff' as AppEventName, { username: 'x' } as never);
    expect(consoleError).toHaveBeenCalledExactlyOnceWith(
      'EventBus error: Function mapping for UserLoggedOff does not exist.',
    );
  });

  it('keeps quiet for a known event nobody listens to', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    createEventBus().emit('AppReady', { isLoggedIn: false });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('still runs the other handlers when one throws, and logs the failure', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bus = createEventBus();
    const after = vi.fn();
    bus.on('AppReady', () => {
      throw new Error('handler broke');
    });
    bus.on('AppReady', after);
    bus.emit('AppReady', { isLoggedIn: true });
    expect(after).toHaveBeenCalledOnce();
    expect(consoleError).toHaveBeenCalledWith('[events] a handler of AppReady failed', expect.any(Error));
  });

  it('delivers an event emitted later from a timer (fake timers)', () => {
    vi.useFakeTimers();
    try {
      const bus = createEventBus();
      const handler = vi.fn();
      bus.on('CartUpdated', handler);
      setTimeout(() => bus.emit('CartUpdated', { lineCount: 2 }), 100);
      vi.advanceTimersByTime(99);
      expect(handler).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(handler).toHaveBeenCalledWith({ lineCount: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});

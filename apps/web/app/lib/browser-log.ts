import { createLogThrottle, LOGGER_THROTTLE_WINDOW_MS, type LogThrottle } from './logger-throttle.ts';

type ConsoleLevel = 'error' | 'warn';
type ConsoleSink = Pick<Console, ConsoleLevel>;

export type BrowserLog = Record<ConsoleLevel, (message: string, ...details: unknown[]) => void>;

/**
 * The browser's console with the logger throttle of spec §9 (1,000 ms, at least 5 repeats; logger-throttle.ts, as
 * the web server's log has it): a failure that repeats in a tab (a price look-up failing for every card on the page, a
 * handler failing on every event) is written five times, then one line counts the rest. Keyed by level and message,
 * not by the details that follow it.
 */
export function createBrowserLog(throttle: LogThrottle = createLogThrottle(), sink: ConsoleSink = console): BrowserLog {
  const write = (level: ConsoleLevel, message: string, details: unknown[]) => {
    const summarise = (leftOut: number) =>
      sink[level](`${message} (repeated ${leftOut} more times within ${LOGGER_THROTTLE_WINDOW_MS} ms, not logged)`);
    if (throttle.shouldLog(`${level} ${message}`, summarise)) sink[level](message, ...details);
  };
  return {
    error: (message, ...details) => write('error', message, details),
    warn: (message, ...details) => write('warn', message, details),
  };
}

/** The tab's one throttled console (browser code; the web server's console goes through logger.server.ts). */
export const browserLog = createBrowserLog();

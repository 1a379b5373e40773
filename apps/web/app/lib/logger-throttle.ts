/**
 * spec §9 "logger throttle 1000 ms with minimum 5 repeats": one failure that repeats (an API that is down, a cache
 * folder that cannot be written) must not bury every other line of the log. A message is logged in full its first
 * LOGGER_THROTTLE_MIN_REPEATS times within LOGGER_THROTTLE_WINDOW_MS of its first occurrence; later ones in that window
 * are only counted, and when the window ends one line says how many were left out. The next occurrence after that
 * starts a new window, so a failure that keeps going shows up at least five times a second.
 */

/** spec §9: the window a message's repeats are counted in. */
export const LOGGER_THROTTLE_WINDOW_MS = 1_000;
/** spec §9: how many times a message is logged in one window before its repeats are only counted. */
export const LOGGER_THROTTLE_MIN_REPEATS = 5;

export type LogThrottle = {
  /**
   * Whether to log this occurrence of `key` (level and message text). `summarise` is called once when the window ends
   * with the number of occurrences left out, if any (it is the last caller's, so it can log at that caller's level).
   */
  shouldLog(key: string, summarise: (leftOut: number) => void): boolean;
};

type Window = { logged: number; leftOut: number; summarise: (leftOut: number) => void };

export function createLogThrottle(
  windowMs = LOGGER_THROTTLE_WINDOW_MS,
  minRepeats = LOGGER_THROTTLE_MIN_REPEATS,
): LogThrottle {
  const windows = new Map<string, Window>();
  return {
    shouldLog(key, summarise) {
      const current = windows.get(key);
      if (current === undefined) {
        const window: Window = { logged: 1, leftOut: 0, summarise };
        windows.set(key, window);
        // unref: a pending summary never keeps a process alive that is otherwise done
        setTimeout(() => {
          windows.delete(key);
          if (window.leftOut > 0) window.summarise(window.leftOut);
        }, windowMs).unref?.();
        return true;
      }
      if (current.logged < minRepeats) {
        current.logged += 1;
        return true;
      }
      current.leftOut += 1;
      current.summarise = summarise;
      return false;
    },
  };
}

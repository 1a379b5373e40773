/** What /proc tells of the processes a test (or a bench) started: Linux only, as the tests and benches are. */
import { readdirSync, readFileSync } from 'node:fs';

/** The processes `pid` started (from /proc), in the order the kernel lists them. */
export function childPids(pid: number): number[] {
  // Each read may find its thread or process ended since the listing (a worker thread finishing its job).
  const read = <T>(readIt: () => T, ended: T): T => {
    try {
      return readIt();
    } catch {
      return ended;
    }
  };
  return read(() => readdirSync(`/proc/${pid}/task`), []).flatMap((task) =>
    read(() => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8'), '')
      .split(' ')
      .filter(Boolean)
      .map(Number),
  );
}

/** Whether `pid` is a live process (not ended, not a zombie waiting for its parent). */
export function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * The shop's instances in the scale-out test (scripts/scale-out.mjs, ADR 040): each API and web instance a child
 * process started with the same command as `npm start` (API_START, WEB_START in shop.mjs), its output in a file of
 * the run's folder, killable with SIGKILL and startable again on the same port.
 */
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_START, WEB_START, waitForUrl } from './shop.mjs';

/**
 * @param {{ kind: 'api' | 'web', name: string, port: number, env: NodeJS.ProcessEnv, dir: string }} options
 */
export function createInstance({ kind, name, port, env, dir }) {
  const start = kind === 'api' ? API_START : WEB_START;
  const logFile = path.join(dir, `${name}.log`);
  const readyUrl =
    kind === 'api' ? `http://127.0.0.1:${port}/api/Area/GetAreaById?AreaId=eu` : `http://127.0.0.1:${port}/`;
  let child;
  const isRunning = () => Boolean(child) && child.exitCode === null && child.signalCode === null;

  return {
    kind,
    name,
    port,
    isRunning,
    /** Starts the process and resolves when it answers (rejects when it exits first or takes over 2 minutes). */
    async start() {
      const output = openSync(logFile, 'a');
      child = spawn(process.execPath, start.args, {
        cwd: start.cwd,
        env: { ...env, [kind === 'api' ? 'API_PORT' : 'PORT']: String(port) },
        stdio: ['ignore', output, output],
      });
      const started = child;
      await waitForUrl(readyUrl, {
        timeoutMs: 120_000,
        isAlive: () => started.exitCode === null && started.signalCode === null,
      });
    },
    /** kill -9, and resolves once the process is gone. */
    async kill() {
      if (!isRunning()) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
    /** kill -9 without waiting (when this process exits). */
    killNow() {
      if (isRunning()) child.kill('SIGKILL');
    },
    /** SIGTERM (the graceful stop), SIGKILL after 10 s. */
    async stop() {
      if (!isRunning()) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
    /** The last lines of the instance's output, for a failure message. */
    tail(count = 20) {
      try {
        return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
      } catch {
        return '';
      }
    },
  };
}

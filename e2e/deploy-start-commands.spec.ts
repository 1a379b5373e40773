import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finalCommand, finalWorkdir, healthcheckCommand, parseDockerfile } from '../deploy/dockerfile-rules.ts';
import { layOutStage, REPO_ROOT } from '../deploy/image-layout.ts';
import { freePort } from './support/own-server.ts';
import { expect, test } from './support/test.ts';

/**
 * The images' start commands outside a container (ADR 038): no image can be built here, so each image's runtime
 * stage is laid out in a folder of its own from its Dockerfile (what it copies, from the repository or from the build
 * stage's output, which the repository holds once built; its `npm ci` stands in as links to the installed
 * node_modules), and its CMD runs there with the environment compose.yaml gives it: the built API on a PGlite folder
 * of its own, then the built web against it. A file the image forgets to copy fails the start. Each answers its
 * HEALTHCHECK's path with 200; on SIGTERM a request already in flight (its body still arriving, on a kept-alive
 * connection as a proxy's) is answered, nothing new is accepted, and the process exits 0.
 */

const SECRETS = {
  JWT_SECRET: 'deploy-start-commands-jwt-secret-0123456789',
  INTERNAL_API_SECRET: 'deploy-start-commands-internal-secret-0123456789',
};

type Image = { command: string[]; healthPath: string; root: string };

/** The runtime stage of a Dockerfile laid out in `root` (deploy/image-layout.ts), its CMD and health check's path. */
function layOutImage(dockerfile: string, root: string): Image {
  const stages = parseDockerfile(readFileSync(path.join(REPO_ROOT, dockerfile), 'utf8'));
  const runtime = stages.at(-1);
  if (finalWorkdir(stages) !== '/app' || !runtime) throw new Error(`${dockerfile}: expected WORKDIR /app`);
  layOutStage(runtime, root);
  const command = finalCommand(stages);
  // `node deploy/healthcheck.mjs <variable> <port> <path>`
  const healthPath = healthcheckCommand(stages)?.at(-1);
  if (!command || !healthPath) throw new Error(`${dockerfile}: no CMD or HEALTHCHECK in exec form`);
  return { command, healthPath, root };
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Runs an image's CMD in its laid-out WORKDIR. */
function startCommand({ command: [executable, ...args], root }: Image, env: Record<string, string>): Started {
  const child = spawn(executable === 'node' ? process.execPath : (executable ?? ''), args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...SECRETS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Status of a GET, 0 when nothing answers. */
function getStatus(port: number, pathname: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
    request.end();
  });
}

/**
 * A POST whose body arrives in two parts, on a kept-alive connection: the server has its headers and waits for the
 * rest, so the request is in flight until `finish` sends it. Resolves once the server has logged the request (its
 * id, sent as X-Request-Id, which both servers take on and log), so that the signal after it meets a request in flight.
 */
async function requestInFlight(
  server: Started,
  port: number,
  pathname: string,
  headers: Record<string, string>,
  body: string,
) {
  const requestId = `deploy-in-flight-${port}`;
  const request: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    path: pathname,
    method: 'POST',
    headers: {
      ...headers,
      connection: 'keep-alive',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', async (response: IncomingMessage) => {
      let text = '';
      for await (const chunk of response) text += chunk;
      resolve({ status: response.statusCode ?? 0, text });
    });
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  await expect.poll(server.output, { timeout: 10_000 }).toContain(`"requestId":"${requestId}"`);
  return {
    answered,
    finish: () => request.end(body.slice(half)),
  };
}

async function waitForStatus(port: number, pathname: string, started: Started, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let status = 0;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`ended before it answered:\n${started.output()}`);
    status = await getStatus(port, pathname);
    if (status === 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return status;
}

test.describe('the images’ start commands, outside a container', () => {
  // one API and one web of this test's own: starting them takes a while on a loaded machine
  test.describe.configure({ timeout: 240_000 });

  const running: Started[] = [];
  let dataDir = '';

  test.beforeAll(() => {
    // the build the API image makes in its build stage (apps/api/build.mjs)
    execFileSync(process.execPath, ['apps/api/build.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
    dataDir = mkdtempSync(path.join(tmpdir(), 'b2b-deploy-start-'));
  });

  test.afterAll(() => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the built API and the built web answer their health checks and stop gracefully on SIGTERM', async () => {
    const apiImage = layOutImage('deploy/api.Dockerfile', path.join(dataDir, 'api'));
    const webImage = layOutImage('deploy/web.Dockerfile', path.join(dataDir, 'web'));
    expect(apiImage.command).toEqual(['node', 'apps/api/dist/server.js']);
    expect(webImage.command).toEqual(['node', 'apps/web/server.mjs']);

    const apiPort = await freePort();
    const api = startCommand(apiImage, {
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    });
    running.push(api);
    expect(await waitForStatus(apiPort, apiImage.healthPath, api, 120_000), api.output()).toBe(200);
    // Node alone runs it: no tsx loader in the process
    expect(readFileSync(`/proc/${api.child.pid}/cmdline`, 'utf8').split('\0')).not.toContain('tsx');

    const webPort = await freePort();
    const web = startCommand(webImage, {
      HOST: '127.0.0.1',
      PORT: String(webPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      // two server processes under the supervisor: SIGTERM reaches them through it
      WEB_PROCESSES: '2',
      IMAGE_CACHE_DIR: path.join(dataDir, 'image-cache'),
    });
    running.push(web);
    expect(await waitForStatus(webPort, webImage.healthPath, web, 60_000), web.output()).toBe(200);

    // The web first: a login form whose body is still arriving when the supervisor is told to stop.
    const webOrigin = `http://127.0.0.1:${webPort}`;
    const login = await requestInFlight(
      web,
      webPort,
      '/login',
      { origin: webOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({ username: 'nobody-here', password: 'not-the-password' }).toString(),
    );
    web.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    login.finish();
    const loginAnswer = await login.answered;
    expect(loginAnswer.status, loginAnswer.text.slice(0, 500)).toBeLessThan(500);
    expect(loginAnswer.text).toContain('<html');
    expect(await web.exited, web.output()).toBe(0);
    expect(await getStatus(webPort, '/')).toBe(0); // nothing listens any more

    // Then the API: a login whose JSON body is still arriving (an unknown user: 401 once it has read it all).
    const apiLogin = await requestInFlight(
      api,
      apiPort,
      '/api/User/Login',
      { 'content-type': 'application/json' },
      JSON.stringify({
        area: { areaId: 'eu', languageCode: 'en-GB', currencyCode: 'EUR' },
        username: 'nobody-here',
        password: 'not-the-password',
      }),
    );
    api.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // a request that arrives now is refused, on a connection of its own
    expect(await getStatus(apiPort, apiImage.healthPath)).not.toBe(200);
    apiLogin.finish();
    const apiAnswer = await apiLogin.answered;
    expect(apiAnswer.status, apiAnswer.text).toBe(401);
    expect(await api.exited, api.output()).toBe(0);
    expect(api.output()).toContain('"msg":"shutting down"');
  });
});

/**
 * The deploy files (ADR 038) read as an operator's tools would: the Dockerfiles against the images' rules
 * (dockerfile-rules.ts), .dockerignore, compose.yaml parsed with a YAML library, and the nginx configurations against
 * the services and the API's largest request; the API image's build stage is run in a folder laid out from its
 * Dockerfile. e2e/deploy-start-commands.spec.ts runs the images' start commands.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ENDPOINTS } from '@b2b/contract/endpoints/all';
import { healthEndpoints } from '@b2b/contract/endpoints/health';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  checkDockerfile,
  finalCommand,
  finalWorkdir,
  healthcheckCommand,
  parseDockerfile,
} from './dockerfile-rules.ts';
import { layOutStage } from './image-layout.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

const IMAGES = [
  { dockerfile: 'deploy/api.Dockerfile', command: ['node', 'apps/api/dist/server.js'], health: '/api/health' },
  { dockerfile: 'deploy/web.Dockerfile', command: ['node', 'apps/web/server.mjs'], health: '/integrity/Check' },
] as const;

describe('the Dockerfiles', () => {
  for (const image of IMAGES) {
    it(`${image.dockerfile} keeps the images' rules`, () => {
      const text = read(image.dockerfile);
      expect(checkDockerfile(text)).toEqual([]);
      const stages = parseDockerfile(text);
      expect(finalWorkdir(stages)).toBe('/app');
      expect(finalCommand(stages)).toEqual(image.command);
      expect(healthcheckCommand(stages)).toEqual(
        expect.arrayContaining(['node', 'deploy/healthcheck.mjs', image.health]),
      );
      // every file the runtime stage copies from the build context exists (the image's layout is the repository's)
      for (const stage of stages) {
        for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY' && !i.args.includes('--from'))) {
          for (const source of copy.args.split(/\s+/).slice(0, -1)) {
            expect(existsSync(path.join(REPO_ROOT, source)), `${image.dockerfile} line ${copy.line}: ${source}`).toBe(
              true,
            );
          }
        }
      }
    });
  }

  it('the health checks ask paths the servers answer: the API its health endpoint, the web its integrity route', () => {
    expect(healthEndpoints.getHealth.path).toBe('/api/health');
    expect(read('apps/web/app/routes.ts')).toContain("route('integrity/Check', 'routes/integrity.check.ts')");
  });

  it('finds each broken rule in a Dockerfile that breaks them', () => {
    const broken = [
      'FROM node:latest',
      'ADD https://example.com/tool.tar.gz /tmp/',
      'COPY --from=builder /app/dist dist',
      'RUN npm install',
      'CMD node server.js',
    ].join('\n');
    const problems = checkDockerfile(broken);
    expect(problems).toEqual([
      'one stage only: build with development dependencies in a stage of its own',
      'line 1: base image node:latest is not pinned to a release tag or digest',
      'line 2: ADD of a URL (download in a RUN step that checks what it got, or COPY)',
      'line 3: COPY --from=builder names no stage of this file',
      'line 4: npm install in the runtime stage (npm ci)',
      'line 4: the runtime stage installs without --omit=dev',
      'line 5: CMD in shell form (exec form passes SIGTERM on)',
      'runtime stage: no USER before CMD (it would run as root)',
      'runtime stage: no HEALTHCHECK',
    ]);
    expect(checkDockerfile('FROM node:24.11.1-slim AS build\nFROM node:24.11.1-slim\nUSER root\nCMD ["node"]')).toEqual(
      expect.arrayContaining(['line 3: USER root is root', 'runtime stage: no `npm ci --omit=dev`']),
    );
    // a USER after CMD does not count: CMD would still run as root
    expect(
      checkDockerfile(
        'FROM node:24.11.1-slim AS build\nFROM node:24.11.1-slim\nRUN npm ci --omit=dev\nHEALTHCHECK CMD ["true"]\nCMD ["node"]\nUSER node',
      ),
    ).toEqual(['runtime stage: no USER before CMD (it would run as root)']);
  });

  it('the API image’s build stage builds from what it copies, without a warning', () => {
    const stages = parseDockerfile(read('deploy/api.Dockerfile'));
    const build = stages.find((stage) => stage.name === 'build');
    if (!build) throw new Error('no build stage');
    const root = mkdtempSync(path.join(tmpdir(), 'b2b-api-build-stage-'));
    try {
      layOutStage(build, root);
      const buildSteps = build.instructions.filter((i) => i.keyword === 'RUN' && !/\bnpm ci\b/.test(i.args));
      expect(buildSteps.map((step) => step.args)).toEqual(['npm run build --workspace @b2b/api']);
      // esbuild's warnings (a tsconfig it cannot find, an import it cannot resolve) do not fail a build: an image's
      // build log would hide them
      const result = spawnSync('npm', ['run', 'build', '--workspace', '@b2b/api'], { cwd: root, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('[WARNING]');
      expect(result.stdout).toMatch(/\[api\] built apps\/api\/dist\/ \(4 files/);
      for (const entry of ['server.js', 'migrate.js', 'seed.js', 'search-index-worker.js']) {
        expect(existsSync(path.join(root, 'apps/api/dist', entry)), entry).toBe(true);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('.dockerignore keeps local state, installs and builds out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining([
        '.git',
        '**/node_modules',
        '.data',
        '**/dist',
        'apps/web/build',
        '**/.env',
        'deploy/.env',
      ]),
    );
  });
});

type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  ports?: string[];
  volumes?: string[];
  restart?: string;
};

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const services = compose.services;
  const names = Object.keys(services);
  const oneShot = new Set(['migrate', 'seed']);
  /** The variables the README's configuration table documents. */
  const documented = new Set([...read('README.md').matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]));

  it('runs PostgreSQL, a migration, 2 API and 2 web instances and the proxies', () => {
    expect(names.sort()).toEqual(
      ['api-1', 'api-2', 'api-balancer', 'migrate', 'postgres', 'proxy', 'seed', 'web-1', 'web-2'].sort(),
    );
    expect(services.seed?.profiles).toEqual(['demo']); // the demo catalogue only when asked for
  });

  it('gives every service a pinned image or a Dockerfile of this repository', () => {
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        expect(existsSync(path.join(REPO_ROOT, 'deploy', service.build.context, service.build.dockerfile)), name).toBe(
          true,
        );
        continue;
      }
      expect(service.image, name).toMatch(/^(b2b-(api|web):local|[a-z]+:\d[\w.-]*)$/);
      if (service.image?.startsWith('b2b-')) {
        // an image built by another service of the file
        expect(
          Object.values(services).some((other) => other.build && other.image === service.image),
          name,
        ).toBe(true);
      }
    }
  });

  /** The HEALTHCHECK of the Dockerfile that builds a service's image (compose uses it when it sets none). */
  const imageHealthcheck = (service: ComposeService) => {
    const dockerfile = Object.values(services).find((other) => other.build && other.image === service.image)?.build;
    return dockerfile
      ? healthcheckCommand(parseDockerfile(read(path.join('deploy', dockerfile.context, dockerfile.dockerfile))))
      : undefined;
  };

  it('checks the health of every long-running service and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      if (oneShot.has(name)) expect(service.restart, name).toBe('no');
      else
        expect(service.healthcheck?.test.slice(1) ?? imageHealthcheck(service), `${name}'s health check`).toBeTruthy();
      if (service.healthcheck) expect(service.healthcheck.test[0], name).toBe('CMD');
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(names, `${name} depends on ${dependency}`).toContain(dependency);
        expect(condition, `${name} → ${dependency}`).toBe(
          oneShot.has(dependency) ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
    for (const api of ['api-1', 'api-2']) {
      expect(Object.keys(services[api]?.depends_on ?? {}).sort()).toEqual(['migrate', 'postgres']);
    }
    expect(services.migrate?.command).toEqual(['node', 'apps/api/dist/migrate.js']);
  });

  it('publishes only the proxy, and the web reaches the API through its balancer', () => {
    expect(names.filter((name) => services[name]?.ports)).toEqual(['proxy']);
    for (const web of ['web-1', 'web-2']) {
      expect(services[web]?.environment?.API_URL).toBe('http://api-balancer:4000');
    }
  });

  it('sets only documented variables, with the secrets from deploy/.env and INTERNAL_API_SECRET alike on all', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'postgres') continue; // the postgres image's own variables
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(documented, `${name}: ${variable} is in the README's configuration table`).toContain(variable);
      }
    }
    /** `${NAME:?…}`: compose refuses to start without the variable (deploy/.env). */
    const required = (variable: string) => `\${${variable}:?set it in deploy/.env}`;
    const secret = services['api-1']?.environment?.INTERNAL_API_SECRET;
    expect(secret).toBe(required('INTERNAL_API_SECRET'));
    for (const name of ['api-1', 'api-2', 'web-1', 'web-2']) {
      expect(services[name]?.environment?.INTERNAL_API_SECRET, name).toBe(secret);
      expect(services[name]?.environment?.NODE_ENV, name).toBe('production');
    }
    expect(services['api-1']?.environment?.JWT_SECRET).toBe(required('JWT_SECRET'));
    // deploy/.env.example names every variable the file interpolates
    const example = read('deploy/.env.example');
    for (const [, variable] of read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)) {
      expect(example, variable).toMatch(new RegExp(`^${variable}=`, 'm'));
    }
  });
});

describe('the nginx configurations', () => {
  const proxy = read('deploy/nginx/proxy.conf');
  const apiBalancer = read('deploy/nginx/api-balancer.conf');
  const largestBody = Math.max(...ALL_ENDPOINTS.map(({ endpoint }) => endpoint.bodyLimit ?? 0));

  const upstreamServers = (config: string, upstream: string) =>
    [...(new RegExp(`upstream ${upstream} \\{([^}]*)\\}`).exec(config)?.[1] ?? '').matchAll(/server (\S+?)[ ;]/g)].map(
      (match) => match[1],
    );

  it('balance the web instances and the API instances by their compose names', () => {
    expect(upstreamServers(proxy, 'web')).toEqual(['web-1:3000', 'web-2:3000']);
    expect(upstreamServers(apiBalancer, 'api')).toEqual(['api-1:4000', 'api-2:4000']);
    // browsers reach the API for the payment provider's return only (ADR 001, ADR 008)
    expect([...proxy.matchAll(/location (\S+ )?(\S+) \{/g)].map((match) => match[2])).toEqual([
      '/',
      '/api/Payment/VerifyPaymentRedirect/',
    ]);
  });

  it("take the API's largest request body", () => {
    for (const config of [proxy, apiBalancer]) {
      const megabytes = Number(/client_max_body_size (\d+)m;/.exec(config)?.[1]);
      expect(megabytes * 1024 * 1024).toBeGreaterThanOrEqual(largestBody);
    }
  });

  it('pass on what the storefront needs to see the browser (Host, address, scheme) and never resend a POST', () => {
    expect(proxy).toContain('proxy_set_header Host $http_host;');
    expect(proxy).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(proxy).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    for (const config of [proxy, apiBalancer])
      expect(config).not.toMatch(/^\s*proxy_next_upstream [^;]*non_idempotent/m);
  });
});

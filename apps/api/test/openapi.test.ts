/**
 * The OpenAPI document is a product for other clients (an ERP, a mobile app; issue 7 §2): an OpenAPI parser
 * accepts it, a TypeScript client is generated from it, Redocly's recommended rules (redocly.yaml) find no error,
 * and it describes exactly the contract's endpoints: each with its id, security, answers and path parameters.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type EndpointDefinition, type HttpMethod, operationIdOf, pathParameterNames } from '@b2b/contract/endpoint';
import { ALL_ENDPOINTS } from '@b2b/contract/endpoints/all';
import { compileErrors, validate } from '@readme/openapi-parser';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { generateApi } from 'swagger-typescript-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

/** The parts of an operation these checks read. */
type Operation = {
  operationId?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const REDOCLY_CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
const TYPESCRIPT_COMPILER = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
const execFileAsync = promisify(execFile);

let testApp: Awaited<ReturnType<typeof createTestApp>>;
/** The document as served; each check works on its own copy, since the tools may change what they are given. */
let served: ReturnType<typeof testApp.app.swagger>;
let servedJson: string;

/** A fresh deep copy of the served document. */
function documentCopy() {
  return structuredClone(served);
}

/** Every operation of the document as `METHOD /path` with the operation. */
function operationsOf(document: OpenApiDocument): Array<{ key: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

/** Every method an endpoint answers, with its operation's key `METHOD /path`. */
function keysOf(endpoint: EndpointDefinition): Array<{ method: HttpMethod; key: string }> {
  return [endpoint.method, ...(endpoint.alsoMethods ?? [])].map((method) => ({
    method,
    key: `${method} ${endpoint.path}`,
  }));
}

beforeAll(async () => {
  testApp = await createTestApp();
  served = testApp.app.swagger();
  servedJson = JSON.stringify(served);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the OpenAPI document', () => {
  it('validates with an OpenAPI parser (every $ref resolves)', async () => {
    const result = await validate(documentCopy());
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('yields a TypeScript client that compiles and has a method for every operation', async () => {
    const { files } = await generateApi({ spec: documentCopy(), output: false, silent: true, httpClientType: 'fetch' });
    const code = files.map((file) => file.fileContent).join('\n');
    expect(code).toMatch(/\bcartAddOrUpdateLines: \(/);
    // A `$ref` the generator cannot resolve becomes `any` without a word; the recursive menu must stay a type.
    expect(code).toContain('children: MenuEntry[];');
    const document = documentCopy() as unknown as OpenApiDocument;
    const missing = operationsOf(document)
      .map(({ key }) => key)
      .filter((key) => !code.includes(`@request ${key.replace(' ', ':')}`));
    expect(missing).toEqual([]);

    const directory = await mkdtemp(join(tmpdir(), 'openapi-client-'));
    try {
      const file = join(directory, 'Api.ts');
      await writeFile(file, code);
      // Compiled alone, as a client project would: strict, with the browser's fetch types and no Node types.
      const compilerOptions = ['--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2022,dom', '--types', ''];
      // In the temporary folder: tsc refuses a file argument where it sees a tsconfig.json (TS5112).
      await execFileAsync(process.execPath, [TYPESCRIPT_COMPILER, ...compilerOptions, file], { cwd: directory }).catch(
        (error) => {
          throw new Error(`the generated client does not compile:\n${error.stdout ?? error}`);
        },
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    // A whole TypeScript compile in a child process: 10 s on a quiet 2-core machine, over 30 s while the browser
    // tests' shops share it.
  }, 120_000);

  it("has no error by Redocly's recommended rules (redocly.yaml)", async () => {
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({
      source: JSON.stringify(documentCopy()),
      absoluteRef: 'openapi.json',
      config,
    });
    const describeProblem = (problem: (typeof problems)[number]) =>
      `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    // Printed, not asserted: a warning is a hint to weigh, and the count shows when a change adds some.
    console.info(`Redocly: ${warnings.length} warning(s)${warnings.map((w) => `\n  ${describeProblem(w)}`).join('')}`);
    expect(problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('gives every operation an id, a declared security and a successful answer', () => {
    const document = documentCopy() as unknown as OpenApiDocument;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(0);
    const faults = operations.flatMap(({ key, operation }) => [
      ...(operation.operationId ? [] : [`${key}: no operationId`]),
      ...(Array.isArray(operation.security) ? [] : [`${key}: no security`]),
      ...(Object.keys(operation.responses ?? {}).some((status) => /^[23]\d\d$/.test(status))
        ? []
        : [`${key}: no 2xx or 3xx answer`]),
    ]);
    expect(faults).toEqual([]);
  });

  it('writes bodiless answers (204, 304) without content', () => {
    const document = documentCopy() as unknown as OpenApiDocument;
    const bodiless = operationsOf(document).flatMap(({ key, operation }) =>
      ['204', '304']
        .filter((status) => operation.responses?.[status])
        .map((status) => ({ key: `${key} ${status}`, answer: operation.responses?.[status] as { content?: unknown } })),
    );
    expect(bodiless.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['POST /api/User/Logout 204', 'GET /api/Media/GetMediaFile 304']),
    );
    for (const { key, answer } of bodiless) expect(answer.content, key).toBeUndefined();
  });

  it('describes every contract endpoint with its method, path, id, security and path parameters', () => {
    const document = documentCopy() as unknown as OpenApiDocument;
    const operations = new Map(operationsOf(document).map(({ key, operation }) => [key, operation]));
    const faults = ALL_ENDPOINTS.flatMap(({ name, endpoint }) =>
      keysOf(endpoint).flatMap(({ method, key }) => {
        const operation = operations.get(key);
        if (!operation) return [`${name}: ${key} is not in the document`];
        const declared = new Set(
          (operation.parameters ?? []).filter((p) => p.in === 'path' && p.required).map((p) => p.name),
        );
        const security = endpoint.policy === 'public' ? [] : [{ bearerAuth: [] }];
        return [
          ...(operation.operationId === operationIdOf(endpoint, method)
            ? []
            : [`${name}: ${key} has operationId ${operation.operationId}, not ${operationIdOf(endpoint, method)}`]),
          ...(JSON.stringify(operation.security) === JSON.stringify(security)
            ? []
            : [`${name}: ${key} declares security ${JSON.stringify(operation.security)}`]),
          ...pathParameterNames(endpoint.path)
            .filter((parameter) => !declared.has(parameter))
            .map((parameter) => `${name}: ${key} does not declare the path parameter ${parameter}`),
        ];
      }),
    );
    expect(faults).toEqual([]);
  });

  it('has no operation that is not a contract endpoint (every route comes from a definition)', () => {
    const document = documentCopy() as unknown as OpenApiDocument;
    const defined = new Set(ALL_ENDPOINTS.flatMap(({ endpoint }) => keysOf(endpoint).map(({ key }) => key)));
    const undefinedOperations = operationsOf(document)
      .map(({ key }) => key)
      .filter((key) => !defined.has(key));
    expect(undefinedOperations).toEqual([]);
  });

  it('is left as served by the checks above', () => {
    expect(JSON.stringify(testApp.app.swagger())).toBe(servedJson);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The contract's schemas (zod, ~110 kB) stay out of the browser bundle: code that reaches the browser imports values
 * only from `@b2b/contract/constants` (which imports nothing) and types with `import type`. Server modules
 * (`*.server.ts`), tests and resource routes (no component, never in the browser) may import anything; so may the
 * route modules listed below, whose contract values are used only in their loader or action, which React Router
 * removes from the browser build.
 */
const APP_DIR = path.dirname(fileURLToPath(import.meta.url));
/**
 * Contract modules that import nothing but constants (and types, which the build erases): the constants, the
 * favourite lists' spec §4 rules (ADR 026) and the campaign level rule (ADR 029).
 */
const BROWSER_SAFE_MODULES = [
  '@b2b/contract/constants',
  '@b2b/contract/campaign-rules',
  '@b2b/contract/favorite-list-rules',
  '@b2b/contract/order-lines',
];
const LOADER_ONLY_VALUE_IMPORTS = new Set(['routes/checkout.receipt.tsx']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function reachesBrowser(relative: string): boolean {
  const name = path.basename(relative);
  if (/\.server\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return false;
  if (relative.startsWith('routes/resources.')) return false;
  return !LOADER_ONLY_VALUE_IMPORTS.has(relative);
}

/** `import { a, type B } from '@b2b/contract…'` statements that bring in at least one value. */
function contractValueImports(source: string): string[] {
  const statements = source.match(/import\s+(?!type\s)\{[^}]*\}\s+from\s+'@b2b\/contract(?:\/[\w-]+)?'/g) ?? [];
  return statements.filter((statement) => {
    if (BROWSER_SAFE_MODULES.some((module) => statement.endsWith(`'${module}'`))) return false;
    const names = (statement.match(/\{([^}]*)\}/)?.[1] ?? '').split(',').map((name) => name.trim());
    return names.some((name) => name !== '' && !name.startsWith('type '));
  });
}

describe('browser bundle', () => {
  it('imports no contract schemas: values only from @b2b/contract/constants', () => {
    const offenders = sourceFiles(APP_DIR)
      .map((file) => path.relative(APP_DIR, file).split(path.sep).join('/'))
      .filter(reachesBrowser)
      .flatMap((relative) =>
        contractValueImports(readFileSync(path.join(APP_DIR, relative), 'utf8')).map(
          (statement) => `${relative}: ${statement.replace(/\s+/g, ' ')}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('allows only contract modules that import nothing but the constants and types', () => {
    const contractSource = path.join(APP_DIR, '..', '..', '..', 'packages', 'contract', 'src');
    for (const module of BROWSER_SAFE_MODULES) {
      const source = readFileSync(path.join(contractSource, `${module.replace('@b2b/contract/', '')}.ts`), 'utf8');
      const imported = [...source.matchAll(/^import(?!\s+type\s)[^;]*from '([^']+)'/gm)].map((match) => match[1]);
      expect(
        imported.filter((from) => from !== './constants.ts'),
        module,
      ).toEqual([]);
    }
  });

  it('recognises a value import as an offender and a type import as fine', () => {
    expect(contractValueImports("import { SORTING_OPTIONS } from '@b2b/contract';")).toHaveLength(1);
    expect(contractValueImports("import { cartIdSchema } from '@b2b/contract/cart';")).toHaveLength(1);
    expect(contractValueImports("import { type Cart } from '@b2b/contract';")).toHaveLength(0);
    expect(contractValueImports("import type { Cart } from '@b2b/contract';")).toHaveLength(0);
    expect(contractValueImports("import { TOAST_LIFE_MS } from '@b2b/contract/constants';")).toHaveLength(0);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { compile } from 'tailwindcss';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

const APP_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every utility class the shop's stylesheet defines, found as Tailwind finds them: every token of the files it scans
 * in `app/` (less its `@source not` files) is a candidate, and those the compiler writes a rule for are the classes.
 */
async function shopUtilityClasses(): Promise<string[]> {
  const compiler = await compile(readFileSync(`${APP_DIR}/app.css`, 'utf8'), {
    base: APP_DIR,
    loadStylesheet: async (id, base) => {
      const path = fileURLToPath(import.meta.resolve(id === 'tailwindcss' ? 'tailwindcss/index.css' : id));
      return { path, base, content: readFileSync(path, 'utf8') };
    },
  });
  const notScanned = new Set(
    compiler.sources.filter((source) => source.negated).map((source) => resolve(source.base, source.pattern)),
  );
  expect(notScanned).toContain(resolve(APP_DIR, 'lib/cn.ts'));
  const candidates = new Set<string>();
  for (const file of readdirSync(APP_DIR, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || notScanned.has(resolve(APP_DIR, file))) continue;
    for (const token of readFileSync(`${APP_DIR}/${file}`, 'utf8').split(/[\s'"`{},;]+/)) candidates.add(token);
  }
  const css = compiler.build([...candidates]);
  const selectors = new Set<string>();
  // `.md\:px-4`, `.py-1\.5`: a class selector, unescaped; `(?<![\w\\])` skips the dot in `0.5rem`.
  for (const match of css.matchAll(/(?<![\w\\])\.((?:\\.|[\w-])+)/g)) {
    selectors.add((match[1] ?? '').replace(/\\(.)/g, '$1'));
  }
  return [...candidates].filter((token) => selectors.has(token)).sort();
}

describe('cn', () => {
  it('keeps the later of two classes that set the same thing', () => {
    expect(cn('px-4', 'px-3')).toBe('px-3');
    expect(cn('px-4 py-2', 'py-1.5')).toBe('px-4 py-1.5');
  });

  it('tells the theme’s accent colour apart from sizes, so both a text size and a text colour stay', () => {
    expect(cn('bg-accent-600 text-white', 'bg-white')).toBe('text-white bg-white');
    expect(cn('text-sm text-neutral-700', 'text-accent-700')).toBe('text-sm text-accent-700');
  });

  it('leaves out falsy parts and keeps classes Tailwind does not know', () => {
    expect(cn('toast rounded-lg', false, null, undefined, '', 'shadow-lg')).toBe('toast rounded-lg shadow-lg');
    const isActive = false;
    expect(cn('flex', isActive && 'bg-accent-50')).toBe('flex');
  });

  // About 2 s of CPU (180,000 pairs, each merged twice); the timeout leaves room for a machine busy with other suites.
  it('merges every pair of the shop’s classes that could conflict as tailwind-merge’s full default config does', {
    timeout: 30_000,
  }, async () => {
    const classes = await shopUtilityClasses();
    expect(classes.length).toBeGreaterThan(400);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'md:grid-cols-2', 'text-accent-700', 'py-1.5']));
    // Two classes conflict only under the same variants (a class under `md:` never removes one without it, whatever
    // the config), so pairs are taken within each set of variants: the same verdict as all pairs, for about half
    // the cost.
    const byVariants = new Map<string, string[]>();
    for (const className of classes) {
      const key = variantsOf(className);
      byVariants.set(key, [...(byVariants.get(key) ?? []), className]);
    }
    const differences: string[] = [];
    for (const sameVariants of byVariants.values()) {
      for (const first of sameVariants) {
        for (const second of sameVariants) {
          const expected = twMerge(first, second);
          if (cn(first, second) !== expected) differences.push(`${first} ${second} → ${expected}`);
        }
      }
    }
    // A difference means a class whose group (or a conflict between two groups) is missing from cn.ts's config.
    expect(differences.slice(0, 20)).toEqual([]);
  });
});

/**
 * The part of a class that two classes must share to conflict: its variants (up to the last `:` outside `[…]`) and
 * the important mark `!`. Comments here name no new class: Tailwind scans this file too.
 */
function variantsOf(className: string): string {
  let depth = 0;
  let end = 0;
  for (const [index, character] of [...className].entries()) {
    if (character === '[') depth += 1;
    else if (character === ']') depth -= 1;
    else if (character === ':' && depth === 0) end = index + 1;
  }
  return className.slice(0, end) + (className[end] === '!' || className.endsWith('!') ? '!' : '');
}

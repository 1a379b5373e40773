import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

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
});

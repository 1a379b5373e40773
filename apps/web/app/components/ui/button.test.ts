import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ButtonVariant, buttonClassName } from './button.tsx';

const STYLESHEET = readFileSync(new URL('../../app.css', import.meta.url), 'utf8');

describe('buttonClassName', () => {
  it('names the button’s component classes, then the caller’s', () => {
    expect(buttonClassName('secondary', 'px-3 py-1.5')).toBe('btn btn-secondary px-3 py-1.5');
    expect(buttonClassName()).toBe('btn btn-primary');
  });

  it('has its classes in the components layer, so a caller’s utility overrides them whatever the order', () => {
    const components = /@layer components \{([\s\S]*?)\n\}/.exec(STYLESHEET)?.[1] ?? '';
    const variants: ButtonVariant[] = ['primary', 'secondary', 'danger', 'ghost'];
    for (const name of ['btn', ...variants.map((variant) => `btn-${variant}`)]) {
      expect(components, name).toContain(`.${name} {`);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { buttonClassName } from './button.tsx';

describe('buttonClassName', () => {
  it('lets the caller’s padding replace the default instead of losing to the stylesheet’s order', () => {
    const classes = buttonClassName('secondary', 'px-3 py-1.5').split(' ');
    expect(classes).toContain('px-3');
    expect(classes).toContain('py-1.5');
    expect(classes).not.toContain('px-4');
    expect(classes).not.toContain('py-2');
  });

  it('keeps the variant’s look and adds what does not conflict', () => {
    const classes = buttonClassName('primary', 'mt-4').split(' ');
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'py-2', 'bg-accent-600', 'text-white', 'mt-4']));
  });
});

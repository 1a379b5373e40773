import { readFileSync } from 'node:fs';
import { BUTTON_SEVERITIES } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { buttonClassName } from './button.tsx';

const STYLESHEET = readFileSync(new URL('../../app.css', import.meta.url), 'utf8');

describe('buttonClassName', () => {
  it('names the button’s component classes, then the caller’s', () => {
    expect(buttonClassName('secondary', 'px-3 py-1.5')).toBe('btn btn-secondary px-3 py-1.5');
    expect(buttonClassName()).toBe('btn btn-primary');
    expect(buttonClassName('cta-1')).toBe('btn btn-cta-1');
  });

  // spec §9: "Button severities: primary, secondary, accent-1, accent-2, cta-1, cta-2, white, danger (styling only)."
  it('gives each of the spec’s severities a look in the components layer, so a caller’s utility overrides it', () => {
    const components = /@layer components \{([\s\S]*?)\n\}/.exec(STYLESHEET)?.[1] ?? '';
    for (const name of ['btn', ...BUTTON_SEVERITIES.map((severity) => `btn-${severity}`)]) {
      expect(components, name).toContain(`.${name} {`);
    }
    // and no look of a severity the spec does not have
    const looks = [...components.matchAll(/\.btn-([a-z0-9-]+) \{/g)].map((match) => match[1]);
    expect(looks.sort()).toEqual([...BUTTON_SEVERITIES].sort());
  });
});

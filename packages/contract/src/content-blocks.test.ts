import { describe, expect, it } from 'vitest';
import { contentBlockSchema, isInAudience } from './content-blocks.ts';

describe('content audiences (modals and blocks)', () => {
  it('puts logged-in users and anonymous visitors in their own audiences, and both in everyone', () => {
    expect(isInAudience('everyone', false)).toBe(true);
    expect(isInAudience('everyone', true)).toBe(true);
    expect(isInAudience('anonymous', false)).toBe(true);
    expect(isInAudience('anonymous', true)).toBe(false);
    expect(isInAudience('logged-in', true)).toBe(true);
    expect(isInAudience('logged-in', false)).toBe(false);
  });

  it('shows a block without an audience to everyone', () => {
    expect(isInAudience(undefined, false)).toBe(true);
    expect(isInAudience(undefined, true)).toBe(true);
  });

  it('takes an audience on every kind of block and refuses an unknown one', () => {
    const banner = { id: 'b', type: 'banner', text: 'Hi', tone: 'info' } as const;
    expect(contentBlockSchema.parse({ ...banner, audience: 'anonymous' })).toMatchObject({ audience: 'anonymous' });
    expect(contentBlockSchema.parse({ id: 'e', type: 'element', elementId: 'x', audience: 'logged-in' })).toMatchObject(
      {
        audience: 'logged-in',
      },
    );
    expect(contentBlockSchema.safeParse({ ...banner, audience: 'staff' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed } from './random.ts';

describe('createRandom', () => {
  it('repeats the same stream for the same seed', () => {
    const first = createRandom(42);
    const second = createRandom(42);
    const draw = (random: ReturnType<typeof createRandom>) => Array.from({ length: 5 }, () => random.int(0, 1_000_000));
    expect(draw(first)).toEqual(draw(second));
    expect(draw(createRandom(43))).not.toEqual(draw(createRandom(42)));
  });

  it('keeps int() within its inclusive bounds and hits both ends', () => {
    const random = createRandom(7);
    const seen = new Set<number>();
    for (let index = 0; index < 2_000; index++) seen.add(random.int(1, 4));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('makes version-4 shaped uuids', () => {
    expect(createRandom(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('derives different seeds for different parts', () => {
    expect(deriveSeed(1, 'product', 1)).not.toBe(deriveSeed(1, 'product', 2));
    expect(deriveSeed(1, 'product', 1)).toBe(deriveSeed(1, 'product', 1));
  });
});

import { describe, expect, it } from 'vitest';
import { getPaginationItems } from './pagination-items.ts';

function show(current: number, count: number): string {
  return getPaginationItems(current, count)
    .map((item) => (item.type === 'page' ? String(item.page) : '…'))
    .join(' ');
}

describe('getPaginationItems', () => {
  it('shows nothing without pages and one link for one page', () => {
    expect(show(1, 0)).toBe('');
    expect(show(1, 1)).toBe('1');
  });

  it('shows every page of a short list', () => {
    expect(show(1, 5)).toBe('1 2 3 4 5');
    expect(show(3, 5)).toBe('1 2 3 4 5');
  });

  it('leaves gaps in a long list, but never a gap of a single page', () => {
    expect(show(1, 20)).toBe('1 2 … 20');
    expect(show(4, 20)).toBe('1 2 3 4 5 … 20');
    expect(show(10, 20)).toBe('1 … 9 10 11 … 20');
    expect(show(20, 20)).toBe('1 … 19 20');
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 3)).toBe('1 2 3');
    expect(show(-1, 3)).toBe('1 2 3');
  });
});

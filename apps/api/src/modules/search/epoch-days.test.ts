import { describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from './epoch-days.ts';

describe('epoch days', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['2024-02-29', 19_782],
    ['1969-12-31', -1],
  ])('%s is day %i and back', (date, day) => {
    expect(toEpochDay(date)).toBe(day);
    expect(fromEpochDay(day)).toBe(date);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-1-01', '24-01-01', '2024-01-01T00:00', ''])('refuses %j', (date) => {
    expect(toEpochDay(date)).toBeNull();
  });
});

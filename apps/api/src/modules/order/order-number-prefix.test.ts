import { describe, expect, it } from 'vitest';
import { orderNumberRangeOf } from './order-number-prefix.ts';

describe('orderNumberRangeOf', () => {
  it('reads the beginning of a number with or without SO-, in any case', () => {
    expect(orderNumberRangeOf('SO-00012')).toEqual({ prefix: 'SO-00012', end: 'SO-00013' });
    expect(orderNumberRangeOf('so00012')).toEqual({ prefix: 'SO-00012', end: 'SO-00013' });
    expect(orderNumberRangeOf(' 00012 ')).toEqual({ prefix: 'SO-00012', end: 'SO-00013' });
  });

  it('ends the range after every number beginning with trailing nines', () => {
    expect(orderNumberRangeOf('0199')).toEqual({ prefix: 'SO-0199', end: 'SO-02' });
    expect(orderNumberRangeOf('SO-999')).toEqual({ prefix: 'SO-999', end: undefined });
  });

  it('answers null when no digits are given (every order matches)', () => {
    expect(orderNumberRangeOf('SO-')).toBeNull();
    expect(orderNumberRangeOf('SO')).toBeNull();
  });
});

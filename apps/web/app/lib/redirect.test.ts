import { describe, expect, it } from 'vitest';
import { getSafeRedirect } from './redirect.ts';

describe('getSafeRedirect (login ?redirect=)', () => {
  it.each([
    ['/customer-center', '/customer-center'],
    ['/search?q=board&p=2', '/search?q=board&p=2'],
    ['/customer-center/user/change-password#top', '/customer-center/user/change-password#top'],
  ])('follows same-site path %s', (input, expected) => {
    expect(getSafeRedirect(input)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['https://evil.example.com/'],
    ['//evil.example.com'],
    ['/\\evil.example.com'],
    ['\\\\evil.example.com'],
    ['javascript:alert(1)'],
    ['customer-center'],
    ['/\tevil'],
    ['/login?redirect=/x'],
    ['/logout'],
  ])('refuses %s', (input) => {
    expect(getSafeRedirect(input)).toBe('/');
  });

  it('uses the fallback given', () => {
    expect(getSafeRedirect('//x', '/home')).toBe('/home');
  });
});

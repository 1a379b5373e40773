import { describe, expect, it } from 'vitest';
import { LOGIN_RATE_LIMIT } from './auth.constants.ts';
import { isLoginRateLimited, loginRateLimitKeys, loginWindowStart, normalizeUsername } from './login-rate-limit.ts';

describe('isLoginRateLimited', () => {
  it.each([
    { account: 0, clientAddress: 0, limited: false },
    { account: LOGIN_RATE_LIMIT.maxFailuresPerAccount - 1, clientAddress: 0, limited: false },
    { account: LOGIN_RATE_LIMIT.maxFailuresPerAccount, clientAddress: 0, limited: true },
    { account: 0, clientAddress: LOGIN_RATE_LIMIT.maxFailuresPerClientAddress - 1, limited: false },
    { account: 0, clientAddress: LOGIN_RATE_LIMIT.maxFailuresPerClientAddress, limited: true },
    { account: 99, clientAddress: 99, limited: true },
  ])('account $account, address $clientAddress → limited $limited', ({ account, clientAddress, limited }) => {
    expect(isLoginRateLimited({ account, clientAddress })).toBe(limited);
  });
});

describe('loginRateLimitKeys', () => {
  it('keys the account and the client address separately', () => {
    expect(loginRateLimitKeys('eu-buyer', '10.0.0.1')).toEqual({
      account: 'user:eu-buyer',
      clientAddress: 'ip:10.0.0.1',
    });
  });
});

describe('loginWindowStart', () => {
  it('is one window before now', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(now.getTime() - loginWindowStart(now).getTime()).toBe(LOGIN_RATE_LIMIT.windowMs);
  });
});

describe('normalizeUsername', () => {
  it('trims and lower-cases', () => {
    expect(normalizeUsername('  EU-Buyer ')).toBe('eu-buyer');
  });
});

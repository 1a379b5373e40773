import { describe, expect, it } from 'vitest';
import { isLoginRateLimited, loginRateLimitKeys, loginWindowStart, normalizeUsername } from './login-rate-limit.ts';

// ADR 006: "5 failures per account or 20 per client address within 15 minutes. Beyond that POST /api/User/Login
// answers 429". The numbers are written out so that a changed limit fails here and the ADR is updated with it.
describe('isLoginRateLimited', () => {
  it.each([
    { account: 0, clientAddress: 0, limited: false },
    { account: 4, clientAddress: 0, limited: false },
    { account: 5, clientAddress: 0, limited: true },
    { account: 0, clientAddress: 19, limited: false },
    { account: 0, clientAddress: 20, limited: true },
    { account: 4, clientAddress: 19, limited: false },
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
  it('is 15 minutes before now (ADR 006)', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(loginWindowStart(now).toISOString()).toBe('2026-01-01T11:45:00.000Z');
  });
});

describe('normalizeUsername', () => {
  it('trims and lower-cases', () => {
    expect(normalizeUsername('  EU-Buyer ')).toBe('eu-buyer');
  });
});

import { UNAUTHORIZED_DEBOUNCE_MS } from '@b2b/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthState, handleRefusedToken } from './auth-state.server.ts';

describe('a token the API refused (401)', () => {
  it('an impersonation token: only it is dropped, the rep keeps their own tokens (spec §4, ADR 013)', () => {
    const auth = createAuthState({ accessToken: 'own', refreshToken: 'refresh', impersonationToken: 'acting' });
    handleRefusedToken(auth, 'acting');
    expect(auth).toMatchObject({
      accessToken: 'own',
      refreshToken: 'refresh',
      impersonationToken: null,
      isDirty: true,
      isImpersonationDropped: true,
      isResetRequested: false,
    });
  });

  afterEach(() => vi.useRealTimers());

  it('the access token: counted; the second within the window resets the session (spec §4, §8)', () => {
    vi.useFakeTimers();
    const auth = createAuthState({ accessToken: 'own', refreshToken: 'refresh-a', impersonationToken: 'acting' });
    handleRefusedToken(auth, 'own');
    expect(auth).toMatchObject({
      impersonationToken: 'acting',
      isResetRequested: false,
      isImpersonationDropped: false,
      isUnauthorizedCountDirty: true,
      unauthorized: { count: 1 },
    });
    vi.advanceTimersByTime(UNAUTHORIZED_DEBOUNCE_MS - 1);
    handleRefusedToken(auth, 'own');
    expect(auth).toMatchObject({ isResetRequested: true, unauthorized: { count: 2 } });
  });

  it('two requests of one session at the same moment: the second 401 of the window resets, though both came with no count', () => {
    vi.useFakeTimers();
    const first = createAuthState({ accessToken: 'own', refreshToken: 'parallel-refresh' });
    const second = createAuthState({ accessToken: 'own', refreshToken: 'parallel-refresh' });
    const otherSession = createAuthState({ accessToken: 'other', refreshToken: 'other-refresh' });
    handleRefusedToken(first, 'own');
    handleRefusedToken(otherSession, 'other');
    vi.advanceTimersByTime(10);
    handleRefusedToken(second, 'own');
    expect(first.isResetRequested).toBe(false);
    expect(otherSession.isResetRequested).toBe(false);
    expect(second).toMatchObject({ isResetRequested: true, unauthorized: { count: 2 } });
  });

  it('the access token, refused again after the window closed: counted from one again', () => {
    vi.useFakeTimers();
    const auth = createAuthState({ accessToken: 'own', refreshToken: 'refresh-b' });
    handleRefusedToken(auth, 'own');
    vi.advanceTimersByTime(UNAUTHORIZED_DEBOUNCE_MS);
    handleRefusedToken(auth, 'own');
    expect(auth).toMatchObject({ isResetRequested: false, unauthorized: { count: 1 } });
  });
});

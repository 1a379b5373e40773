import { describe, expect, it } from 'vitest';
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

  it('the access token: the whole session is reset (spec §8)', () => {
    const auth = createAuthState({ accessToken: 'own', refreshToken: 'refresh', impersonationToken: 'acting' });
    handleRefusedToken(auth, 'own');
    expect(auth).toMatchObject({ impersonationToken: 'acting', isResetRequested: true, isImpersonationDropped: false });
  });
});

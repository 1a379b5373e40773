import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('round-trips with argon2id and the OWASP parameters', async () => {
    const hash = await hashPassword('demo');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'demo')).toBe(true);
  });

  it('rejects a wrong password and a malformed hash without throwing', async () => {
    const hash = await hashPassword('demo');
    expect(await verifyPassword(hash, 'Demo')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'demo')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('demo')).not.toBe(await hashPassword('demo'));
  });
});

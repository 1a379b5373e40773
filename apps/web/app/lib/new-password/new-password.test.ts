import { describe, expect, it } from 'vitest';
import { validateNewPassword } from './new-password.ts';

describe('validateNewPassword', () => {
  it('accepts a long enough password repeated exactly', () => {
    expect(validateNewPassword({ newPassword: 'long-enough', repeatNewPassword: 'long-enough' })).toEqual({});
  });

  it('names each problem per field', () => {
    expect(validateNewPassword({ newPassword: '', repeatNewPassword: '' })).toEqual({
      newPassword: 'Enter a new password.',
      repeatNewPassword: 'Repeat the new password.',
    });
    expect(validateNewPassword({ newPassword: 'short', repeatNewPassword: 'short' }).newPassword).toMatch(/at least 8/);
    expect(validateNewPassword({ newPassword: 'x'.repeat(201), repeatNewPassword: 'x' }).newPassword).toMatch(
      /at most/,
    );
    expect(validateNewPassword({ newPassword: 'long-enough', repeatNewPassword: 'long-enougH' })).toEqual({
      repeatNewPassword: 'The passwords do not match.',
    });
  });
});

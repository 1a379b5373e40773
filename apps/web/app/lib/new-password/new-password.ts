import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@b2b/contract/constants';

/** Checks of the new-password form: the contract's length rules, with messages for people. */
export type NewPasswordField = 'newPassword' | 'repeatNewPassword';

export function validateNewPassword(
  values: Record<NewPasswordField, string>,
): Partial<Record<NewPasswordField, string>> {
  const errors: Partial<Record<NewPasswordField, string>> = {};
  if (!values.newPassword) errors.newPassword = 'Enter a new password.';
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
    errors.newPassword = `The new password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  } else if (values.newPassword.length > MAX_PASSWORD_LENGTH) {
    errors.newPassword = `The new password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  if (!values.repeatNewPassword) errors.repeatNewPassword = 'Repeat the new password.';
  else if (values.newPassword && values.repeatNewPassword !== values.newPassword) {
    errors.repeatNewPassword = 'The passwords do not match.';
  }
  return errors;
}

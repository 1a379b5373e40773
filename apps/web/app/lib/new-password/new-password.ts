/** Checks of the new-password form, mirroring the contract's rules (8–200 characters) with messages for people. */
export type NewPasswordField = 'newPassword' | 'repeatNewPassword';

export function validateNewPassword(
  values: Record<NewPasswordField, string>,
): Partial<Record<NewPasswordField, string>> {
  const errors: Partial<Record<NewPasswordField, string>> = {};
  if (!values.newPassword) errors.newPassword = 'Enter a new password.';
  else if (values.newPassword.length < 8) errors.newPassword = 'The new password must be at least 8 characters.';
  else if (values.newPassword.length > 200) errors.newPassword = 'The new password must be at most 200 characters.';
  if (!values.repeatNewPassword) errors.repeatNewPassword = 'Repeat the new password.';
  else if (values.newPassword && values.repeatNewPassword !== values.newPassword) {
    errors.repeatNewPassword = 'The passwords do not match.';
  }
  return errors;
}

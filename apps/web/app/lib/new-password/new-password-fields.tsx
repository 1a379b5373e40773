import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@b2b/contract/constants';
import { TextField } from '~/components/ui/text-field.tsx';
import type { NewPasswordField } from './new-password.ts';

/** "New password" and "Repeat new password", as on the change-password and the password-recovery pages. */
export function NewPasswordFields({ errors }: { errors?: Partial<Record<NewPasswordField, string>> | undefined }) {
  return (
    <>
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        error={errors?.newPassword}
      />
      <TextField
        label="Repeat new password"
        name="repeatNewPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors?.repeatNewPassword}
      />
    </>
  );
}

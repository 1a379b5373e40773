import { userEndpoints } from '@b2b/contract/endpoints/user';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { requireUser } from '~/lib/auth.server.ts';
import { getClientAddress } from '~/lib/client-address.server.ts';
import { validateNewPassword } from '~/lib/new-password/new-password.ts';
import { setAuthTokens } from '~/lib/session.server.ts';
import { toErrorToastPayload } from '~/lib/toast/toast-payload.server.ts';
import { createToastPayload, type ErrorToastPayload, type ToastPayload } from '~/lib/toast/toast-payload.ts';

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'repeatNewPassword';
export type ChangePasswordActionData = {
  status: 'success' | 'error';
  fieldErrors?: Partial<Record<ChangePasswordField, string>>;
  formError?: string;
  toast?: ToastPayload;
  errorToast?: ErrorToastPayload;
};

/** Mirrors the contract's changePasswordBody rules (8–200 characters, must differ) with messages for people. */
export function validateChangePassword(
  values: Record<ChangePasswordField, string>,
): Partial<Record<ChangePasswordField, string>> {
  const errors: Partial<Record<ChangePasswordField, string>> = validateNewPassword(values);
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password.';
  else if (!errors.newPassword && values.newPassword === values.currentPassword) {
    errors.newPassword = 'The new password must differ from the current password.';
  }
  return errors;
}

const FIELD_LABELS: Record<string, ChangePasswordField> = {
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
};

export async function changePassword(request: Request, context: Readonly<RouterContextProvider>) {
  const session = requireUser(context, request);
  const form = await request.formData();
  const values = {
    currentPassword: String(form.get('currentPassword') ?? ''),
    newPassword: String(form.get('newPassword') ?? ''),
    repeatNewPassword: String(form.get('repeatNewPassword') ?? ''),
  };
  const fieldErrors = validateChangePassword(values);
  if (Object.keys(fieldErrors).length > 0) {
    return data<ChangePasswordActionData>({ status: 'error', fieldErrors }, { status: 400 });
  }
  try {
    // The person logged in changes their own password, also while impersonating (spec §6: own token).
    const tokens = await getApi(context).call(
      userEndpoints.changePassword,
      { body: { area: session.area, currentPassword: values.currentPassword, newPassword: values.newPassword } },
      { auth: 'access', clientAddress: getClientAddress(request) },
    );
    // The API revokes the other sessions and returns a fresh pair for this one.
    setAuthTokens(context, tokens, { keepImpersonation: true });
    return data<ChangePasswordActionData>({
      status: 'success',
      toast: createToastPayload('success', 'Password changed', 'Your password has been changed.'),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.type === 'InvalidCredentialsException') {
      return data<ChangePasswordActionData>(
        { status: 'error', fieldErrors: { currentPassword: 'The current password is not correct.' } },
        { status: 400 },
      );
    }
    if (error.status === 400 && error.body?.errors?.length) {
      const mapped: Partial<Record<ChangePasswordField, string>> = {};
      for (const fieldError of error.body.errors) {
        const field = FIELD_LABELS[fieldError.field] ?? 'newPassword';
        mapped[field] =
          `${field === 'currentPassword' ? 'The current password' : 'The new password'} ${fieldError.message}.`;
      }
      return data<ChangePasswordActionData>({ status: 'error', fieldErrors: mapped }, { status: 400 });
    }
    if (error.status === 429) {
      return data<ChangePasswordActionData>(
        { status: 'error', formError: 'Too many attempts. Please wait a few minutes and try again.' },
        { status: 429 },
      );
    }
    return data<ChangePasswordActionData>(
      { status: 'error', formError: 'The password could not be changed.', errorToast: toErrorToastPayload(error) },
      { status: error.status >= 500 ? 502 : error.status },
    );
  }
}

import { userEndpoints } from '@b2b/contract/endpoints/user';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getClientAddress } from '~/lib/client-address.server.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { getSession, setAuthTokens } from '~/lib/session.server.ts';
import { toErrorToastPayload } from '~/lib/toast/toast-payload.server.ts';
import type { ErrorToastPayload } from '~/lib/toast/toast-payload.ts';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Enter your username.',
  passwordRequired: 'Enter your password.',
  credentialsRequired: 'Enter your username and password.',
  invalidCredentials: 'Wrong username or password.',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  failed: 'Logging in failed. Please try again in a moment.',
} as const;

export type LoginActionData = {
  formError?: string;
  fieldErrors?: { username?: string | undefined; password?: string | undefined };
  values: { username: string };
  errorToast?: ErrorToastPayload;
};

/** spec §4 Authentication: Login stores the tokens, clears any impersonation token and returns to the wanted page. */
export async function login(request: Request, context: Readonly<RouterContextProvider>) {
  const session = getSession(context);
  const form = await request.formData();
  const redirectTo = getSafeRedirect(form.get('redirect'));
  if (session.isLoggedIn) throw redirect(redirectTo);

  const username = String(form.get('username') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const fieldErrors: NonNullable<LoginActionData['fieldErrors']> = {};
  if (!username) fieldErrors.username = LOGIN_MESSAGES.usernameRequired;
  if (!password) fieldErrors.password = LOGIN_MESSAGES.passwordRequired;
  if (fieldErrors.username || fieldErrors.password) {
    // One alert announces the problem; each field also carries its own message (aria-describedby).
    const formError =
      fieldErrors.username && fieldErrors.password
        ? LOGIN_MESSAGES.credentialsRequired
        : (fieldErrors.username ?? fieldErrors.password);
    return data<LoginActionData>({ formError, fieldErrors, values: { username } }, { status: 400 });
  }

  try {
    const tokens = await getApi(context).call(
      userEndpoints.login,
      { body: { area: session.area, username, password } },
      { auth: 'none', clientAddress: getClientAddress(request) },
    );
    setAuthTokens(context, tokens);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.warn('[login] failed', error.status, error.type);
    if (error.status === 401) {
      return data<LoginActionData>(
        { formError: LOGIN_MESSAGES.invalidCredentials, values: { username } },
        { status: 401 },
      );
    }
    if (error.status === 429) {
      return data<LoginActionData>(
        { formError: LOGIN_MESSAGES.tooManyAttempts, values: { username } },
        { status: 429 },
      );
    }
    if (error.status === 400) {
      const byField = new Map((error.body?.errors ?? []).map((fieldError) => [fieldError.field, fieldError.message]));
      return data<LoginActionData>(
        {
          formError: LOGIN_MESSAGES.invalidCredentials,
          fieldErrors: {
            username: byField.has('username') ? `Username ${byField.get('username')}.` : undefined,
            password: byField.has('password') ? `Password ${byField.get('password')}.` : undefined,
          },
          values: { username },
        },
        { status: 400 },
      );
    }
    return data<LoginActionData>(
      { formError: LOGIN_MESSAGES.failed, values: { username }, errorToast: toErrorToastPayload(error) },
      { status: error.status >= 500 ? 502 : error.status },
    );
  }
  throw redirect(redirectTo);
}

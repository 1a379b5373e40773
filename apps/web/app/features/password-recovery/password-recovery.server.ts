/**
 * /user/recover-password (spec §2, public): ask for a link (RecoverPassword), then, opened from the mailed link with
 * `token` and `username`, check it (VerifyToken) and set a new password (ResetPasswordByToken). All calls go without
 * the visitor's tokens (`auth: 'none'`), and forward the browser's address for the API's rate limit.
 */
import { userEndpoints } from '@b2b/contract/endpoints/user';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, getApi } from '~/lib/api.server.ts';
import { getClientAddress } from '~/lib/client-address.server.ts';
import { type NewPasswordField, validateNewPassword } from '~/lib/new-password/new-password.ts';
import { getSession } from '~/lib/session.server.ts';
import { RECOVERY_MESSAGES } from './recovery-messages.ts';

type Context = Readonly<RouterContextProvider>;

export type RecoveryLoaderData =
  | { mode: 'request' }
  | { mode: 'reset'; username: string; token: string; isValid: boolean };

export type RecoveryActionData = {
  status: 'sent' | 'error';
  formError?: string;
  fieldErrors?: Partial<Record<NewPasswordField | 'username', string>>;
  values?: { username: string };
};

export async function loadRecovery(request: Request, context: Context): Promise<RecoveryLoaderData> {
  const query = new URL(request.url).searchParams;
  const token = query.get('token') ?? '';
  const username = query.get('username') ?? '';
  if (!token || !username) return { mode: 'request' };
  const { area } = getSession(context);
  try {
    await getApi(context).call(userEndpoints.verifyToken, { body: { area, username, token } }, { auth: 'none' });
    return { mode: 'reset', username, token, isValid: true };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
      return { mode: 'reset', username, token, isValid: false };
    }
    throw error;
  }
}

export async function handleRecoveryAction(request: Request, context: Context) {
  const form = await request.formData();
  const { area } = getSession(context);
  const api = getApi(context);
  const clientAddress = getClientAddress(request);

  if (form.get('intent') === 'reset') {
    const username = String(form.get('username') ?? '');
    const token = String(form.get('token') ?? '');
    const values = {
      newPassword: String(form.get('newPassword') ?? ''),
      repeatNewPassword: String(form.get('repeatNewPassword') ?? ''),
    };
    const fieldErrors = validateNewPassword(values);
    if (Object.keys(fieldErrors).length > 0) {
      return data<RecoveryActionData>({ status: 'error', fieldErrors }, { status: 400 });
    }
    try {
      await api.call(
        userEndpoints.resetPasswordByToken,
        { body: { area, username, token, newPassword: values.newPassword } },
        { auth: 'none', clientAddress },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const formError = error.status === 401 ? RECOVERY_MESSAGES.invalidLink : RECOVERY_MESSAGES.failed;
      return data<RecoveryActionData>({ status: 'error', formError }, { status: error.status === 401 ? 401 : 400 });
    }
    throw redirect('/login?passwordReset=1');
  }

  const username = String(form.get('username') ?? '').trim();
  if (!username) {
    return data<RecoveryActionData>(
      { status: 'error', fieldErrors: { username: RECOVERY_MESSAGES.usernameRequired }, values: { username } },
      { status: 400 },
    );
  }
  const page = new URL(request.url);
  try {
    await api.call(
      userEndpoints.recoverPassword,
      { body: { area, username, tokenUrl: `${page.origin}${page.pathname}` } },
      { auth: 'none', clientAddress },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    console.warn('[recover-password] failed', error.status, error.type);
    const formError = error.status === 429 ? RECOVERY_MESSAGES.tooMany : RECOVERY_MESSAGES.failed;
    return data<RecoveryActionData>(
      { status: 'error', formError, values: { username } },
      { status: error.status === 429 ? 429 : 400 },
    );
  }
  return data<RecoveryActionData>({ status: 'sent', values: { username } });
}

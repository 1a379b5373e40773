import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireAnonymous } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { getSafeRedirect } from '~/lib/redirect.ts';
import { loginPageStylesheetPrefetch } from '~/lib/stylesheet.tsx';
import { usePayloadToasts } from '~/lib/toast/use-payload-toasts.ts';
import type { Route } from './+types/login';
import { login } from './login.server.ts';

export const meta: Route.MetaFunction = () => titleMeta('Log in');

/** The logged-in pages link the stylesheet; the browser fetches it while the buyer logs in (ADR 023). */
export const links: Route.LinksFunction = () => [loginPageStylesheetPrefetch];

export function loader({ request, context }: Route.LoaderArgs) {
  // spec: a logged-in user who opens /login goes to the front page.
  requireAnonymous(context);
  const query = new URL(request.url).searchParams;
  return {
    redirectTo: getSafeRedirect(query.get('redirect')),
    // Set by /user/recover-password after a new password was set.
    isPasswordReset: query.get('passwordReset') === '1',
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return login(request, context);
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state !== 'idle' && navigation.formAction === '/login';
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const fieldErrors = actionData?.fieldErrors;
  usePayloadToasts(null, actionData?.errorToast);

  useEffect(() => {
    // Put keyboard users on the first field that needs attention.
    if (fieldErrors?.username) usernameRef.current?.focus();
    else if (fieldErrors?.password) passwordRef.current?.focus();
  }, [fieldErrors]);

  return (
    <div className="mx-auto max-w-md">
      <div className="rounded-xl border border-neutral-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight">Log in</h1>
        <p className="mt-1 text-sm text-neutral-600">Log in with your business account to see your prices and order.</p>
        <Form
          method="post"
          noValidate
          className="mt-6 flex flex-col gap-4"
          aria-describedby={actionData?.formError ? 'login-error' : undefined}
        >
          {loaderData.isPasswordReset && !actionData ? (
            <Alert tone="success">Your password has been changed. Log in with the new one.</Alert>
          ) : null}
          {actionData?.formError ? <Alert id="login-error">{actionData.formError}</Alert> : null}
          <input type="hidden" name="redirect" value={loaderData.redirectTo} />
          <TextField
            ref={usernameRef}
            label="Username"
            name="username"
            autoComplete="username"
            required
            defaultValue={actionData?.values.username}
            error={fieldErrors?.username}
          />
          <TextField
            ref={passwordRef}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={fieldErrors?.password}
          />
          <Button type="submit" className="mt-2 w-full" aria-disabled={isSubmitting || undefined}>
            Log in
          </Button>
          <p className="sr-only" role="status">
            {isSubmitting ? 'Logging in…' : ''}
          </p>
          <p className="text-center text-sm">
            <Link to="/user/recover-password" className="font-medium text-accent-800 underline hover:text-accent-900">
              Forgot your password?
            </Link>
          </p>
        </Form>
      </div>
    </div>
  );
}

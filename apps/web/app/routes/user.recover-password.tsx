import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { handleRecoveryAction, loadRecovery } from '~/features/password-recovery/password-recovery.server.ts';
import { RECOVERY_MESSAGES } from '~/features/password-recovery/recovery-messages.ts';
import { titleMeta } from '~/lib/meta.ts';
import { NewPasswordFields } from '~/lib/new-password/new-password-fields.tsx';
import type { Route } from './+types/user.recover-password';

export const meta: Route.MetaFunction = () => titleMeta('Reset your password');

/** /user/recover-password (spec §2, public): ask for a link, or, from the link, set a new password. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadRecovery(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleRecoveryAction(request, context);
}

export default function RecoverPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  const formRef = useRef<HTMLFormElement>(null);
  const fieldErrors = actionData?.status === 'error' ? actionData.fieldErrors : undefined;

  useEffect(() => {
    // Keyboard users land on the first field that needs attention; its message is read through aria-describedby.
    const first = (['username', 'newPassword', 'repeatNewPassword'] as const).find((field) => fieldErrors?.[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  }, [fieldErrors]);

  if (loaderData.mode === 'reset' && !loaderData.isValid) {
    return (
      <RecoveryFrame title="Reset your password">
        <Alert>{RECOVERY_MESSAGES.invalidLink}</Alert>
        <p className="text-sm">
          <Link to="/user/recover-password" className="font-medium text-accent-800 underline">
            Send a new link
          </Link>
        </p>
      </RecoveryFrame>
    );
  }

  if (loaderData.mode === 'reset') {
    return (
      <RecoveryFrame title="Choose a new password">
        <p className="text-sm text-neutral-600">
          For <strong>{loaderData.username}</strong>. Every session of this user is logged out afterwards.
        </p>
        <Form ref={formRef} method="post" noValidate className="flex flex-col gap-4">
          {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="username" value={loaderData.username} />
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields errors={fieldErrors} />
          <div>
            <Button type="submit" aria-disabled={isSubmitting || undefined}>
              Set new password
            </Button>
          </div>
        </Form>
      </RecoveryFrame>
    );
  }

  return (
    <RecoveryFrame title="Reset your password">
      {actionData?.status === 'sent' ? (
        <Alert tone="success">{RECOVERY_MESSAGES.sent}</Alert>
      ) : (
        <p className="text-sm text-neutral-600">
          Enter your username. We send a link to the e-mail address of your account.
        </p>
      )}
      <Form ref={formRef} method="post" noValidate className="flex flex-col gap-4">
        {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
        <input type="hidden" name="intent" value="request" />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          defaultValue={actionData?.values?.username}
          error={fieldErrors?.username}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" aria-disabled={isSubmitting || undefined}>
            Send link
          </Button>
          <Link to="/login" className="text-sm font-medium text-accent-800 underline">
            Back to login
          </Link>
        </div>
      </Form>
    </RecoveryFrame>
  );
}

function RecoveryFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md py-8">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-6 shadow-xs">
        {children}
      </div>
    </div>
  );
}

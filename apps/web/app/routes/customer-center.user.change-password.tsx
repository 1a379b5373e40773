import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { requireUser } from '~/lib/auth.server.ts';
import { titleMeta } from '~/lib/meta.ts';
import { NewPasswordFields } from '~/lib/new-password/new-password-fields.tsx';
import { usePayloadToasts } from '~/lib/toast/use-payload-toasts.ts';
import type { Route } from './+types/customer-center.user.change-password';
import { type ChangePasswordField, changePassword } from './customer-center.user.change-password.server.ts';

export const meta: Route.MetaFunction = () => titleMeta('Change password');

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return changePassword(request, context);
}

const FIELD_ORDER: ChangePasswordField[] = ['currentPassword', 'newPassword', 'repeatNewPassword'];

export default function ChangePasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  const fieldErrors = actionData?.status === 'error' ? actionData.fieldErrors : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  // A new key after each success empties the form.
  const [formKey, setFormKey] = useState(0);
  usePayloadToasts(actionData?.toast, actionData?.errorToast);

  useEffect(() => {
    if (actionData?.status === 'success') setFormKey((key) => key + 1);
  }, [actionData]);

  useEffect(() => {
    const first = FIELD_ORDER.find((field) => fieldErrors?.[field]);
    // Put keyboard users on the first field that needs attention; its error is read through aria-describedby.
    if (first) formRef.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  }, [fieldErrors]);

  const errorCount = fieldErrors ? Object.values(fieldErrors).filter(Boolean).length : 0;
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-bold tracking-tight">Change password</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Other sessions of your user are logged out when the password changes.
      </p>
      <div className="mt-6 rounded-xl border border-neutral-200 bg-white p-6 shadow-xs">
        <Form ref={formRef} key={formKey} method="post" noValidate className="flex flex-col gap-4">
          {actionData?.status === 'success' ? <Alert tone="success">Your password has been changed.</Alert> : null}
          {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
          {errorCount > 0 ? (
            <Alert>
              {errorCount === 1
                ? 'Please correct the field marked below.'
                : `Please correct the ${errorCount} fields marked below.`}
            </Alert>
          ) : null}
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={fieldErrors?.currentPassword}
          />
          <NewPasswordFields errors={fieldErrors} />
          <div>
            <Button type="submit" aria-disabled={isSubmitting || undefined}>
              Change password
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}

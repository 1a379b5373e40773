import { data, Form } from 'react-router';
import { Button } from '~/components/ui/button.tsx';
import { titleMeta } from '~/lib/meta.ts';
import type { ErrorToastPayload } from '~/lib/toast/toast-payload.ts';
import { showErrorToast } from '~/lib/toast/toast-store.ts';
import { usePayloadToasts } from '~/lib/toast/use-payload-toasts.ts';
import type { Route } from './+types/error-demo';

export const meta: Route.MetaFunction = () => titleMeta('Error demo');

/** Public (spec §2, §6). `?show=404` / `?show=500` render the error pages through the root ErrorBoundary. */
export function loader({ request }: Route.LoaderArgs) {
  const show = new URL(request.url).searchParams.get('show');
  if (show === '404') throw data(null, { status: 404, statusText: 'Not Found' });
  if (show === '500') throw new Error('Error demo: a deliberate server error.');
  return null;
}

/** A server-side failure returned to the page, which raises the global error toast (spec §8). */
export function action() {
  const errorToast: ErrorToastPayload = {
    key: crypto.randomUUID(),
    statusCode: 500,
    statusMessage: 'Internal Server Error',
    message: 'Error demo: the server reported an error.',
  };
  return data({ errorToast }, { status: 500 });
}

export default function ErrorDemoPage({ actionData }: Route.ComponentProps) {
  usePayloadToasts(null, actionData?.errorToast);
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Error demo</h1>
      <p className="mt-2 text-neutral-600">
        Try the shop's error handling. The error toast shows the status code, the status message and the time; click its
        details to copy them.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          onClick={() =>
            showErrorToast({
              statusCode: 500,
              statusMessage: 'Internal Server Error',
              message: 'Error demo: something went wrong.',
            })
          }
        >
          Show error toast
        </Button>
        <Form method="post">
          <Button type="submit" severity="secondary">
            Raise server error
          </Button>
        </Form>
        <Form method="get">
          <Button type="submit" name="show" value="404" severity="secondary">
            Show 404 page
          </Button>
        </Form>
        <Form method="get">
          <Button type="submit" name="show" value="500" severity="secondary">
            Show 500 page
          </Button>
        </Form>
      </div>
    </div>
  );
}

import { data, Form } from 'react-router';
import { LocalError } from '~/components/errors/error-displays.tsx';
import { Button } from '~/components/ui/button.tsx';
import type { ErrorLevel, HttpErrorInput } from '~/lib/errors/app-error.ts';
import { errorStore } from '~/lib/errors/error-store.ts';
import { titleMeta } from '~/lib/meta.ts';
import type { ErrorToastPayload } from '~/lib/toast/toast-payload.ts';
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

/** The demo's errors: as the API answers them (spec §8), one per display level. */
const LEVEL_DEMOS: { level: ErrorLevel; label: string; error: HttpErrorInput }[] = [
  {
    level: 'Local',
    label: 'Show an error beside this button',
    error: {
      kind: 'http',
      statusCode: 400,
      data: { type: 'ValidationException', message: 'quantity: must be 1 or more' },
    },
  },
  {
    level: 'Header',
    label: 'Show an error under the header',
    error: { kind: 'http', statusCode: 404, data: { type: 'NotFoundException', message: 'Order 7 was not found.' } },
  },
  {
    level: 'Modal',
    label: 'Show an error that blocks the page',
    error: { kind: 'http', statusCode: 403, data: { type: 'ForbiddenException', message: 'Not allowed.' } },
  },
];

const LOCAL_DEMO_SCOPE = 'error-demo-local';

/** A demo error's retry: fails the first time (the count shows), succeeds the second (the error goes). */
function retryThatHelpsTheSecondTime(): () => void {
  let tries = 0;
  return () => {
    tries += 1;
    if (tries < 2) throw new Error('Error demo: the retry failed.');
  };
}

export default function ErrorDemoPage({ actionData }: Route.ComponentProps) {
  usePayloadToasts(null, actionData?.errorToast);
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Error demo</h1>
      <p className="mt-2 text-neutral-600">
        Try the shop's error handling. The error toast shows the status code, the status message and the time; click its
        details to copy them. Errors are shown beside the control they belong to, in a bar under the header, or in a
        window that blocks the page; the demo's "Try again" fails the first time and succeeds the second.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          onClick={() =>
            errorStore.report({
              kind: 'http',
              statusCode: 500,
              data: { type: 'InternalServerErrorException', message: 'Error demo: something went wrong.' },
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
      <h2 className="mt-8 text-lg font-semibold">Where errors are shown</h2>
      <ul className="mt-3 space-y-4">
        {LEVEL_DEMOS.map((demo) => (
          <li key={demo.level}>
            <Button
              severity="secondary"
              onClick={() =>
                errorStore.report(demo.error, {
                  level: demo.level,
                  scope: demo.level === 'Local' ? LOCAL_DEMO_SCOPE : undefined,
                  retry: retryThatHelpsTheSecondTime(),
                })
              }
            >
              {demo.label}
            </Button>
            {demo.level === 'Local' ? <LocalError scope={LOCAL_DEMO_SCOPE} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

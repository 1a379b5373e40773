import type { ErrorToastPayload } from '~/lib/toast/toast-payload.ts';
import type { ContentFormValues } from './form-values.ts';

/** What a content form's POST answers (the page's action data, or its fetcher's data with scripts). */
export type ContentFormResult =
  | { formId: string; status: 'sent'; message: string }
  | {
      formId: string;
      status: 'invalid';
      fieldErrors: Record<string, string>;
      formError: string | null;
      values: ContentFormValues;
      errorToast?: ErrorToastPayload;
    };

import { webConfig } from '~/lib/config.server.ts';
import { readGtmId } from './gtm-id.ts';

/** The tag-manager id from `GTM_ID`, validated once at start-up (an invalid one is logged and not loaded). */
export const GTM_ID: string | null = readGtmId(webConfig.gtmId);

import { type RumSettings, webConfig } from '~/lib/config.server.ts';

/**
 * Real-user monitoring's settings for the pages (the root loader hands them to `RealUserMonitoring`); null when
 * tracking is off (RUM_SERVER_URL unset). Validated with the rest of the configuration as the server starts.
 */
export const RUM_SETTINGS: RumSettings | null = webConfig.rum;

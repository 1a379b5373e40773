import type { AgentConfigOptions } from '@elastic/apm-rum';
import type { RumSettings } from '~/lib/config.server.ts';

/**
 * The agent's configuration (ADR 033). Spec §9's monitoring figures are the defaults of Elastic's RUM agent (sample
 * rate 1, 80 events a minute, a flush every 500 ms, 10 s request timeout, 30-minute sessions, managed transactions
 * over 60 s dropped): they are left to the agent rather than repeated here, and rum-config.test.ts pins them, so an
 * upgrade that changed one fails a test. Only the sample rate is a setting (RUM_SAMPLE_RATE, default 1).
 */
export function agentConfig(
  settings: RumSettings,
  pageLoadName: string,
  pageLoadTraceId: string | null = null,
): AgentConfigOptions & { session: boolean } {
  return {
    serviceName: settings.serviceName,
    serverUrl: settings.serverUrl,
    ...(settings.environment === undefined ? {} : { environment: settings.environment }),
    transactionSampleRate: settings.sampleRate,
    pageLoadTransactionName: pageLoadName,
    // The page load joins the trace of the server's request for the page (ADR 043); recorded, as the server's was.
    ...(pageLoadTraceId === null ? {} : { pageLoadTraceId, pageLoadSampled: true }),
    // spec §9 "session expiry 30 min": the agent's sessions, which expire after 30 minutes without activity
    session: true,
  };
}

/** Where the agent posts its events; the reachability probe asks the same address. */
export function intakeUrl(serverUrl: string): string {
  return `${serverUrl}/intake/v2/rum/events`;
}

/** spec §9: the agent's request timeout, which the probe keeps too. */
export const PROBE_TIMEOUT_MS = 10_000;

/** The one console warning when the intake cannot be reached (spec §7 Monitoring). */
export function unreachableWarning(serverUrl: string): string {
  return `[monitoring] the monitoring intake at ${serverUrl} cannot be reached: real-user monitoring is skipped on this page`;
}

/**
 * spec §7 Monitoring: "An OPTIONS reachability probe" before any event is sent. True when the intake answers the
 * OPTIONS request with a success status (an APM server answers its CORS preflight with 200 or 204); a network error,
 * a refusal by CORS, a timeout or any other status is false.
 */
export async function probeIntake(
  serverUrl: string,
  send: typeof fetch = fetch,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  try {
    const response = await send(intakeUrl(serverUrl), {
      method: 'OPTIONS',
      mode: 'cors',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok;
  } catch {
    return false;
  }
}

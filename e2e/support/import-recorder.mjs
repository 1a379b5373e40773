/**
 * `node --import ./import-recorder.mjs …`: appends the URL of every module the process (and its cluster forks, through
 * NODE_OPTIONS) imports to the file IMPORT_RECORD_FILE names, one a line. e2e/traces.spec.ts uses it to see which
 * OpenTelemetry modules a server loads with tracing off (none) and on.
 */
import { register } from 'node:module';

if (process.env.IMPORT_RECORD_FILE) {
  register('./import-recorder-hooks.mjs', import.meta.url, { data: { file: process.env.IMPORT_RECORD_FILE } });
}

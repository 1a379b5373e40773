/** The module-resolution hook of import-recorder.mjs (it runs on Node's loader thread). */
import { appendFileSync } from 'node:fs';

let recordFile = '';

export function initialize(data) {
  recordFile = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(recordFile, `${resolved.url}\n`);
  return resolved;
}

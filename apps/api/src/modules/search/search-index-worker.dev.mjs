/**
 * Starts the search index's worker thread from its TypeScript source (development, tests, benches): a worker thread
 * does not inherit tsx's loader from the process (Node 20), so it registers it before importing the entry. The
 * build runs dist/search-index-worker.js instead (apps/api/build.mjs, ADR 041).
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

/**
 * Builds a search snapshot in a worker thread (ADR 041), so that a rebuild never holds the API's event loop for
 * more than a few ms: the main thread reads the catalogue (search.repository.ts, in chunks) and hands the text over;
 * the worker parses it, builds the index and sends it back; the main thread unpacks it in slices
 * (search-snapshot.ts). One worker per build: it ends after sending, and its heap (several times the finished
 * index's size while building) is freed. Its old generation is capped (`maxHeapMb`): a build that needs more fails
 * and the caller keeps the snapshot it has.
 */
import { Worker } from 'node:worker_threads';
import type { ProductSummaries } from './product-summaries.ts';
import type { SearchIndex } from './search-index.ts';
import { type SearchSnapshotMessage, unpackSnapshot } from './search-snapshot.ts';
import type { SearchSourceText } from './search-source.ts';

/** Set to true by apps/api/build.mjs (esbuild `define`): the worker is the bundled dist/search-index-worker.js. */
declare const SEARCH_INDEX_WORKER_IS_BUILT: boolean | undefined;

/** The worker's entry and its workerData: the bundle's file in the build, else the source through tsx. */
function workerEntry(): { url: URL; entry?: string } {
  if (typeof SEARCH_INDEX_WORKER_IS_BUILT !== 'undefined' && SEARCH_INDEX_WORKER_IS_BUILT) {
    // In the build, import.meta.url names this source file's place relative to the bundle (build.mjs): apps/api/dist.
    return { url: new URL('../../../dist/search-index-worker.js', import.meta.url) };
  }
  return {
    url: new URL('./search-index-worker.dev.mjs', import.meta.url),
    entry: new URL('./search-index.worker.ts', import.meta.url).href,
  };
}

export type BuiltSnapshot = {
  index: SearchIndex;
  summaries: ProductSummaries;
  skippedRecords: number;
  /** The worker's heap near its peak (see SearchSnapshotMessage). */
  workerHeapBytes: number;
  /** Time in the worker (start, parse, build, send) and unpacking on the main thread. */
  workerMilliseconds: number;
  unpackMilliseconds: number;
};

/** Parses and builds in a worker thread; rejects when the worker fails, runs out of its heap or exits early. */
export async function buildSnapshotInWorker(source: SearchSourceText, maxHeapMb: number): Promise<BuiltSnapshot> {
  const startedAt = performance.now();
  const { url, entry } = workerEntry();
  const message = await new Promise<SearchSnapshotMessage>((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: { source, entry },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
      // The worker's output goes to the API's own stdout/stderr (logged errors show there).
      stdout: false,
      stderr: false,
    });
    let result: SearchSnapshotMessage | undefined;
    worker.once('message', (value: SearchSnapshotMessage) => {
      result = value;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`The search index worker exited with code ${code} before sending the index`));
    });
  });
  const workerMilliseconds = performance.now() - startedAt;
  const unpackStartedAt = performance.now();
  const { index, summaries } = await unpackSnapshot(message);
  return {
    index,
    summaries,
    skippedRecords: message.skippedRecords,
    workerHeapBytes: message.workerHeapBytes,
    workerMilliseconds: Math.round(workerMilliseconds),
    unpackMilliseconds: Math.round(performance.now() - unpackStartedAt),
  };
}

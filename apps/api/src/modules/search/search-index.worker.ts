/**
 * The search index's worker thread (ADR 041): parses the catalogue text the API read, builds the index and the
 * summaries, sends them back (typed arrays transferred) and ends, so its heap is freed after every build. Started by
 * search-index-builder.ts; in the build (apps/api/build.mjs) it is the entry dist/search-index-worker.js.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { createProductIndexOptions } from './search-documents.ts';
import { SearchIndex } from './search-index.ts';
import { packSnapshot } from './search-snapshot.ts';
import { parseSearchSource, type SearchSourceText } from './search-source.ts';

const port = parentPort;
if (port === null) throw new Error('search-index.worker.ts runs as a worker thread only');
const source = parseSearchSource((workerData as { source: SearchSourceText }).source);
const index = SearchIndex.build(source.documents, createProductIndexOptions(source.brandNames, source.categories));
const { message, transfer } = packSnapshot(
  index,
  source.summaries,
  source.skippedRecords,
  getHeapStatistics().used_heap_size,
);
port.postMessage(message, transfer);

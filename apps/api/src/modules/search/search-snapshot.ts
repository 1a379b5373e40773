/**
 * How a search snapshot built in a worker thread reaches the API's event loop at little cost (ADR 041): the index's
 * typed arrays are transferred (moved, not copied), and the large string lists (product ids, the dictionary's
 * terms, the summaries) travel as one string each plus their end offsets, which the main thread splits back in
 * slices, giving requests a turn between slices. Receiving 300k products' snapshot this way holds the event loop a
 * few ms at a time instead of hundreds of ms for one structured clone of millions of strings.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { ProductSummaries, type ProductSummaryColumns } from './product-summaries.ts';
import { SearchIndex, type SearchIndexParts } from './search-index.ts';

/** A list of strings as one string and the end offset of each. */
export type PackedStrings = { text: string; ends: Uint32Array };

/** What the worker sends: the index's parts without their two large string lists, which are packed beside them. */
export type SearchSnapshotMessage = {
  parts: SearchIndexParts;
  ids: PackedStrings;
  terms: PackedStrings;
  summaries: {
    names: PackedStrings;
    urls: PackedStrings;
    imageUrls: PackedStrings;
    brands: string[];
    brandOf: Uint32Array;
  };
  skippedRecords: number;
  /** The worker's V8 heap (bytes) with the documents and the finished index held: near its peak. */
  workerHeapBytes: number;
};

/** Strings split back per turn of the event loop (~2–4 ms of work on a busy core). */
const STRINGS_PER_SLICE = 20_000;

export function packStrings(list: readonly string[]): PackedStrings {
  const ends = new Uint32Array(list.length);
  let end = 0;
  list.forEach((item, index) => {
    end += item.length;
    ends[index] = end;
  });
  return { text: list.join(''), ends };
}

/** The strings of `packed`, split in slices with a turn of the event loop after each. */
export async function unpackStrings(packed: PackedStrings, perSlice = STRINGS_PER_SLICE): Promise<string[]> {
  const { text, ends } = packed;
  const list = new Array<string>(ends.length);
  let start = 0;
  for (let from = 0; from < ends.length; from += perSlice) {
    const to = Math.min(ends.length, from + perSlice);
    for (let index = from; index < to; index++) {
      const end = ends[index] ?? start;
      list[index] = text.slice(start, end);
      start = end;
    }
    if (to < ends.length) await yieldToEventLoop();
  }
  return list;
}

/** Every ArrayBuffer under `value` (typed arrays in objects, arrays and map entries), each once. */
function collectBuffers(value: unknown, buffers: Set<ArrayBuffer>): void {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) buffers.add(value.buffer);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null) collectBuffers(item, buffers);
    return;
  }
  if (value instanceof Map) {
    for (const entry of value) collectBuffers(entry, buffers);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value))
      if (typeof item === 'object' && item !== null) collectBuffers(item, buffers);
  }
}

/** The message for a built index and its summaries, and the buffers to transfer with it (the worker loses them). */
export function packSnapshot(
  index: SearchIndex,
  summaries: ProductSummaryColumns,
  skippedRecords: number,
  workerHeapBytes: number,
): { message: SearchSnapshotMessage; transfer: ArrayBuffer[] } {
  const parts = index.toParts();
  const message: SearchSnapshotMessage = {
    parts: { ...parts, ids: [], dictionary: { ...parts.dictionary, terms: [] } },
    ids: packStrings(parts.ids),
    terms: packStrings(parts.dictionary.terms),
    summaries: {
      names: packStrings(summaries.names),
      urls: packStrings(summaries.urls),
      imageUrls: packStrings(summaries.imageUrls),
      brands: summaries.brands,
      brandOf: summaries.brandOf,
    },
    skippedRecords,
    workerHeapBytes,
  };
  const buffers = new Set<ArrayBuffer>();
  collectBuffers(message, buffers);
  return { message, transfer: [...buffers] };
}

/** The index and summaries of a worker's message, rebuilt without rebuilding anything (see the file's comment). */
export async function unpackSnapshot(
  message: SearchSnapshotMessage,
): Promise<{ index: SearchIndex; summaries: ProductSummaries }> {
  const ids = await unpackStrings(message.ids);
  const terms = await unpackStrings(message.terms);
  const index = SearchIndex.fromParts({ ...message.parts, ids, dictionary: { ...message.parts.dictionary, terms } });
  const columns: ProductSummaryColumns = {
    names: await unpackStrings(message.summaries.names),
    urls: await unpackStrings(message.summaries.urls),
    imageUrls: await unpackStrings(message.summaries.imageUrls),
    brands: message.summaries.brands,
    brandOf: message.summaries.brandOf,
  };
  return { index, summaries: new ProductSummaries(index, columns) };
}

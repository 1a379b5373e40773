/**
 * Reads Prometheus' text exposition format (version 0.0.4) as a scraper does, for the tests of the metrics endpoints
 * (ADR 039): every sample with its labels, and each metric's declared type. Used by the API's tests and the
 * storefront's browser tests alike.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { samples: Sample[]; types: Map<string, string> };

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g;

/** Parses the text; a line that is neither a comment nor a sample fails, as it would fail a scrape. */
export function parsePrometheusText(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type?.[1] && type[2]) types.set(type[1], type[2]);
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(LABEL_PAIR)) {
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    }
    const value = sampleNumber(match[3]);
    if (value === undefined) throw new Error(`not a sample value: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return { samples, types };
}

/** A Go float as Prometheus reads it: NaN and ±Inf in any case (prom-client writes `Nan`). */
function sampleNumber(text: string): number | undefined {
  const lower = text.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY;
  if (lower === '-inf') return Number.NEGATIVE_INFINITY;
  const value = Number(text);
  return Number.isNaN(value) ? undefined : value;
}

/** The samples named `name` whose labels include all of `labels`. */
export function samplesOf(exposition: Exposition, name: string, labels: Record<string, string> = {}): Sample[] {
  return exposition.samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/** The one sample named `name` with `labels`, or undefined; more than one matching fails (the labels are too few). */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samplesOf(exposition, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

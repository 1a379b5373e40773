/**
 * A local stand-in for the APM server's RUM intake (ADR 033), for browser tests of real-user monitoring: it answers
 * as an APM server does (CORS, 202) and records the requests it saw and the NDJSON events it received.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

export type RumEvent = Record<string, Record<string, unknown>>;
type Span = { name?: string; type?: string };
export type RumTransaction = { name?: string; type?: string; spans?: Span[]; id?: string; trace_id?: string };

export function startIntake() {
  const requests: string[] = [];
  const events: RumEvent[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type, Content-Encoding, Accept');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      for (const line of body.toString('utf8').split('\n').filter(Boolean)) events.push(JSON.parse(line) as RumEvent);
      response.writeHead(202).end();
    });
  });
  return { server, requests, events };
}

export function transactions(events: RumEvent[]): RumTransaction[] {
  return events.flatMap((event) => (event.transaction ? [event.transaction as RumTransaction] : []));
}

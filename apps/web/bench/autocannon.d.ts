/** The part of autocannon 9's API that web.bench.ts uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string> };

  type AutocannonOptions = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for an answer. */
    timeout?: number;
    headers?: Record<string, string>;
    /** Each connection sends these in turn, again and again. */
    requests?: AutocannonRequest[];
  };

  type AutocannonResult = {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number };
  };

  /** Emits 'response' (client, statusCode, resBytes, responseTimeMs) and resolves with the result. */
  type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}

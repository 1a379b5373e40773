/** The members of Elastic's RUM core (it ships no types; `@elastic/apm-rum` is built on it) rum-config.test.ts reads. */
declare module '@elastic/apm-rum-core' {
  export const CONFIG_SERVICE: string;
  export function createServiceFactory(): { getService(name: string): unknown };
}

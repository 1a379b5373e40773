/**
 * The browser's address, as recorded by the production server (apps/web/server.mjs), which always overwrites
 * this header, so a browser cannot choose it. Forwarded to the API on calls that count towards the login rate
 * limit (Login, ChangePassword), so the limit counts per browser and not per storefront (ADR 006). Under
 * `react-router dev` no server sets it and the API sees the storefront's own address.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

export function getClientAddress(request: Request): string | undefined {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return address ? address : undefined;
}

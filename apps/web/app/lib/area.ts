import type { AreaInfo } from '@b2b/contract';
import { AREA_DEFAULTS, type AreaId, DEFAULT_AREA_ID, DEFAULT_LANGUAGE_CODE } from '@b2b/contract/constants';

/** Strips the port (and IPv6 brackets) from a Host header value. */
export function getHostName(host: string | null | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value.slice(1) : value.slice(1, end);
  }
  const colon = value.indexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/** spec §1: the area is `us` when the host name (without port) contains "us", otherwise `eu`. */
export function getAreaIdFromHost(host: string | null | undefined): AreaId {
  return getHostName(host).includes('us') ? 'us' : DEFAULT_AREA_ID;
}

/**
 * spec §1: the locale is the visitor's (lib/locale.ts: one the area configures, en-GB as only English is configured);
 * the customer's own currencyCode, when present, overrides the area's default.
 */
export function buildAreaInfo(
  areaId: AreaId,
  customerCurrencyCode?: string | null,
  languageCode: string = DEFAULT_LANGUAGE_CODE,
): AreaInfo {
  return {
    areaId,
    languageCode,
    currencyCode: customerCurrencyCode || AREA_DEFAULTS[areaId].currencyCode,
  };
}

import type { AreaInfo } from '@b2b/contract';

/** The area as the API's GET calls take it in their query (`Area.AreaId`, `Area.LanguageCode`, `Area.CurrencyCode`). */
export function areaQuery(area: AreaInfo) {
  return { 'Area.AreaId': area.areaId, 'Area.LanguageCode': area.languageCode, 'Area.CurrencyCode': area.currencyCode };
}

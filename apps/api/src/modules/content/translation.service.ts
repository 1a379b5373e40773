/** The storefront's texts (spec §7 GetTranslationsByAreaId, §8 `Exceptions.*` messages and the toast texts). */
import type { GetTranslationsByAreaIdQuery, GetTranslationsByAreaIdResponse } from '@b2b/contract';
import type { RequestContext } from '../../context.ts';
import { requireArea } from '../area/area.service.ts';
import { findTranslations } from './content-document.repository.ts';

/**
 * GET /api/Content/GetTranslationsByAreaId (public): every text of the area and language by key; an area the
 * database does not hold answers 404, a language without texts an empty record.
 */
export async function getTranslationsByAreaId(
  ctx: RequestContext,
  input: GetTranslationsByAreaIdQuery,
): Promise<GetTranslationsByAreaIdResponse> {
  await requireArea(ctx, { areaId: input.AreaId });
  const translations = await findTranslations(ctx.db, { areaId: input.AreaId, languageCode: input.LanguageCode });
  return { areaId: input.AreaId, languageCode: input.LanguageCode, translations };
}

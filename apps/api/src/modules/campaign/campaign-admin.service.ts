/**
 * The back office's campaign and discount-code editing (issue 28). Campaigns are edited as issue 27 built them
 * (ADR 029): levels stored highest minimumQuantity first, products, price groups and customers that exist. Every
 * write locks the row it changes, checks the version the editor read (a stale one is a 409 and changes nothing) and
 * records an audit entry in its transaction. Placed orders and invoices keep their own copy of the campaign that
 * priced them, so no edit or deletion here reaches them.
 */
import { createHash } from 'node:crypto';
import type { getCampaignsBySearchBody } from '@b2b/contract';
import {
  type AreaId,
  type CampaignDetail,
  type CampaignQuantity,
  type CampaignState,
  contrastRatio,
  type DiscountCode,
  type DiscountCodesResponse,
  type EditableDiscountCode,
  type GetCampaignsBySearchResponse,
  MIN_SPLASH_CONTRAST_RATIO,
  sortCampaignQuantities,
  type UpdateCampaignBody,
  type UpdateDiscountCodesBody,
} from '@b2b/contract';
import type { z } from 'zod';
import { inTransaction, type RequestContext } from '../../context.ts';
import { AppError, validationError } from '../../errors.ts';
import { recordAuditEntry } from '../audit/audit.service.ts';
import { requestCacheInvalidation } from '../debug/cache-usage.service.ts';
import {
  type CampaignAdminRow,
  type CampaignWrite,
  countSplashesByCode,
  deleteCampaignIfVersion,
  findAllPriceGroups,
  findAreaDiscountCodes,
  findCampaignLinks,
  findCampaignRow,
  findCustomersByNumber,
  findExistingProductIds,
  insertCampaign,
  replaceCampaignLinks,
  searchCampaigns,
  updateAreaDiscountCodes,
  updateCampaignIfVersion,
} from './campaign-admin.repository.ts';

/** Where a campaign stands at `now`: validFrom ≤ now < validTo is active. */
export function campaignStateAt(campaign: { validFrom: Date; validTo: Date }, now: Date): CampaignState {
  if (campaign.validTo.getTime() <= now.getTime()) return 'expired';
  if (campaign.validFrom.getTime() > now.getTime()) return 'future';
  return 'active';
}

function toListEntry(row: CampaignAdminRow, itemCount: number, now: Date) {
  return {
    campaignId: row.id,
    areaId: row.areaId as AreaId,
    name: row.name,
    campaignType: row.campaignType,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    state: campaignStateAt(row, now),
    targeting: row.targeting,
    itemCount,
    campaignQuantities: row.quantities,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** POST /backoffice/api/Campaign/GetBySearch: one page of the campaigns matching the filters. */
export async function getCampaignsBySearch(
  ctx: RequestContext,
  input: z.output<typeof getCampaignsBySearchBody>,
): Promise<GetCampaignsBySearchResponse> {
  const now = new Date();
  const { rows, totalCount } = await searchCampaigns(ctx.db, {
    areaId: input.areaId,
    text: input.text,
    campaignType: input.campaignType,
    state: input.state,
    now,
    sort: input.sort,
    sortDirection: input.sortDirection,
    offset: (input.pageNr - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return {
    campaigns: rows.map((row) => toListEntry(row, row.itemCount, now)),
    totalCount,
    pageNr: input.pageNr,
    pageSize: input.pageSize,
  };
}

async function readCampaignDetail(ctx: RequestContext, campaignId: string): Promise<CampaignDetail> {
  const row = await findCampaignRow(ctx.db, campaignId);
  if (!row) throw new AppError('NotFoundException', `Campaign ${campaignId} was not found.`);
  const links = await findCampaignLinks(ctx.db, campaignId);
  return {
    ...toListEntry(row, links.items.length, new Date()),
    description: row.description,
    bannerImageUrl: row.bannerImageUrl,
    items: links.items.map((item) => ({
      productId: item.productId,
      name: item.name,
      isDiscontinued: item.discontinuedAt !== null,
    })),
    priceGroups: links.priceGroups,
    customers: links.customers,
  };
}

/** GET /backoffice/api/Campaign/GetById: the campaign with its products, price groups and customers by name. */
export async function getCampaignById(ctx: RequestContext, input: { campaignId: string }): Promise<CampaignDetail> {
  return readCampaignDetail(ctx, input.campaignId);
}

/** GET /backoffice/api/Campaign/GetPriceGroups */
export async function getPriceGroups(ctx: RequestContext) {
  return { priceGroups: await findAllPriceGroups(ctx.db) };
}

/** What the audit log keeps of a campaign: its fields and links by the keys staff know. */
function auditSnapshot(detail: CampaignDetail) {
  return {
    areaId: detail.areaId,
    name: detail.name,
    description: detail.description,
    campaignType: detail.campaignType,
    validFrom: detail.validFrom,
    validTo: detail.validTo,
    targeting: detail.targeting,
    campaignQuantities: detail.campaignQuantities,
    items: detail.items.map((item) => item.productId),
    priceGroupIds: detail.priceGroups.map((group) => group.priceGroupId),
    customerNumbers: detail.customers.map((customer) => customer.customerNumber),
    bannerImageUrl: detail.bannerImageUrl,
  };
}

/** "10 % from 12 · 15 % from 24": levels lowest first, as a buyer reads them. */
export function describeLevels(levels: readonly CampaignQuantity[]): string {
  return [...levels]
    .reverse()
    .map((level) => `${level.discountPercentage} % from ${level.minimumQuantity}`)
    .join(' · ');
}

/** The snapshot fields whose values differ, in the snapshot's order. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Checks what the contract cannot: the period, the levels, the targeting's lists, and that every product, price
 * group and customer exists (customers of the campaign's area). Returns the customers' ids. Each refusal names the
 * field and what is wrong, before anything is written.
 */
async function checkCampaignInput(ctx: RequestContext, input: UpdateCampaignBody): Promise<string[]> {
  if (new Date(input.validTo).getTime() <= new Date(input.validFrom).getTime()) {
    throw validationError('validTo', 'must be after validFrom');
  }
  const minimums = input.campaignQuantities.map((level) => level.minimumQuantity);
  const repeated = minimums.find((minimum, index) => minimums.indexOf(minimum) !== index);
  if (repeated !== undefined) {
    throw validationError('campaignQuantities', `has two levels from ${repeated} pieces; each level needs its own`);
  }
  if (input.targeting === 'priceGroups' && input.priceGroupIds.length === 0) {
    throw validationError('priceGroupIds', 'needs at least one price group when targeting price groups');
  }
  if (input.targeting !== 'priceGroups' && input.priceGroupIds.length > 0) {
    throw validationError('priceGroupIds', 'must be empty unless the campaign targets price groups');
  }
  if (input.targeting === 'customers' && input.customerNumbers.length === 0) {
    throw validationError('customerNumbers', 'needs at least one customer when targeting customers');
  }
  if (input.targeting !== 'customers' && input.customerNumbers.length > 0) {
    throw validationError('customerNumbers', 'must be empty unless the campaign targets customers');
  }

  const existingProducts = await findExistingProductIds(ctx.db, input.items);
  const unknownProducts = [...new Set(input.items)].filter((productId) => !existingProducts.has(productId));
  if (unknownProducts.length > 0) {
    throw validationError('items', `names no product for ${unknownProducts.slice(0, 20).join(', ')}`);
  }
  const knownGroups = new Set((await findAllPriceGroups(ctx.db)).map((group) => group.priceGroupId));
  const unknownGroups = input.priceGroupIds.filter((id) => !knownGroups.has(id));
  if (unknownGroups.length > 0) {
    throw validationError('priceGroupIds', `names no price group for ${unknownGroups.join(', ')}`);
  }
  const found = await findCustomersByNumber(ctx.db, input.customerNumbers);
  const byNumber = new Map(found.map((customer) => [customer.customerNumber, customer]));
  const unknownCustomers = input.customerNumbers.filter((number) => !byNumber.has(number));
  if (unknownCustomers.length > 0) {
    throw validationError('customerNumbers', `names no customer for ${unknownCustomers.join(', ')}`);
  }
  const otherArea = found.filter((customer) => customer.areaId !== input.areaId);
  if (otherArea.length > 0) {
    const numbers = otherArea.map((customer) => customer.customerNumber).join(', ');
    throw validationError('customerNumbers', `${numbers} buy in another area than ${input.areaId}`);
  }
  return [...new Set(found.map((customer) => customer.id))];
}

/**
 * POST /backoffice/api/Campaign/Update: creates the campaign (version null; 409 when the id exists, so a repeated
 * create never makes two) or edits it at the version the editor read (409 when another save has passed it; the row
 * is locked first, so of two saves of one version exactly one wins). Levels are stored highest minimumQuantity first
 * (ADR 029). Carts are priced by the change from their next calculation.
 */
export async function updateCampaign(ctx: RequestContext, input: UpdateCampaignBody): Promise<CampaignDetail> {
  const customerIds = await checkCampaignInput(ctx, input);
  const write: CampaignWrite = {
    id: input.campaignId,
    areaId: input.areaId,
    name: input.name,
    description: input.description,
    campaignType: input.campaignType,
    validFrom: new Date(input.validFrom),
    validTo: new Date(input.validTo),
    targeting: input.targeting,
    quantities: sortCampaignQuantities(input.campaignQuantities),
    bannerImageUrl: input.bannerImageUrl || null,
  };
  return inTransaction(ctx, async (txCtx) => {
    const current = await findCampaignRow(txCtx.db, input.campaignId, { forUpdate: true });
    const before = current ? auditSnapshot(await readCampaignDetail(txCtx, input.campaignId)) : null;
    if (input.version === null) {
      if (current) {
        throw new AppError('ConflictException', `Campaign ${input.campaignId} already exists; nothing was saved.`);
      }
      await insertCampaign(txCtx.db, write);
    } else {
      if (!current) throw new AppError('NotFoundException', `Campaign ${input.campaignId} was not found.`);
      const isCurrent = current.version === input.version;
      if (!isCurrent || !(await updateCampaignIfVersion(txCtx.db, { ...write, version: input.version }))) {
        throw new AppError(
          'ConflictException',
          `Campaign ${input.campaignId} was changed by another save (version ${current.version}, you edited ` +
            `version ${input.version}); nothing was saved. Open it again to see the change.`,
        );
      }
    }
    await replaceCampaignLinks(txCtx.db, {
      campaignId: input.campaignId,
      productIds: [...new Set(input.items)],
      priceGroupIds: [...new Set(input.priceGroupIds)],
      customerIds,
    });
    const saved = await readCampaignDetail(txCtx, input.campaignId);
    const after = auditSnapshot(saved);
    const changes = before ? changedFields(before, after) : [];
    // The storefront keeps each buyer's campaign list for minutes (ADR 029): every instance drops it now.
    await requestCacheInvalidation(txCtx, { type: 'campaigns' });
    await recordAuditEntry(txCtx, {
      objectType: 'campaign',
      objectId: input.campaignId,
      action: before ? 'update' : 'create',
      summary: before
        ? `Campaign ${input.campaignId} “${saved.name}”: ${changes.length > 0 ? `changed ${changes.join(', ')}` : 'saved unchanged'}` +
          (changes.includes('campaignQuantities')
            ? ` (levels ${describeLevels(before.campaignQuantities)} → ${describeLevels(after.campaignQuantities)})`
            : '')
        : `Campaign ${input.campaignId} “${saved.name}” created (${saved.areaId}, ${describeLevels(after.campaignQuantities)})`,
      before,
      after,
    });
    return saved;
  });
}

/**
 * POST /backoffice/api/Campaign/Delete: deletes the campaign at the version the editor read (409 when another save
 * has passed it). Orders and invoices keep the campaign they were priced by (ADR 029); banners tied to it stop
 * showing, as they do when a campaign ends.
 */
export async function deleteCampaign(ctx: RequestContext, input: { campaignId: string; version: number }) {
  await inTransaction(ctx, async (txCtx) => {
    const current = await findCampaignRow(txCtx.db, input.campaignId, { forUpdate: true });
    if (!current) throw new AppError('NotFoundException', `Campaign ${input.campaignId} was not found.`);
    const before = auditSnapshot(await readCampaignDetail(txCtx, input.campaignId));
    if (current.version !== input.version || !(await deleteCampaignIfVersion(txCtx.db, input))) {
      throw new AppError(
        'ConflictException',
        `Campaign ${input.campaignId} was changed by another save (version ${current.version}, you read version ` +
          `${input.version}); nothing was deleted.`,
      );
    }
    // The storefront keeps each buyer's campaign list for minutes (ADR 029): every instance drops it now.
    await requestCacheInvalidation(txCtx, { type: 'campaigns' });
    await recordAuditEntry(txCtx, {
      objectType: 'campaign',
      objectId: input.campaignId,
      action: 'delete',
      summary: `Campaign ${input.campaignId} “${current.name}” deleted`,
      before,
      after: null,
    });
  });
}

/** A fingerprint of an area's discount-code list: what UpdateDiscountCodes compares to refuse a stale edit. */
function discountCodesVersion(codes: readonly DiscountCode[]): string {
  return createHash('sha256').update(JSON.stringify(codes)).digest('hex').slice(0, 16);
}

/** The properties a discount code's editor shows; colours a stored code lacks fall back to dark on light. */
function toEditableCode(code: DiscountCode): EditableDiscountCode {
  const { label, backgroundColor, textColor, audience } = code.properties;
  return {
    id: code.id,
    name: code.name,
    label: label || code.name,
    backgroundColor: backgroundColor ?? '#ffffff',
    textColor: textColor ?? '#111827',
    audience: audience === 'customers' ? 'customers' : 'everyone',
  };
}

async function discountCodesAnswer(ctx: RequestContext, areaId: AreaId, codes: DiscountCode[]) {
  const splashes = await countSplashesByCode(ctx.db, areaId);
  return {
    areaId,
    discountCodes: codes.map((code) => ({ ...toEditableCode(code), splashCount: splashes.get(code.id) ?? 0 })),
    version: discountCodesVersion(codes),
  } satisfies DiscountCodesResponse;
}

/** GET /backoffice/api/Area/GetDiscountCodes: the area's discount codes as staff edit them. */
export async function getDiscountCodes(ctx: RequestContext, input: { areaId: AreaId }): Promise<DiscountCodesResponse> {
  const codes = await findAreaDiscountCodes(ctx.db, input.areaId);
  if (!codes) throw new AppError('NotFoundException', `Area ${input.areaId} was not found.`);
  return discountCodesAnswer(ctx, input.areaId, codes);
}

/**
 * POST /backoffice/api/Area/UpdateDiscountCodes: replaces the area's list. Ids are unique; a code whose text has
 * less than 4.5:1 contrast with its background is refused (WCAG 2.2 AA), naming the field and the ratio. Properties
 * the editor does not show (set by other means) are kept on a code that stays. A stale version is a 409.
 */
export async function updateDiscountCodes(
  ctx: RequestContext,
  input: UpdateDiscountCodesBody,
): Promise<DiscountCodesResponse> {
  const seen = new Set<string>();
  input.discountCodes.forEach((code, index) => {
    if (seen.has(code.id)) throw validationError(`discountCodes.${index}.id`, `repeats the id ${code.id}`);
    seen.add(code.id);
    const ratio = contrastRatio(code.backgroundColor, code.textColor);
    if (ratio < MIN_SPLASH_CONTRAST_RATIO) {
      throw validationError(
        `discountCodes.${index}.textColor`,
        `has a contrast of ${ratio.toFixed(2)}:1 against the background ${code.backgroundColor}; at least ` +
          `${MIN_SPLASH_CONTRAST_RATIO}:1 is needed (WCAG 2.2 AA)`,
      );
    }
  });
  const codes = await inTransaction(ctx, async (txCtx) => {
    const current = await findAreaDiscountCodes(txCtx.db, input.areaId, { forUpdate: true });
    if (!current) throw new AppError('NotFoundException', `Area ${input.areaId} was not found.`);
    if (discountCodesVersion(current) !== input.version) {
      throw new AppError(
        'ConflictException',
        `The discount codes of ${input.areaId} were changed by another save; nothing was saved. Open them again.`,
      );
    }
    const previous = new Map(current.map((code) => [code.id, code]));
    const next: DiscountCode[] = input.discountCodes.map((code) => {
      const { audience: _audience, ...kept } = previous.get(code.id)?.properties ?? {};
      return {
        id: code.id,
        name: code.name,
        properties: {
          ...kept,
          label: code.label,
          backgroundColor: code.backgroundColor.toLowerCase(),
          textColor: code.textColor.toLowerCase(),
          ...(code.audience === 'customers' ? { audience: 'customers' } : {}),
        },
      };
    });
    if (JSON.stringify(next) === JSON.stringify(current)) return current;
    await updateAreaDiscountCodes(txCtx.db, input.areaId, next);
    const nextIds = new Set(next.map((code) => code.id));
    const added = next.filter((code) => !previous.has(code.id)).map((code) => code.id);
    const removed = current.filter((code) => !nextIds.has(code.id)).map((code) => code.id);
    const changed = next
      .filter((code) => previous.has(code.id) && JSON.stringify(previous.get(code.id)) !== JSON.stringify(code))
      .map((code) => code.id);
    const parts = [
      added.length > 0 ? `added ${added.join(', ')}` : '',
      changed.length > 0 ? `changed ${changed.join(', ')}` : '',
      removed.length > 0 ? `removed ${removed.join(', ')}` : '',
      added.length + changed.length + removed.length === 0 ? 'reordered' : '',
    ].filter(Boolean);
    await recordAuditEntry(txCtx, {
      objectType: 'discount-code',
      objectId: input.areaId,
      action: 'update',
      summary: `Discount codes of ${input.areaId}: ${parts.join('; ')}`,
      before: current,
      after: next,
    });
    return next;
  });
  return discountCodesAnswer(ctx, input.areaId, codes);
}

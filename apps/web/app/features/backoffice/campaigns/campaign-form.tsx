import type { CampaignDetail, CampaignTargeting } from '@b2b/contract';
import { useId, useState } from 'react';
import { Form } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button } from '~/components/ui/button.tsx';
import { TextField } from '~/components/ui/text-field.tsx';
import { CAMPAIGN_AREA_IDS, CAMPAIGN_TYPE_LABELS, TARGETING_LABELS, toUtcInputValue } from './campaign-form-data.ts';
import type { WriteRefusal } from './campaigns.server.ts';
import { SelectField, TextAreaField } from './fields.tsx';

type PriceGroup = { priceGroupId: string; name: string };
type LevelRow = { key: number; minimumQuantity: string; discountPercentage: string };

const BOX = 'rounded-lg border border-neutral-200 bg-white p-4';
const SMALL_INPUT =
  'w-28 rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-sm text-neutral-900 aria-invalid:border-red-500';

/**
 * The levels of a campaign, shown lowest first as a buyer climbs them (the API stores them highest first, ADR 029).
 * Rows are added and removed here; a row left empty is not saved.
 */
function LevelsEditor({
  initial,
  error,
}: {
  initial: CampaignDetail['campaignQuantities'];
  error?: string | undefined;
}) {
  const headingId = useId();
  const errorId = useId();
  const startRows = [...initial].reverse().map((level, index) => ({
    key: index,
    minimumQuantity: String(level.minimumQuantity),
    discountPercentage: String(level.discountPercentage),
  }));
  const [rows, setRows] = useState<LevelRow[]>(
    startRows.length > 0 ? startRows : [{ key: 0, minimumQuantity: '', discountPercentage: '' }],
  );
  const update = (key: number, field: 'minimumQuantity' | 'discountPercentage', value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const filled = rows
    .filter((row) => row.minimumQuantity !== '' && row.discountPercentage !== '')
    .sort((a, b) => Number(a.minimumQuantity) - Number(b.minimumQuantity));
  return (
    <fieldset className={BOX} aria-describedby={error ? errorId : undefined}>
      <legend id={headingId} className="px-1 text-base font-semibold">
        Levels
      </legend>
      <p className="text-sm text-neutral-700">
        From a quantity on, a percentage off the customer’s net price. A Campaign counts each product’s own pieces; a
        mix & match counts all the campaign’s products in the cart together.
      </p>
      <table className="mt-3 text-sm" aria-labelledby={headingId}>
        <thead>
          <tr className="text-left text-neutral-700">
            <th scope="col" className="py-1 pr-3 font-medium">
              From quantity
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Discount %
            </th>
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key} data-testid="level-row">
              <td className="py-1 pr-3">
                <input
                  type="number"
                  name="minimumQuantity"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  aria-label={`Level ${index + 1}: from quantity`}
                  aria-invalid={error ? true : undefined}
                  value={row.minimumQuantity}
                  onChange={(event) => update(row.key, 'minimumQuantity', event.target.value)}
                  className={SMALL_INPUT}
                />
              </td>
              <td className="py-1 pr-3">
                <input
                  type="number"
                  name="discountPercentage"
                  min={0}
                  max={100}
                  step={0.01}
                  inputMode="decimal"
                  aria-label={`Level ${index + 1}: discount percent`}
                  aria-invalid={error ? true : undefined}
                  value={row.discountPercentage}
                  onChange={(event) => update(row.key, 'discountPercentage', event.target.value)}
                  className={SMALL_INPUT}
                />
              </td>
              <td className="py-1">
                <Button
                  severity="white"
                  className="px-2 py-1"
                  aria-label={`Remove level ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        severity="secondary"
        className="mt-2 px-3 py-1.5"
        disabled={rows.length >= 10}
        onClick={() =>
          setRows((current) => [
            ...current,
            { key: Math.max(...current.map((row) => row.key)) + 1, minimumQuantity: '', discountPercentage: '' },
          ])
        }
      >
        Add level
      </Button>
      <p className="mt-3 text-sm text-neutral-700" data-testid="levels-preview">
        Buyers read:{' '}
        {filled.length > 0
          ? filled.map((row) => `${row.discountPercentage} % from ${row.minimumQuantity} pcs`).join(' · ')
          : 'no level yet'}
      </p>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Who gets the campaign: every customer of its area, price groups, or named customers (by customer number). */
function TargetingEditor({
  campaign,
  priceGroups,
  fieldErrors,
}: {
  campaign: CampaignDetail | null;
  priceGroups: readonly PriceGroup[];
  fieldErrors: Record<string, string>;
}) {
  const [targeting, setTargeting] = useState<CampaignTargeting>(campaign?.targeting ?? 'all');
  const chosenGroups = new Set(campaign?.priceGroups.map((group) => group.priceGroupId));
  return (
    <fieldset className={BOX}>
      <legend className="px-1 text-base font-semibold">Who gets it</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(Object.keys(TARGETING_LABELS) as CampaignTargeting[]).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="targeting"
              value={value}
              checked={targeting === value}
              onChange={() => setTargeting(value)}
            />
            {TARGETING_LABELS[value]}
          </label>
        ))}
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <fieldset
          className="rounded-md border border-neutral-200 p-3 disabled:opacity-60"
          disabled={targeting !== 'priceGroups'}
          aria-describedby={fieldErrors.priceGroupIds ? 'price-groups-error' : undefined}
        >
          <legend className="px-1 text-sm font-medium">Price groups</legend>
          {priceGroups.length === 0 ? <p className="text-sm text-neutral-700">The shop has no price groups.</p> : null}
          <ul className="flex flex-col gap-1">
            {priceGroups.map((group) => (
              <li key={group.priceGroupId}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="priceGroupIds"
                    value={group.priceGroupId}
                    defaultChecked={chosenGroups.has(group.priceGroupId)}
                  />
                  {group.name} <span className="text-neutral-600">({group.priceGroupId})</span>
                </label>
              </li>
            ))}
          </ul>
          {fieldErrors.priceGroupIds ? (
            <p id="price-groups-error" className="mt-1 text-sm text-red-700">
              {fieldErrors.priceGroupIds}
            </p>
          ) : null}
        </fieldset>
        <div>
          <TextAreaField
            label="Customer numbers"
            name="customerNumbers"
            hint="One a line or separated by commas; customers of the campaign’s area."
            rows={4}
            disabled={targeting !== 'customers'}
            defaultValue={campaign?.customers.map((customer) => customer.customerNumber).join('\n')}
            error={fieldErrors.customerNumbers}
          />
          {campaign && campaign.customers.length > 0 ? (
            <ul className="mt-2 text-sm text-neutral-700" aria-label="Customers of the campaign">
              {campaign.customers.map((customer) => (
                <li key={customer.customerId}>
                  {customer.customerNumber} · {customer.name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}

/**
 * The campaign's edit form (issue 28): a new campaign when `campaign` is null. The version it was read at travels
 * with it, so a save over someone else's newer one is refused (and what was typed stays in the form).
 */
export function CampaignForm({
  campaign,
  priceGroups,
  refusal,
  isSubmitting,
}: {
  campaign: CampaignDetail | null;
  priceGroups: readonly PriceGroup[];
  refusal: WriteRefusal | undefined;
  isSubmitting: boolean;
}) {
  const fieldErrors = refusal?.fieldErrors ?? {};
  return (
    <Form method="post" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" defaultValue={campaign ? String(campaign.version) : ''} />
      <input type="hidden" name="originalValidFrom" defaultValue={campaign?.validFrom ?? ''} />
      <input type="hidden" name="originalValidTo" defaultValue={campaign?.validTo ?? ''} />
      {refusal ? (
        <Alert title={refusal.isStale ? 'Not saved: someone else saved first' : 'Not saved'}>
          <p>{refusal.message}</p>
          {refusal.isStale ? (
            <p className="mt-1">What you typed is still here. Reload the page to see their version.</p>
          ) : null}
        </Alert>
      ) : null}
      <fieldset className={`${BOX} grid gap-4 md:grid-cols-2`}>
        <legend className="px-1 text-base font-semibold">Campaign</legend>
        {campaign ? (
          <input type="hidden" name="campaignId" value={campaign.campaignId} />
        ) : (
          <TextField
            label="Campaign id"
            name="campaignId"
            hint="Lower-case letters, digits and dashes; it never changes once saved."
            placeholder="eu-spring-deck-deal"
            required
            error={fieldErrors.campaignId}
          />
        )}
        <SelectField label="Area" name="areaId" defaultValue={campaign?.areaId ?? 'eu'} error={fieldErrors.areaId}>
          {CAMPAIGN_AREA_IDS.map((areaId) => (
            <option key={areaId} value={areaId}>
              {areaId.toUpperCase()}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Name"
          name="name"
          defaultValue={campaign?.name}
          maxLength={120}
          required
          error={fieldErrors.name}
        />
        <SelectField
          label="Type"
          name="campaignType"
          defaultValue={campaign?.campaignType ?? 'Campaign'}
          error={fieldErrors.campaignType}
        >
          {Object.entries(CAMPAIGN_TYPE_LABELS).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Valid from (UTC)"
          name="validFrom"
          type="datetime-local"
          defaultValue={campaign ? toUtcInputValue(campaign.validFrom) : ''}
          required
          error={fieldErrors.validFrom}
        />
        <TextField
          label="Valid to (UTC)"
          name="validTo"
          type="datetime-local"
          hint="The first moment it no longer applies."
          defaultValue={campaign ? toUtcInputValue(campaign.validTo) : ''}
          required
          error={fieldErrors.validTo}
        />
        <TextAreaField
          label="Description"
          name="description"
          hint="What the campaign page says about it."
          rows={3}
          maxLength={2000}
          defaultValue={campaign?.description}
          error={fieldErrors.description}
          className="md:col-span-2"
        />
        <TextField
          label="Banner image (site path)"
          name="bannerImageUrl"
          placeholder="/images/campaigns/deck-deal.jpg"
          defaultValue={campaign?.bannerImageUrl ?? ''}
          error={fieldErrors.bannerImageUrl}
          className="md:col-span-2"
        />
      </fieldset>
      <LevelsEditor initial={campaign?.campaignQuantities ?? []} error={fieldErrors.campaignQuantities} />
      <fieldset className={BOX}>
        <legend className="px-1 text-base font-semibold">Products</legend>
        <TextAreaField
          label="Product ids"
          name="items"
          hint="One a line or separated by commas. Every id must name a product of the catalogue."
          rows={5}
          defaultValue={campaign?.items.map((item) => item.productId).join('\n')}
          error={fieldErrors.items}
        />
        {campaign && campaign.items.length > 0 ? (
          <section
            aria-label="Products as saved"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className="mt-3 max-h-72 overflow-auto rounded-md border border-neutral-200 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            <table className="w-full text-left text-sm" data-testid="campaign-items">
              <caption className="sr-only">The campaign’s products as saved</caption>
              <thead className="sticky top-0 border-b border-neutral-200 bg-neutral-50 text-neutral-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Product id
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Name
                  </th>
                </tr>
              </thead>
              <tbody>
                {campaign.items.map((item) => (
                  <tr key={item.productId} className="border-b border-neutral-100 last:border-0">
                    <td className="px-3 py-1.5 tabular-nums">{item.productId}</td>
                    <td className="px-3 py-1.5">
                      {item.name}
                      {item.isDiscontinued ? (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                          Discontinued: not sold through the campaign
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </fieldset>
      <TargetingEditor campaign={campaign} priceGroups={priceGroups} fieldErrors={fieldErrors} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : campaign ? 'Save campaign' : 'Create campaign'}
        </Button>
        <p className="text-sm text-neutral-700">
          Carts are priced by the change at their next calculation; placed orders keep their prices.
        </p>
      </div>
    </Form>
  );
}

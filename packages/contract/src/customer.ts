import { z } from 'zod';
import { areaInfoSchema } from './common.ts';

/** Two upper-case letters (ISO 3166-1 alpha-2), e.g. DK, US. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be two upper-case letters (ISO 3166-1 alpha-2)')
  .describe('Country code, ISO 3166-1 alpha-2 (e.g. DK, US).');

/** A ship-to address of the customer (spec §3 Cart: shipping address; §7 GetAddresses). */
export const customerAddressSchema = z.object({
  addressId: z.uuid().describe('Id of the address; pass it back when choosing the ship-to address.'),
  name: z.string().describe('Name of the receiving site, e.g. "Main warehouse".'),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: countryCodeSchema,
  isDefault: z.boolean().describe('The address checkout preselects.'),
});
export type CustomerAddress = z.infer<typeof customerAddressSchema>;

/** POST /api/Customer/GetAddresses: the ship-to addresses of the customer the caller acts for. */
export const getAddressesBody = z.object({ area: areaInfoSchema }).strict();

export const getAddressesResponse = z.object({
  addresses: z
    .array(customerAddressSchema)
    .describe("The customer's ship-to addresses, the default one first, then by name."),
});
export type GetAddressesResponse = z.infer<typeof getAddressesResponse>;

import { z } from 'zod';
import { areaIdSchema, areaInfoSchema, currencyCodeSchema, languageCodeSchema } from './common.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants.ts';

export const ROLES = ['customer', 'impersonation', 'backoffice'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

const usernameSchema = z.string().trim().min(1, 'is required').max(100).describe('Login name.');
/** Passwords: at least 8 characters for new ones; any non-empty string may be tried at login. */
const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .describe('The new password.');

/** POST /api/User/Login */
export const loginBody = z
  .object({
    area: areaInfoSchema,
    username: usernameSchema,
    password: z.string().min(1, 'is required').max(200).describe('The password.'),
  })
  .strict();

export const tokenResponse = z.object({
  accessToken: z.string().describe('Short-lived bearer token (JWT).'),
  refreshToken: z.string().describe('Long-lived, single-use token that GetAccessToken exchanges for a new pair.'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST /api/User/GetAccessToken: rotates the refresh token; one replayed later than 30 s revokes its whole family. */
export const getAccessTokenBody = z.object({ refreshToken: z.string().min(1, 'is required').max(500) }).strict();

/**
 * POST /api/User/Logout: ends the session the refresh token belongs to (its whole family is revoked), so a copy of
 * the cookie is worthless afterwards. Not in the spec's call list; the storefront's logout calls it (spec §4).
 */
export const logoutBody = z.object({ refreshToken: z.string().min(1, 'is required').max(500) }).strict();

/** POST /api/User/GenerateNotLoggedInToken: a token for an anonymous visitor. */
export const generateNotLoggedInTokenBody = z.object({ area: areaInfoSchema }).strict();
export const notLoggedInTokenResponse = z.object({ accessToken: z.string() });

/** POST /api/User/ChangePassword */
export const changePasswordBody = z
  .object({
    area: areaInfoSchema,
    currentPassword: z.string().min(1, 'is required').max(200),
    newPassword: newPasswordSchema,
  })
  .strict()
  .refine((body) => body.currentPassword !== body.newPassword, {
    path: ['newPassword'],
    message: 'must differ from the current password',
  });
export const changePasswordResponse = tokenResponse.describe(
  'A fresh token pair for this session; all other sessions are revoked.',
);

/**
 * POST /api/User/RecoverPassword (spec §7): mails the user a one-time link to `tokenUrl` with `token` and `username`
 * query parameters. Answers 204 whether or not the username exists, so it tells nobody which accounts exist.
 */
export const recoverPasswordBody = z
  .object({
    area: areaInfoSchema,
    username: usernameSchema,
    tokenUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .describe("The storefront page (without query) the mailed link opens; it must be the shop's own."),
  })
  .strict();

const recoveryTokenSchema = z.string().min(1, 'is required').max(200).describe('The token from the mailed link.');

/** POST /api/User/VerifyToken (spec §7): 200 when the recovery token is valid for the user, else 401. */
export const verifyTokenBody = z
  .object({ area: areaInfoSchema, username: usernameSchema, token: recoveryTokenSchema })
  .strict();
export const verifyTokenResponse = z.object({
  isValid: z.literal(true),
  expiresAt: z.iso.datetime({ offset: true }).describe('Until when the token can set a new password.'),
});
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponse>;

/** POST /api/User/ResetPasswordByToken (spec §7): sets the new password once per token; all sessions end. */
export const resetPasswordByTokenBody = z
  .object({
    area: areaInfoSchema,
    username: usernameSchema,
    token: recoveryTokenSchema,
    newPassword: newPasswordSchema,
  })
  .strict();

/** POST /backoffice/api/User/GetRecoveryMailTemplates: the texts the recovery mail is built from. */
export const getRecoveryMailTemplatesBody = z.object({ area: areaInfoSchema.optional() }).strict();
export const recoveryMailTemplateSchema = z.object({
  kind: z.literal('password-recovery'),
  subject: z.string(),
  text: z.string().describe('Placeholders: {name}, {link}, {validMinutes}.'),
  areaId: areaIdSchema.describe('The area the text is sent in (edited per area: Mail/UpdateTemplate).'),
  languageCode: languageCodeSchema,
  isCustomised: z.boolean().describe('Whether staff edited it; false: the built-in text.'),
});
export const getRecoveryMailTemplatesResponse = z.object({ templates: z.array(recoveryMailTemplateSchema) });
export type GetRecoveryMailTemplatesResponse = z.infer<typeof getRecoveryMailTemplatesResponse>;

export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  countryCode: z.string().length(2),
  isDefault: z.boolean(),
});

export const customerSchema = z.object({
  customerNumber: z.string(),
  name: z.string(),
  areaId: areaIdSchema,
  currencyCode: currencyCodeSchema.describe("The customer's own currency when set, else the area's (spec §1)."),
  priceGroup: z.string(),
  addresses: z.array(addressSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const userSchema = z.object({
  username: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  customerNumber: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/User/GetUser */
export const getUserResponse = z.object({
  user: userSchema,
  customer: customerSchema.nullable(),
});
export type GetUserResponse = z.infer<typeof getUserResponse>;

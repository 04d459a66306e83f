import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, hasNoControlChars } from './validators.js';

/** Sign-in (wave 4, issue #47): a second factor, passkeys and the user's devices. */

const plainText = () => z.string().refine((v) => hasNoControlChars(v), CONTROL_CHARS_MESSAGE);

/** A TOTP code (6 digits) or a backup code (10 characters, dashes and spaces ignored). */
export const secondFactorCodeSchema = z.string().trim().min(6).max(20);

export const loginTwoFactorRequestSchema = z.object({
  challenge: z.string().min(10).max(200),
  code: secondFactorCodeSchema,
});
export const twoFactorEnableRequestSchema = z.object({ code: secondFactorCodeSchema });
export const twoFactorDisableRequestSchema = z.object({
  password: z.string().min(1).max(128),
  code: secondFactorCodeSchema,
});

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

/** `GET /users/me/2fa`: whether it is on and how many backup codes are left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), backupCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const PASSKEY_NAME_MAX = 60;
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyRenameRequestSchema = z.object({ name: plainText().trim().min(1).max(PASSKEY_NAME_MAX) });
export const passkeyLoginOptionsRequestSchema = z.object({ email: z.string().trim().max(254).optional() });

/** A WebAuthn credential's `toJSON()` (checked in depth by the verifier). */
export const webauthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  authenticatorAttachment: z.string().nullable().optional(),
});
export const passkeyRegisterVerifyRequestSchema = z.object({
  credential: webauthnResponseSchema,
  name: plainText().trim().max(PASSKEY_NAME_MAX).optional(),
});
export const passkeyLoginVerifyRequestSchema = z.object({ credential: webauthnResponseSchema });

/** `GET /users/me/sessions`: the user's signed-in devices (`device` in words from the user agent). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  /** The address it signed in from (null for sessions older than migration 0032). */
  ip: z.string().nullable(),
  device: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/**
 * `POST /users/me/reauth`: the owner proves it is them again (one of a password, a second-factor
 * code or a passkey assertion) before removing a passkey, signing a device out or unlinking.
 */
export const reauthRequestSchema = z
  .object({
    password: z.string().min(1).max(128).optional(),
    code: secondFactorCodeSchema.optional(),
    credential: webauthnResponseSchema.optional(),
  })
  .refine((v) => [v.password, v.code, v.credential].filter((x) => x !== undefined).length === 1, {
    message: 'Give one of password, code or credential.',
  });

/** `GET /users/me/identities`: the outside identities (OpenID providers) linked to the account. */
export const linkedIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;

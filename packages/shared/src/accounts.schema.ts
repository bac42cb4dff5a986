import { z } from 'zod';
import { MOBILE_AREAS } from './enums.ts';
import { LOCALES } from './locales.ts';
import { heldPositionSchema } from './positions.schema.ts';
import { rawTextSchema, requiredTextSchema, textSchema } from './primitives.ts';
import { idReplySchema } from './wire.ts';

/** Issue messages are keys of VALIDATION_MESSAGES; each side translates them. */
export const mobileAreaSchema = z.enum(MOBILE_AREAS, { message: 'invalid' }).default('+86');

const MAINLAND_MOBILE = /^1[345789]\d{9}$/;
const HONG_KONG_MOBILE = /^[4-9]\d{7}$/;

export function isValidMobile(mobile: string, area: string = '+86'): boolean {
  return (area === '+852' ? HONG_KONG_MOBILE : MAINLAND_MOBILE).test(mobile);
}

export const mobileSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{8,11}$/, { message: 'mobile' });
export const emailSchema = z
  .string({ message: 'required' })
  .trim()
  .toLowerCase()
  .max(254, 'tooLong')
  .email({ message: 'email' });
export const codeSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{6}$/, { message: 'code6' });
export const usernameSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9._-]{2,31}$/, { message: 'username' });

/** "Must contain lowercase, uppercase and digits" (spec §5); any Unicode is allowed beside them. */
export const passwordSchema = rawTextSchema(256)
  .min(8, { message: 'password' })
  .refine((p) => /\p{Ll}/u.test(p) && /\p{Lu}/u.test(p) && /\d/.test(p), { message: 'password' });

const mobileRule = (v: { mobile: string; mobileArea: string }) => isValidMobile(v.mobile, v.mobileArea);

export const registerSchema = z
  .object({
    username: usernameSchema,
    mobileArea: mobileAreaSchema,
    mobile: mobileSchema,
    email: emailSchema,
    code: codeSchema,
    password: passwordSchema,
    password2: rawTextSchema(256),
    agreement: z.literal(true, { message: 'agreement' }),
  })
  .refine(mobileRule, { message: 'mobile', path: ['mobile'] })
  .refine((v) => v.password === v.password2, { message: 'passwordMismatch', path: ['password2'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const mobileCodeRequestSchema = z
  .object({ mobileArea: mobileAreaSchema, mobile: mobileSchema })
  .refine(mobileRule, { message: 'mobile', path: ['mobile'] });

export const passwordLoginSchema = z.object({
  username: requiredTextSchema(254),
  password: rawTextSchema(256).min(1, 'required'),
  isPhone: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

export const smsLoginSchema = z
  .object({ mobileArea: mobileAreaSchema, mobile: mobileSchema, code: codeSchema })
  .refine(mobileRule, { message: 'mobile', path: ['mobile'] });

export const forgetCodeRequestSchema = z.object({
  account: requiredTextSchema(254),
});
export const validateForgetCodeSchema = z.object({ account: requiredTextSchema(254), code: codeSchema });
export const resetPasswordSchema = z
  .object({
    account: requiredTextSchema(254),
    ticket: rawTextSchema(256).min(1, 'required'),
    password: passwordSchema,
    password2: rawTextSchema(256),
  })
  .refine((v) => v.password === v.password2, { message: 'passwordMismatch', path: ['password2'] });

export const changePasswordSchema = z
  .object({
    password: rawTextSchema(256).min(1, 'required'),
    newpassword1: passwordSchema,
    newpassword2: rawTextSchema(256),
  })
  .refine((v) => v.newpassword1 === v.newpassword2, { message: 'passwordMismatch', path: ['newpassword2'] });

export const validatePasswordSchema = z.object({ password: rawTextSchema(256).min(1, 'required') });

export const modifyMobileCodeSchema = z
  .object({ mobileArea: mobileAreaSchema, newMobile: mobileSchema })
  .refine((v) => isValidMobile(v.newMobile, v.mobileArea), { message: 'mobile', path: ['newMobile'] });

export const modifyMobileSchema = z
  .object({ mobileArea: mobileAreaSchema, newMobile: mobileSchema, newMobileCode: codeSchema })
  .refine((v) => isValidMobile(v.newMobile, v.mobileArea), { message: 'mobile', path: ['newMobile'] });

export const personalDataSchema = z.object({
  name: textSchema(64).optional(),
  introduction: textSchema(500).optional(),
  avatarUrl: rawTextSchema(500).nullable().optional(),
});

export const userSettingsSchema = z.object({
  theme: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'invalid')
    .optional(),
  tagsView: z.boolean().optional(),
  fixedHeader: z.boolean().optional(),
  sidebarLogo: z.boolean().optional(),
  supportPinyinSearch: z.boolean().optional(),
  /** The language chosen last: what is sent to the user (e-mails, messages) is written in it. */
  language: z.enum(LOCALES, { message: 'invalid' }).optional(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The settings as they are in force: every one present, the defaults filling what the user never set. */
export const userSettingsReplySchema = z.object({
  theme: z.string(),
  tagsView: z.boolean(),
  fixedHeader: z.boolean(),
  sidebarLogo: z.boolean(),
  supportPinyinSearch: z.boolean(),
  /** The user's language, or the request's while they have chosen none. */
  language: z.enum(LOCALES),
});

/** GET /gateway/admin/user/info */
export const userInfoSchema = z.object({
  sysUser: z.object({
    userId: idReplySchema,
    username: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    mobileArea: z.string(),
    email: z.string().nullable(),
    tenantId: idReplySchema.nullable(),
  }),
  sysUserInfo: z.object({ photoUrl: z.string().nullable(), introduction: z.string().nullable() }),
  sysUserSeeting: userSettingsReplySchema,
  permissions: z.array(z.string()),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
  isJoin: z.boolean(),
  dept: z.object({ deptId: idReplySchema, deptName: z.string() }).nullable(),
  /** The active enterprise; instants are shown in its time zone. */
  tenant: z.object({ id: idReplySchema, name: z.string(), compNo: z.string(), timeZone: z.string() }).nullable(),
  /** Positions held in the active enterprise, the one in force marked (spec §4 switch roles). */
  positions: z.array(heldPositionSchema),
  activePositionId: idReplySchema.nullable(),
  /** Position flags of spec §6 in force for this session. */
  showPrice: z.boolean(),
  showSupplier: z.boolean(),
});
export type UserInfo = z.input<typeof userInfoSchema>;

/**
 * OAuth-style token reply of POST /gateway/auth/oauth/token, sent as it is (no `{code, msg, data}`
 * envelope): OAuth clients read these four fields at the top level.
 */
export const tokenReplySchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds. */
  expires_in: z.number().int().positive(),
  scope: z.literal('server'),
});
export type TokenReply = z.input<typeof tokenReplySchema>;

export const registeredUserSchema = z.object({ userId: idReplySchema, username: z.string() });

/** Proof of the forgotten-password code, spent by the reset step. */
export const resetTicketSchema = z.object({ ticket: z.string() });

export const joinStatusSchema = z.object({ isJoin: z.boolean() });

export const oidcConfigSchema = z.object({ enabled: z.boolean(), name: z.string() });

export const qrTicketSchema = z.object({
  id: idReplySchema,
  secret: z.string(),
  url: z.string(),
  svg: z.string(),
  /** Seconds. */
  expiresIn: z.number().int(),
});
export type QrTicket = z.input<typeof qrTicketSchema>;

export const QR_STATUSES = ['waiting', 'scanned', 'confirmed', 'expired'] as const;
export type QrStatus = (typeof QR_STATUSES)[number];

/** A poll of the waiting browser: the token fields come once, with the first `confirmed`. */
export const qrPollSchema = z.object({ status: z.enum(QR_STATUSES), ...tokenReplySchema.partial().shape });
export type QrPoll = z.input<typeof qrPollSchema>;

/** Who asked for a QR ticket, shown on the confirming phone so a relayed code is noticed (QR-jacking). */
export const qrRequesterSchema = z.object({
  /** The browser and system, e.g. "Chrome 126 · Windows"; null when the request named none. */
  agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** Whether the confirming device comes from the same address. */
  sameAddress: z.boolean(),
});
export type QrRequester = z.input<typeof qrRequesterSchema>;

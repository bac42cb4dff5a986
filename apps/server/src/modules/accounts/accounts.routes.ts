import {
  changePasswordSchema,
  forgetCodeRequestSchema,
  mobileCodeRequestSchema,
  modifyMobileCodeSchema,
  modifyMobileSchema,
  passwordLoginSchema,
  personalDataSchema,
  rawTextSchema,
  registerSchema,
  resetPasswordSchema,
  smsLoginSchema,
  userSettingsSchema,
  validateForgetCodeSchema,
  validatePasswordSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, throttle } from '../../platform/http.ts';
import { serverSecret } from '../../platform/secrets.ts';
import type { Services } from '../../platform/services.ts';
import * as accounts from './accounts.service.ts';
import { signInClient } from './devices.ts';
import { registerAccountPurge } from './purge.ts';

const SENT = {
  'en-US': 'The verification code has been sent',
  'zh-CN': '验证码已发送',
  'zh-TW': '驗證碼已發送',
} as const;

/** An avatar is shown as an image: only a path of this site or an http(s) address, never script or data. */
const isSafeAvatarUrl = (url: string | null | undefined) =>
  !url || (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) || /^https?:\/\/[^/\s]/i.test(url);

const personalDataInput = personalDataSchema.refine((v) => isSafeAvatarUrl(v.avatarUrl), {
  message: 'invalid',
  path: ['avatarUrl'],
});

export function registerAccountRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = s.config.rateLimits;
  // At start: the first start generates the secret, and a bad SERVER_SECRET stops the start, not a login.
  serverSecret(s.config);
  registerAccountPurge(s.jobs);

  // Only a flood guard: the sign-in throttle counts failures in the database, and a successful sign-in
  // must not count against an office's shared address (S-11: 200 staff behind one NAT at shift start).
  r.post(
    '/gateway/auth/oauth/token',
    {
      config: { access: 'public', ...throttle(limits, 600) },
      schema: {
        tags: ['accounts'],
        summary: 'Password or SMS-code login; replies an OAuth-style token (not enveloped)',
        querystring: z.object({
          grant_type: z.enum(['password', 'sms']).default('password'),
          scope: rawTextSchema(64).optional(),
          switching: rawTextSchema(64).optional(),
        }),
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const client = signInClient(s, req, reply);
      if (req.query.grant_type === 'sms') return accounts.loginWithSmsCode(s, smsLoginSchema.parse(req.body), client);
      return accounts.loginWithPassword(s, passwordLoginSchema.parse(req.body), client);
    },
  );

  r.get(
    '/gateway/auth/token/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'] } },
    async (req) => {
      await accounts.logout(s, req.auth!);
      return ok(null);
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getRegisterCode',
    {
      config: { access: 'public', ...throttle(limits, 5) },
      schema: { tags: ['accounts'], querystring: mobileCodeRequestSchema },
    },
    async (req) => {
      await accounts.sendRegisterCode(s, req.query, req.locale);
      return ok(null, SENT[req.locale]);
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getLoginCode',
    {
      config: { access: 'public', ...throttle(limits, 5) },
      schema: { tags: ['accounts'], querystring: mobileCodeRequestSchema },
    },
    async (req) => {
      await accounts.sendLoginCode(s, req.query, req.locale);
      return ok(null, SENT[req.locale]);
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/userRegister',
    { config: { access: 'public', ...throttle(limits, 10) }, schema: { tags: ['accounts'], body: registerSchema } },
    async (req) => ok(await accounts.registerUser(s, req.body)),
  );

  r.get(
    '/gateway/admin/sysuserinfo/getForgetPswdCode',
    {
      config: { access: 'public', ...throttle(limits, 5) },
      schema: { tags: ['accounts'], querystring: forgetCodeRequestSchema },
    },
    async (req) => {
      await accounts.sendForgetPasswordCode(s, req.query.account, req.locale);
      return ok(null, SENT[req.locale]);
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/validateForgetPswdCode',
    {
      config: { access: 'public', ...throttle(limits, 10) },
      schema: { tags: ['accounts'], body: validateForgetCodeSchema },
    },
    async (req, reply) => ok(await accounts.validateForgetPasswordCode(s, req.body, signInClient(s, req, reply))),
  );

  r.post(
    '/gateway/admin/sysuserinfo/resetPaswd',
    {
      config: { access: 'public', ...throttle(limits, 10) },
      schema: { tags: ['accounts'], body: resetPasswordSchema },
    },
    async (req) => {
      await accounts.resetPassword(s, req.body);
      return ok(null);
    },
  );

  r.get(
    '/gateway/admin/user/info',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'] } },
    async (req) => ok(await accounts.getUserInfo(s, req.auth!)),
  );

  r.get(
    '/gateway/admin/sysuserinfo/userIsJoinComp',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'] } },
    async (req) => ok(await accounts.isJoined(s, req.auth!)),
  );

  r.post(
    '/gateway/admin/user/editPassword',
    {
      config: { access: 'authenticated', ...throttle(limits, 10) },
      schema: { tags: ['accounts'], body: changePasswordSchema },
    },
    async (req, reply) => {
      await accounts.changePassword(s, req.auth!, req.body, signInClient(s, req, reply));
      return ok(null);
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/validatePassword',
    {
      config: { access: 'authenticated', ...throttle(limits, 10) },
      schema: { tags: ['accounts'], body: validatePasswordSchema },
    },
    async (req, reply) => {
      await accounts.validatePassword(s, req.auth!, req.body.password, signInClient(s, req, reply));
      return ok(null);
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getModifyMobileCode',
    {
      config: { access: 'authenticated', ...throttle(limits, 5) },
      schema: { tags: ['accounts'], querystring: modifyMobileCodeSchema },
    },
    async (req) => {
      await accounts.sendModifyMobileCode(s, req.auth!, req.query, req.locale);
      return ok(null, SENT[req.locale]);
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/modifyMobile',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'], body: modifyMobileSchema } },
    async (req) => {
      await accounts.modifyMobile(s, req.auth!, req.body);
      return ok(null);
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/updatePersonalData',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'], body: personalDataInput } },
    async (req) => {
      await accounts.updatePersonalData(s, req.auth!, req.body);
      return ok(null);
    },
  );

  r.post(
    '/gateway/admin/user/settings',
    { config: { access: 'authenticated' }, schema: { tags: ['accounts'], body: userSettingsSchema } },
    async (req) => ok(await accounts.updateUserSettings(s, req.auth!, req.body)),
  );
}

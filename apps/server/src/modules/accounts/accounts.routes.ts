import {
  changePasswordSchema,
  forgetCodeRequestSchema,
  joinStatusSchema,
  type Locale,
  mobileCodeRequestSchema,
  modifyMobileCodeSchema,
  modifyMobileSchema,
  noReplySchema,
  passwordLoginSchema,
  personalDataSchema,
  rawTextSchema,
  registeredUserSchema,
  registerSchema,
  renderText,
  resetPasswordSchema,
  resetTicketSchema,
  smsLoginSchema,
  text,
  tokenReplySchema,
  userInfoSchema,
  userSettingsReplySchema,
  userSettingsSchema,
  validateForgetCodeSchema,
  validatePasswordSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import { serverSecret } from '../../platform/secrets.ts';
import type { Services } from '../../platform/services.ts';
import * as accounts from './accounts.service.ts';
import { signInClient } from './devices.ts';
import { registerAccountPurge } from './purge.ts';

const codeSent = (locale: Locale) => renderText(text('accounts.codeSent'), locale);

/** An avatar is shown as an image: only a path of this site or an http(s) address, never script or data. */
const isSafeAvatarUrl = (url: string | null | undefined) =>
  !url || (url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')) || /^https?:\/\/[^/\s]/i.test(url);

const personalDataInput = personalDataSchema.refine((v) => isSafeAvatarUrl(v.avatarUrl), {
  message: 'invalid',
  path: ['avatarUrl'],
});

export function registerAccountRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['accounts'] });
  const limits = s.config.rateLimits;
  // At start: the first start generates the secret, and a bad SERVER_SECRET stops the start, not a login.
  serverSecret(s.config);
  registerAccountPurge(s.jobs);

  // Only a flood guard: the sign-in throttle counts failures in the database, and a successful sign-in
  // must not count against an office's shared address (S-11: 200 staff behind one NAT at shift start).
  r.post(
    '/gateway/auth/oauth/token',
    {
      operationId: 'issueToken',
      access: 'public',
      summary: 'Password or SMS-code login; replies an OAuth-style token (not enveloped)',
      config: throttle(limits, 600),
      query: z.object({
        grant_type: z.enum(['password', 'sms']).default('password'),
        scope: rawTextSchema(64).optional(),
        switching: rawTextSchema(64).optional(),
      }),
      body: z.record(z.string(), z.unknown()),
      reply: noReplySchema,
      otherReplies: { 200: tokenReplySchema },
    },
    async (ctx, { query, body, req, reply }) => {
      const client = signInClient(s, req, reply);
      const token =
        query.grant_type === 'sms'
          ? await accounts.loginWithSmsCode(ctx, s, smsLoginSchema.parse(body), client)
          : await accounts.loginWithPassword(ctx, s, passwordLoginSchema.parse(body), client);
      // OAuth clients read the token's fields at the top level: it leaves as it is, outside the envelope.
      await reply.send(token);
      return null;
    },
  );

  r.get(
    '/gateway/auth/token/logout',
    { operationId: 'logOut', access: 'authenticated', reply: noReplySchema },
    async (ctx) => {
      await accounts.logout(ctx);
      return null;
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getRegisterCode',
    {
      operationId: 'sendRegisterCode',
      access: 'public',
      config: throttle(limits, 5),
      query: mobileCodeRequestSchema,
      reply: noReplySchema,
      message: codeSent,
    },
    async (ctx, { query }) => {
      await accounts.sendRegisterCode(ctx, s, query);
      return null;
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getLoginCode',
    {
      operationId: 'sendLoginCode',
      access: 'public',
      config: throttle(limits, 5),
      query: mobileCodeRequestSchema,
      reply: noReplySchema,
      message: codeSent,
    },
    async (ctx, { query }) => {
      await accounts.sendLoginCode(ctx, s, query);
      return null;
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/userRegister',
    {
      operationId: 'registerUser',
      access: 'public',
      config: throttle(limits, 10),
      body: registerSchema,
      reply: registeredUserSchema,
    },
    (ctx, { body }) => accounts.registerUser(ctx, body),
  );

  r.get(
    '/gateway/admin/sysuserinfo/getForgetPswdCode',
    {
      operationId: 'sendForgetPasswordCode',
      access: 'public',
      config: throttle(limits, 5),
      query: forgetCodeRequestSchema,
      reply: noReplySchema,
      message: codeSent,
    },
    async (ctx, { query }) => {
      await accounts.sendForgetPasswordCode(ctx, s, query.account);
      return null;
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/validateForgetPswdCode',
    {
      operationId: 'validateForgetPasswordCode',
      access: 'public',
      config: throttle(limits, 10),
      body: validateForgetCodeSchema,
      reply: resetTicketSchema,
    },
    (ctx, { body, req, reply }) => accounts.validateForgetPasswordCode(ctx, s, body, signInClient(s, req, reply)),
  );

  r.post(
    '/gateway/admin/sysuserinfo/resetPaswd',
    {
      operationId: 'resetPassword',
      access: 'public',
      config: throttle(limits, 10),
      body: resetPasswordSchema,
      reply: noReplySchema,
    },
    async (ctx, { body }) => {
      await accounts.resetPassword(ctx, body);
      return null;
    },
  );

  r.get(
    '/gateway/admin/user/info',
    { operationId: 'getUserInfo', access: 'authenticated', reply: userInfoSchema },
    (ctx) => accounts.getUserInfo(ctx),
  );

  r.get(
    '/gateway/admin/sysuserinfo/userIsJoinComp',
    { operationId: 'getJoinStatus', access: 'authenticated', reply: joinStatusSchema },
    (ctx) => accounts.isJoined(ctx),
  );

  r.post(
    '/gateway/admin/user/editPassword',
    {
      operationId: 'changePassword',
      access: 'authenticated',
      config: throttle(limits, 10),
      body: changePasswordSchema,
      reply: noReplySchema,
    },
    async (ctx, { body, req, reply }) => {
      await accounts.changePassword(ctx, s, body, signInClient(s, req, reply));
      return null;
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/validatePassword',
    {
      operationId: 'validatePassword',
      access: 'authenticated',
      config: throttle(limits, 10),
      body: validatePasswordSchema,
      reply: noReplySchema,
    },
    async (ctx, { body, req, reply }) => {
      await accounts.validatePassword(ctx, s, body.password, signInClient(s, req, reply));
      return null;
    },
  );

  r.get(
    '/gateway/admin/sysuserinfo/getModifyMobileCode',
    {
      operationId: 'sendModifyMobileCode',
      access: 'authenticated',
      config: throttle(limits, 5),
      query: modifyMobileCodeSchema,
      reply: noReplySchema,
      message: codeSent,
    },
    async (ctx, { query }) => {
      await accounts.sendModifyMobileCode(ctx, s, query);
      return null;
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/modifyMobile',
    { operationId: 'modifyMobile', access: 'authenticated', body: modifyMobileSchema, reply: noReplySchema },
    async (ctx, { body }) => {
      await accounts.modifyMobile(ctx, body);
      return null;
    },
  );

  r.post(
    '/gateway/admin/sysuserinfo/updatePersonalData',
    { operationId: 'updatePersonalData', access: 'authenticated', body: personalDataInput, reply: noReplySchema },
    async (ctx, { body }) => {
      await accounts.updatePersonalData(ctx, body);
      return null;
    },
  );

  r.post(
    '/gateway/admin/user/settings',
    {
      operationId: 'updateUserSettings',
      access: 'authenticated',
      body: userSettingsSchema,
      reply: userSettingsReplySchema,
    },
    (ctx, { body }) => accounts.updateUserSettings(ctx, body),
  );
}

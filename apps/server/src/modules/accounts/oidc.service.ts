import { randomBytes } from 'node:crypto';
import type { TokenReply } from '@concord/shared';
import { and, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.ts';
import { oidcLinks, oidcStates, users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AccountContext } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { loginAsUser } from './accounts.service.ts';
import type { SignInClient } from './devices.ts';

const STATE_TTL_MS = 10 * 60 * 1000;
let discovered: { issuer: string; config: oidc.Configuration } | undefined;

async function clientConfig(s: Services): Promise<oidc.Configuration> {
  const settings = s.config.oidc;
  if (!settings) throw new AppError('OIDC_NOT_CONFIGURED');
  if (discovered?.issuer === settings.issuer) return discovered.config;
  const issuer = new URL(settings.issuer);
  // Plain http only for a provider on this machine (development and the end-to-end test).
  const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
  const config = await oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    undefined,
    local ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  discovered = { issuer: settings.issuer, config };
  return config;
}

const callbackUrl = (s: Services) => `${s.config.publicUrl}/gateway/auth/oidc/callback`;

/** Only same-site paths may be returned to after login (no open redirect). */
export function safeRedirect(path: string | undefined): string {
  return path?.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';
}

export async function startOidcLogin(
  { db }: AccountContext,
  s: Services,
  redirect: string | undefined,
): Promise<string> {
  const config = await clientConfig(s);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db.delete(oidcStates).where(lt(oidcStates.createdAt, new Date(Date.now() - STATE_TTL_MS).toISOString()));
  await db.insert(oidcStates).values({ state, nonce, codeVerifier, redirect: safeRedirect(redirect) });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(s),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/**
 * Completes the code flow, then finds the account: an existing link, else the account whose e-mail the
 * provider verified, else a new account made from the claims.
 */
export async function finishOidcLogin(
  { db }: AccountContext,
  s: Services,
  currentUrl: URL,
  client: SignInClient,
): Promise<TokenReply & { redirect: string }> {
  const config = await clientConfig(s);
  const state = currentUrl.searchParams.get('state') ?? '';
  const [pending] = await db.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
  if (!pending || Date.now() - new Date(pending.createdAt).getTime() > STATE_TTL_MS) throw new AppError('OIDC_FAILED');
  const callback = new URL(callbackUrl(s));
  callback.search = currentUrl.search;
  const tokens = await oidc
    .authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
    })
    .catch(() => {
      throw new AppError('OIDC_FAILED');
    });
  const idClaims = tokens.claims();
  if (!idClaims?.sub) throw new AppError('OIDC_FAILED');
  // In the code flow a conforming provider puts only `sub` in the ID token and answers the scopes'
  // claims (e-mail, name) at the UserInfo endpoint; the library checks that its `sub` is the same.
  const userInfo = config.serverMetadata().userinfo_endpoint
    ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub).catch(() => {
        throw new AppError('OIDC_FAILED');
      })
    : {};
  const claims: Claims = { ...userInfo, ...idClaims, sub: idClaims.sub };
  const issuer = s.config.oidc!.issuer;
  const userId = await findOrCreateUser(db, issuer, claims);
  return { ...(await loginAsUser(s, userId, client)), redirect: pending.redirect ?? '/' };
}

type Claims = Record<string, unknown> & { sub: string };

async function findOrCreateUser(db: Db, issuer: string, claims: Claims): Promise<string> {
  const [link] = await db
    .select({ userId: oidcLinks.userId })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.issuer, issuer), eq(oidcLinks.subject, claims.sub)))
    .limit(1);
  if (link) return link.userId;

  const email =
    typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : undefined;
  let userId: string | undefined;
  if (email) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    userId = existing?.id;
  }
  if (!userId) {
    userId = newId();
    const base = String(claims.preferred_username ?? email?.split('@')[0] ?? 'user')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 20);
    await db.insert(users).values({
      id: userId,
      username: `${base || 'user'}.${randomBytes(3).toString('hex')}`,
      name: String(claims.name ?? base ?? ''),
      email: email ?? null,
      passwordHash: null,
    });
  }
  await db.insert(oidcLinks).values({ id: newId(), userId, issuer, subject: claims.sub });
  return userId;
}

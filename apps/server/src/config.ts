import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Seed the demo world: always on a fresh embedded database, opt-in (SEED_DEMO=true) on PostgreSQL. */
  seedDemo: boolean;
  /** Lets anyone read the development outbox (SMS and e-mail codes) at /gateway/dev/outbox. */
  outboxPublic: boolean;
  publicUrl: string;
  tokenTtlSeconds: number;
  trustedProxies: string[];
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string };
  smsHttpUrl?: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  webDist?: string;
  logLevel: string;
  rateLimits: boolean;
}

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : /^(1|true|yes|on)$/i.test(v);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const embedded = !env.DATABASE_URL;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: bool(env.SEED_DEMO, embedded),
    outboxPublic: bool(env.OUTBOX_PUBLIC, embedded),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 43200),
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: Number(env.SMTP_PORT ?? 587),
          secure: bool(env.SMTP_SECURE, false),
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
          from: env.SMTP_FROM ?? 'Concord SRM <no-reply@localhost>',
        }
      : undefined,
    smsHttpUrl: env.SMS_HTTP_URL || undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET ?? '',
            name: env.OIDC_NAME ?? 'SSO',
          }
        : undefined,
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimits: bool(env.RATE_LIMITS, true),
  };
}

import path from 'node:path';

/**
 * Where messages go when no SMTP server or SMS gateway is configured (QUALITY S-10): `off` sends them
 * nowhere, `local` keeps them in the development outbox for loopback clients of this machine, and
 * `public-demo` lets anyone read the verification codes in it (a public demonstration of demo accounts).
 */
export type DevOutbox = 'off' | 'local' | 'public-demo';
const DEV_OUTBOX_MODES: readonly string[] = ['off', 'local', 'public-demo'] satisfies DevOutbox[];

/** A setting the server refuses to start with; main.ts prints only the message. */
export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Seed the demo world: always on a fresh embedded database, opt-in (SEED_DEMO=true) on PostgreSQL. */
  seedDemo: boolean;
  devOutbox: DevOutbox;
  publicUrl: string;
  tokenTtlSeconds: number;
  trustedProxies: string[];
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string; from: string };
  smsHttpUrl?: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  webDist?: string;
  logLevel: string;
  rateLimits: boolean;
  /** SERVER_SECRET; without it `platform/secrets.ts` keeps a generated one in the data directory. */
  serverSecret?: string;
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
    devOutbox: devOutboxMode(env, embedded),
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
    serverSecret: env.SERVER_SECRET || undefined,
  };
}

/**
 * DEV_OUTBOX, defaulting to `local` only for the embedded demo with neither SMTP nor SMS configured. Once
 * either is configured the outbox is off whatever is asked, and a public one is refused outright: the
 * codes of a real account would be one request away from anyone.
 */
function devOutboxMode(env: NodeJS.ProcessEnv, embedded: boolean): DevOutbox {
  const delivering = !!env.SMTP_HOST || !!env.SMS_HTTP_URL;
  const asked = env.DEV_OUTBOX?.trim().toLowerCase() || undefined;
  if (asked !== undefined && !DEV_OUTBOX_MODES.includes(asked)) {
    throw new ConfigError(`DEV_OUTBOX must be off, local or public-demo, not "${env.DEV_OUTBOX}"`);
  }
  if (asked === 'public-demo' && delivering) {
    throw new ConfigError(
      'DEV_OUTBOX=public-demo cannot be used while SMTP_HOST or SMS_HTTP_URL is set: anyone could read the ' +
        'verification codes of real accounts. Remove DEV_OUTBOX, or the SMTP and SMS settings for a demo.',
    );
  }
  if (delivering) return 'off';
  return (asked as DevOutbox | undefined) ?? (embedded ? 'local' : 'off');
}

/** What the operator must know about where codes and invitation links go (QUALITY S-10). */
export function deliveryWarnings(config: Config, url: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const outbox = '/gateway/dev/outbox';
  if (config.devOutbox === 'public-demo') {
    return [
      `DEV_OUTBOX=public-demo: ANYONE can read every verification code at ${config.publicUrl}${outbox} ` +
        'and so sign in to any account. Use it only for a public demonstration with demo accounts.',
    ];
  }
  if (config.devOutbox === 'local') {
    return [
      'DEV_OUTBOX=local: SMS and e-mail are not sent. Codes and invitation links are kept in the development ' +
        `outbox, readable from this machine only: ${url}${outbox}. Set SMTP_HOST and SMS_HTTP_URL for real use.`,
    ];
  }
  const warnings: string[] = [];
  if (env.DEV_OUTBOX?.trim().toLowerCase() === 'local' && (config.smtp || config.smsHttpUrl)) {
    warnings.push('DEV_OUTBOX=local is ignored while SMTP_HOST or SMS_HTTP_URL is set: the outbox is off.');
  }
  if (!config.smtp) warnings.push('SMTP_HOST is not set: e-mail (codes, invitations, notifications) is not sent.');
  if (!config.smsHttpUrl) warnings.push('SMS_HTTP_URL is not set: SMS (codes, invitations) is not sent.');
  return warnings;
}

import path from 'node:path';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, QUALIFICATION_EXPIRING_DAYS_DEFAULT } from '@concord/shared';
import { z } from 'zod';
import { MIN_CONFIGURED_LENGTH } from './platform/secrets.ts';

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
  smtp?: {
    host: string;
    port: number;
    secure: boolean;
    user?: string;
    pass?: string;
    from: string;
    /** SMTP_INSECURE_TLS: accept a self-signed certificate (a test relay), never in production. */
    insecureTls: boolean;
  };
  smsHttpUrl?: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  webDist?: string;
  logLevel: string;
  rateLimits: boolean;
  /** SERVER_SECRET; without it `platform/secrets.ts` keeps a generated one in the data directory. */
  serverSecret?: string;
  /** JOBS: whether this process runs background jobs (off under NODE_ENV=test unless asked). */
  jobs: boolean;
  jobsLeaseMs: number;
  qualificationExpiringDays: number;
  /** METRICS_TOKEN: the bearer token that opens `/metrics` to clients other than this machine. */
  metricsToken?: string;
  /** TIME_ZONE: a new enterprise's zone, and the zone of days that belong to no enterprise (never TZ). */
  timeZone: string;
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  yes: true,
  false: false,
  '0': false,
  off: false,
  no: false,
};

/** Empty counts as unset, so `FOO= npm start` means the default rather than an error. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const boolean = optional(
  z
    .string()
    .transform((v) => BOOLEAN_WORDS[v.trim().toLowerCase()])
    .refine((v) => v !== undefined, { message: 'true, false, 1, 0, on, off, yes or no' }),
);
const integer = (min: number, max: number, what: string) =>
  optional(
    z
      .string()
      .regex(/^\s*\d+\s*$/, { message: what })
      .transform(Number)
      .refine((n) => n >= min && n <= max, { message: what }),
  );
const url = (what: string) => optional(z.string().url({ message: what }));
const text = optional(z.string());

/**
 * Every environment variable the server reads, with what it expects; the README's table lists the same.
 * A bad value stops the start with one line per variable (ConfigError), instead of a NaN port or a
 * misspelt `RATE_LIMITS=ture` silently turning a protection off.
 */
const envSchema = z.object({
  PORT: integer(0, 65535, 'a port number from 0 to 65535'),
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, { message: 'a postgres:// connection URL' })),
  SEED_DEMO: boolean,
  DEV_OUTBOX: text,
  PUBLIC_URL: url('an absolute URL such as https://srm.example.com'),
  TOKEN_TTL_SECONDS: integer(60, 31_536_000, 'seconds from 60 to 31536000'),
  TRUSTED_PROXIES: text,
  SMTP_HOST: text,
  SMTP_PORT: integer(0, 65535, 'a port number from 0 to 65535'),
  SMTP_SECURE: boolean,
  SMTP_USER: text,
  SMTP_PASS: text,
  SMTP_FROM: text,
  SMTP_INSECURE_TLS: boolean,
  SMS_HTTP_URL: url('an absolute http(s) URL'),
  OIDC_ISSUER: url('the issuer URL of the OpenID provider'),
  OIDC_CLIENT_ID: text,
  OIDC_CLIENT_SECRET: text,
  OIDC_NAME: text,
  WEB_DIST: text,
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'fatal, error, warn, info, debug, trace or silent',
    }),
  ),
  RATE_LIMITS: boolean,
  SERVER_SECRET: optional(
    z.string().min(MIN_CONFIGURED_LENGTH, { message: `at least ${MIN_CONFIGURED_LENGTH} characters` }),
  ),
  JOBS: boolean,
  JOBS_LEASE_SECONDS: integer(1, 86_400, 'seconds from 1 to 86400'),
  QUALIFICATION_EXPIRING_DAYS: integer(0, 365, 'days from 0 to 365'),
  METRICS_TOKEN: optional(z.string().min(16, { message: 'at least 16 characters' })),
  TIME_ZONE: optional(
    z
      .string()
      .transform((v) => canonicalTimeZone(v.trim()))
      .refine((v) => v !== null, { message: 'an IANA time zone such as Asia/Shanghai' }),
  ),
});

function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name}=${JSON.stringify(env[name] ?? '')} is not valid: expected ${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const port = e.PORT ?? 8080;
  const embedded = !e.DATABASE_URL;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? embedded,
    devOutbox: devOutboxMode(env, embedded),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS ?? 43200,
    trustedProxies: (e.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          secure: e.SMTP_SECURE ?? false,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          from: e.SMTP_FROM ?? 'Concord SRM <no-reply@localhost>',
          insecureTls: e.SMTP_INSECURE_TLS ?? false,
        }
      : undefined,
    smsHttpUrl: e.SMS_HTTP_URL,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET ?? '',
            name: e.OIDC_NAME ?? 'SSO',
          }
        : undefined,
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    rateLimits: e.RATE_LIMITS ?? true,
    serverSecret: e.SERVER_SECRET,
    // The test runner's own NODE_ENV, not the env handed in: tests build apps from hand-made envs and
    // start runners only where they ask to.
    jobs: e.JOBS ?? process.env.NODE_ENV !== 'test',
    jobsLeaseMs: (e.JOBS_LEASE_SECONDS ?? 60) * 1000,
    qualificationExpiringDays: e.QUALIFICATION_EXPIRING_DAYS ?? QUALIFICATION_EXPIRING_DAYS_DEFAULT,
    metricsToken: e.METRICS_TOKEN,
    timeZone: e.TIME_ZONE ?? DEFAULT_TIME_ZONE,
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

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const refusal = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration (one schema for every variable)', () => {
  it('refuses a port that is not a number, naming the variable, the value and what is expected', () => {
    expect(refusal({ PORT: '80a' })).toBe('PORT="80a" is not valid: expected a port number from 0 to 65535');
    expect(refusal({ PORT: '70000' })).toMatch(/^PORT="70000"/);
  });

  it('refuses a misspelt boolean instead of reading it as false', () => {
    expect(refusal({ RATE_LIMITS: 'ture' })).toBe(
      'RATE_LIMITS="ture" is not valid: expected true, false, 1, 0, on, off, yes or no',
    );
    expect(refusal({ SEED_DEMO: 'enabled' })).toMatch(/^SEED_DEMO=/);
  });

  it('takes TIME_ZONE as an IANA zone, never an offset or the process’s TZ', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: 'europe/berlin', TZ: 'Pacific/Kiritimati' }).timeZone).toBe('Europe/Berlin');
    expect(refusal({ TIME_ZONE: '+08:00' })).toBe(
      'TIME_ZONE="+08:00" is not valid: expected an IANA time zone such as Asia/Shanghai',
    );
    expect(refusal({ TIME_ZONE: 'Mars/Olympus_Mons' })).toMatch(/^TIME_ZONE=/);
  });

  it('reads the boolean words in any case, and an empty value as unset', () => {
    for (const word of ['true', '1', 'on', 'YES']) expect(loadConfig({ RATE_LIMITS: word }).rateLimits).toBe(true);
    for (const word of ['false', '0', 'Off', 'no']) expect(loadConfig({ RATE_LIMITS: word }).rateLimits).toBe(false);
    expect(loadConfig({ RATE_LIMITS: '' }).rateLimits).toBe(true);
    expect(loadConfig({ PORT: ' ' }).port).toBe(8080);
  });

  it('says every bad variable at once, one line each', () => {
    const lines = refusal({
      PORT: 'x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'srm.example.com',
      DATABASE_URL: 'mysql://db',
    }).split('\n');
    expect(lines.map((l) => l.split('=')[0])).toEqual(['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'LOG_LEVEL']);
  });

  it('checks the numbers and secrets other modules use', () => {
    expect(refusal({ QUALIFICATION_EXPIRING_DAYS: '400' })).toMatch(/days from 0 to 365/);
    expect(refusal({ SERVER_SECRET: 'short' })).toMatch(/at least 32 characters/);
    expect(refusal({ SMTP_HOST: 'mail.example', SMTP_PORT: 'smtp' })).toMatch(/^SMTP_PORT=/);
    const config = loadConfig({
      SMTP_HOST: 'mail.example',
      SMTP_INSECURE_TLS: 'yes',
      QUALIFICATION_EXPIRING_DAYS: '0',
    });
    expect(config.smtp?.insecureTls).toBe(true);
    expect(config.qualificationExpiringDays).toBe(0);
  });
});

import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Shorter than 256 bits and an HMAC key can be searched; the variable is refused at start instead. */
export const MIN_CONFIGURED_LENGTH = 32;
const FILE_NAME = 'server-secret';

const byDataDir = new Map<string, Buffer>();

/**
 * The key every process of one installation derives session successors and signs device cookies with
 * (QUALITY S-11, S-12). SERVER_SECRET wins; otherwise it is read from the data directory, where the
 * first start generates it. Processes sharing a data directory therefore share the key; a PostgreSQL
 * installation with several hosts sets SERVER_SECRET on all of them.
 */
export function serverSecret(config: Pick<Config, 'serverSecret' | 'dataDir'>): Buffer {
  if (config.serverSecret) {
    if (config.serverSecret.length < MIN_CONFIGURED_LENGTH) {
      throw new Error(`SERVER_SECRET must be at least ${MIN_CONFIGURED_LENGTH} characters long`);
    }
    return Buffer.from(config.serverSecret, 'utf8');
  }
  let secret = byDataDir.get(config.dataDir);
  if (!secret) {
    secret = readOrCreate(config.dataDir);
    byDataDir.set(config.dataDir, secret);
  }
  return secret;
}

/**
 * The new secret is written whole to a private temporary file and then linked to its name: a link
 * never replaces an existing file, so of two processes starting at once one wins and the other reads
 * the winner's secret, and no reader ever sees a half-written file.
 */
function readOrCreate(dataDir: string): Buffer {
  const file = path.join(dataDir, FILE_NAME);
  const existing = tryRead(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(temp);
  }
  // Linked above or by the process that won: the file exists now.
  return tryRead(file)!;
}

function tryRead(file: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const secret = Buffer.from(text, 'base64url');
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; remove it to have a new one generated`);
  return secret;
}

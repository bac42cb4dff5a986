import path from 'node:path';
import { ConfigError } from '../src/config.ts';
import { OpsError } from './ops.ts';

/**
 * The command's one path argument, resolved where the operator typed it: npm runs scripts from the
 * root, and says where it was started in INIT_CWD.
 */
export function argumentPath(fallback?: string): string {
  const given = process.argv[2] ?? fallback;
  if (!given) throw new OpsError('give the backup directory: npm run db:restore -- <directory>');
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/** A refusal or a bad setting is one line and exit status 1; anything else is a crash with its stack. */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof OpsError || err instanceof ConfigError)) throw err;
    console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err.message);
    process.exitCode = 1;
  }
}

// Starts the real server on a fresh embedded database (or E2E_DATABASE_URL), runs every flow with
// node's test runner in Chromium, and stops the server. Flow names given as arguments
// (`node --import tsx e2e/run.ts orders delivery`) run only those; WEB_DIST picks another build.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './server.ts';

const chosen = process.argv.slice(2).map((name) => name.replace(/(\.test)?\.ts$/, ''));
const server = await startServer();
const flows = readdirSync(path.join(import.meta.dirname, 'flows'))
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => chosen.length === 0 || chosen.includes(f.replace(/\.test\.ts$/, '')))
  .map((f) => path.join(import.meta.dirname, 'flows', f));

const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...flows], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: server.url },
  });
  child.on('exit', (c) => resolve(c ?? 1));
});
await server.stop();
process.exit(code);

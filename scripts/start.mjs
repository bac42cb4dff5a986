#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the build, then run the server
// (web and API on one port) with the embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'packages/shared/src'].map((d) => path.join(root, d));
const stale =
  !existsSync(distIndex) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, 'apps/web/index.html')).mtimeMs) >
    statSync(distIndex).mtimeMs;

const checked = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/check-config.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (checked.status !== 0) process.exit(checked.status ?? 1);

if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

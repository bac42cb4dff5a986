import { buildApp } from './app.ts';
import { ConfigError, deliveryWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase, STARTUP_LOCKS } from './db/migrate.ts';
import { attributeFilesOnFirstStart } from './platform/file-documents.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoWorld } from './seed/demo.ts';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const seeded = config.seedDemo ? await database.exclusively(STARTUP_LOCKS.seed, seedDemoWorld) : false;
  // Files linked before uploads were recorded get the owner their document gives them (the seed
  // attributes its own).
  const attributed = await attributeFilesOnFirstStart(database.db);
  const app = await buildApp({ database, config });
  await app.listen({ port: config.port, host: config.host });
  if (attributed) app.log.info({ attributed }, 'stored files attributed to the documents that link them');

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Concord SRM is running at ${url}  (API docs: ${url}/gateway/docs)`,
    `Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}${seeded ? ' — demo world created' : ''}`,
  ];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(12)} ${a.role}`);
  }
  console.log(lines.join('\n'));
  // Loud on purpose: a helper that hands out codes must not run unnoticed (QUALITY S-10).
  for (const warning of deliveryWarnings(config, url)) {
    console.warn(`\n!!! ${warning}\n`);
    app.log.warn({ devOutbox: config.devOutbox }, warning);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    timer.unref();
    // close() stops accepting connections and waits for in-flight requests (QUALITY R-10).
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});

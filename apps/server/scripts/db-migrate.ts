import { loadConfig } from '../src/config.ts';
import { migrateOnly } from './ops.ts';
import { runCommand } from './run-command.ts';

/** `npm run db:migrate`: applies the migrations to DATABASE_URL or the embedded database, then exits. */
await runCommand(async () => {
  await migrateOnly(loadConfig());
  console.info('database migrated');
});

import { loadConfig } from '../src/config.ts';
import { restore } from './ops.ts';
import { argumentPath, runCommand } from './run-command.ts';

/** `npm run db:restore -- <backup directory>`: the servers stopped, replaces the database and files. */
await runCommand(async () => {
  await restore(loadConfig(), argumentPath());
});

import { loadConfig } from '../src/config.ts';
import { backup } from './ops.ts';
import { argumentPath, runCommand } from './run-command.ts';

/** `npm run db:backup [-- <new directory>]`: database and uploaded files into a new directory. */
await runCommand(async () => {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  await backup(loadConfig(), argumentPath(`backups/concord-${stamp}`));
});

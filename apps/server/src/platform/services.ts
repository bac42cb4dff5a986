import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobRunner } from './jobs.ts';
import type { MessageProvider } from './mail.ts';
import type { RealtimeHub } from './realtime.ts';

/** What every module is handed at registration: the process's shared resources. */
export interface Services {
  database: Database;
  config: Config;
  provider: MessageProvider;
  realtime: RealtimeHub;
  jobs: JobRunner;
}

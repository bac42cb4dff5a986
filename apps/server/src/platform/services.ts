import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
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

/** How a step tells the other party; `quiet`: the demo seed writes documents through the services but tells nobody. */
export type TellDeps = { db: Db; provider: MessageProvider; log: FastifyBaseLogger } | { db: Db; quiet: true };

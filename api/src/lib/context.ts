import type { Database, DatabaseKind } from '@kollab/db';
import type { Logger } from 'pino';
import type { Env } from '../env.ts';
import type { Mailer } from './mailer.ts';

/** What every request handler can read from `c.var`. */
export interface AppVariables {
  requestId: string;
  logger: Logger;
  db: Database;
  dbKind: DatabaseKind;
  env: Env;
  mailer: Mailer;
}

export interface AppEnv {
  Variables: AppVariables;
}

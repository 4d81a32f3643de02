import type { Database, DatabaseKind } from '@kollab/db';
import type { sessions, User } from '@kollab/db/schema';
import type { Logger } from 'pino';
import type { Env } from '../env.ts';
import type { BankId } from '../integrations/bankid/configure.ts';
import type { Swish } from '../integrations/swish/configure.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { AfterResponse } from './after-response.ts';
import type { InstanceCache } from './instance-cache.ts';
import type { Mailer } from './mailer.ts';
import type { MessageBus } from './message-bus.ts';
import type { Secrets } from './secrets.ts';
import type { Storage } from './storage.ts';

/** A session row with its user, as the session middleware reads (and instances keep) it. */
export type SessionRow = { session: typeof sessions.$inferSelect; user: User };

/** What every request handler can read from `c.get()`. */
export interface AppVariables {
  requestId: string;
  /** True once a middleware or handler has set a response header of its own (app.ts). */
  headersAdded?: boolean;
  logger: Logger;
  db: Database;
  dbKind: DatabaseKind;
  env: Env;
  mailer: Mailer;
  /** The durable job queue (ADR 031): mail, scheduled work, dead letters. */
  jobs: JobQueue;
  /** Work that runs once the answer has been sent (mail whose lookups must not show in the timing). */
  afterResponse: AfterResponse;
  /** Set by the session middleware: the signed-in user, or null. */
  user: User | null;
  session: { id: string; userId: string; expiresAt: Date; authenticatedAt: Date } | null;
  secrets: Secrets;
  storage: Storage;
  bus: MessageBus;
  /** This instance's memory of session rows (ADR 035). */
  sessionCache: InstanceCache<SessionRow>;
  /** BankID's RP client, or undefined when BankID is not configured (ADR 026). */
  bankId: BankId | undefined;
  /** The Swish Payouts API (real or stand-in); undefined when neither is configured (ADR 029). */
  swish: Swish | undefined;
}

export interface AppEnv {
  Variables: AppVariables;
}

import type { LogForm } from '@kollab/contract/api/auth';
import type { Database } from '@kollab/db';
import { clientLogs } from '@kollab/db/schema';
import { lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { consumeRateLimit } from '../../lib/rate-limit.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** One browser reports a handful of events a minute at most; all browsers together a bounded number an hour. */
const PER_IP = { limit: 10, windowSeconds: 60 };
const ALL_CLIENTS = { limit: 2_000, windowSeconds: 60 * 60 };

/**
 * Stores one client log event with only what NextAuth's client sends (level, code, message, url),
 * each cut short; `stack`, `name` and any other field never reach the database. Over the per-IP or
 * the global limit the event is dropped quietly: a noisy client must not get error loops.
 */
export async function recordClientLog(
  deps: { db: Database; logger: Logger },
  event: LogForm,
  from: { ip: string; userId: string | null },
): Promise<boolean> {
  const { db } = deps;
  if (!(await consumeRateLimit(db, `log:ip:${from.ip}`, PER_IP)).allowed) return false;
  if (!(await consumeRateLimit(db, 'log:all', ALL_CLIENTS)).allowed) return false;
  const details = event.message || event.url ? JSON.stringify({ message: event.message, url: event.url }) : null;
  await db.insert(clientLogs).values({ level: event.level, code: event.code, details, userId: from.userId });
  deps.logger.warn({ client: { level: event.level, code: event.code } }, 'client log event');
  return true;
}

/** Deletes client log events older than the retention period; returns how many. */
export async function purgeOldClientLogs(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const rows = await db.delete(clientLogs).where(lt(clientLogs.createdAt, before)).returning({ id: clientLogs.id });
  return rows.length;
}

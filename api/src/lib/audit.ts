import type { Database } from '@kollab/db';
import { auditLog, type User } from '@kollab/db/schema';

/** The acting user, or the scheduler for automatic transitions. */
export type Actor = Pick<User, 'id' | 'role'> | 'system';

/** Appends to the audit log: admin actions and state changes of money, claims and campaigns. */
export async function recordAudit(
  db: Database,
  actor: Actor,
  action: string,
  entity: { type: string; id: string },
  details?: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor === 'system' ? null : actor.id,
    actorRole: actor === 'system' ? 'system' : actor.role,
    action,
    entityType: entity.type,
    entityId: entity.id,
    details: details ?? null,
  });
}

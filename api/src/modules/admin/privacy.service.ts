import type {
  AdminAuditQuery,
  AdminDeletionRequestsQuery,
  AdminSubscriber,
  AdminSubscribersQuery,
  AuditEntry,
  DeletionRequestView,
} from '@kollab/contract/api/admin';
import type { Database } from '@kollab/db';
import { auditLog, deletionRequests, subscribers, type User, users } from '@kollab/db/schema';
import { and, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeletionRequest } from '../deletion-requests/deletion-requests.processing.ts';
import { type CsvColumn, containsPattern, pageOf, type Window } from './list-query.ts';

const SUBSCRIBER_SORT = { createdAt: subscribers.createdAt, email: subscribers.email } as const;

export async function listSubscribers(db: Database, query: AdminSubscribersQuery, window: Window) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern
      ? or(
          ilike(subscribers.email, pattern),
          ilike(subscribers.instagramName, pattern),
          ilike(subscribers.tiktokName, pattern),
        )
      : undefined,
    query.confirmed === undefined
      ? undefined
      : query.confirmed === 'yes'
        ? isNotNull(subscribers.confirmedAt)
        : isNull(subscribers.confirmedAt),
    query.locale ? eq(subscribers.locale, query.locale) : undefined,
  );
  // Keyset pages as the other admin tables (ADR 036): a page by number only within the first 10,000.
  const sort = { field: query.sort, column: SUBSCRIBER_SORT[query.sort], order: query.order, id: subscribers.id };
  const ids = (after?: SQL) => db.select({ id: subscribers.id }).from(subscribers).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: !pattern });
  const [rows, total] = await Promise.all([
    db
      .select({ row: subscribers, sortKey: page.sortKey })
      .from(subscribers)
      .where(inArray(subscribers.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminSubscriber[] = rows.map(({ row }) => ({
    id: row.id,
    email: row.email,
    instagramName: row.instagramName,
    tiktokName: row.tiktokName,
    categories: row.categories,
    locale: row.locale,
    consentVersion: row.consentVersion,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  const nextCursor = page.nextCursor(rows.map(({ row, sortKey }) => ({ id: row.id, sortKey })));
  return { data, ...total, nextCursor };
}

/**
 * Deletes a subscriber row for good (the audit entry keeps no address).
 * @throws not_found
 */
export async function deleteSubscriber(db: Database, admin: User, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(subscribers)
      .where(eq(subscribers.id, id))
      .returning({ confirmedAt: subscribers.confirmedAt });
    if (!row) throw new AppError('not_found', 'Subscriber not found');
    await recordAudit(
      tx,
      admin,
      'subscriber.delete',
      { type: 'subscriber', id },
      { confirmed: row.confirmedAt !== null },
    );
  });
}

export function toDeletionRequestView(row: DeletionRequest): DeletionRequestView {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    locale: row.locale,
    source: row.source,
    status: row.status,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    dueAt: row.dueAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    heldReason: row.heldReason,
    bookkeepingKeptUntil: row.bookkeepingKeptUntil,
  };
}

const DELETION_SORT = { dueAt: deletionRequests.dueAt, createdAt: deletionRequests.createdAt } as const;

export async function listDeletionRequests(db: Database, query: AdminDeletionRequestsQuery, window: Window) {
  const where = and(
    query.status ? eq(deletionRequests.status, query.status) : undefined,
    query.source ? eq(deletionRequests.source, query.source) : undefined,
  );
  const sort = {
    field: query.sort,
    column: DELETION_SORT[query.sort],
    order: query.order,
    id: deletionRequests.id,
  };
  const ids = (after?: SQL) =>
    db.select({ id: deletionRequests.id }).from(deletionRequests).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true });
  const [rows, total] = await Promise.all([
    db
      .select({ row: deletionRequests, sortKey: page.sortKey })
      .from(deletionRequests)
      .where(inArray(deletionRequests.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const nextCursor = page.nextCursor(rows.map(({ row, sortKey }) => ({ id: row.id, sortKey })));
  return { data: rows.map(({ row }) => toDeletionRequestView(row)), ...total, nextCursor };
}

export async function listAuditLog(db: Database, query: AdminAuditQuery, window: Window) {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
  );
  const sort = { field: query.sort, column: auditLog.createdAt, order: query.order, id: auditLog.id };
  const ids = (after?: SQL) => db.select({ id: auditLog.id }).from(auditLog).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true });
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.fullName, sortKey: page.sortKey })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(inArray(auditLog.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AuditEntry[] = rows.map(({ entry, actorName }) => ({
    id: entry.id,
    actor: { id: entry.actorId, name: actorName, role: entry.actorRole },
    action: entry.action,
    entity: { type: entry.entityType, id: entry.entityId },
    details: (entry.details as Record<string, unknown> | null) ?? null,
    createdAt: entry.createdAt.toISOString(),
  }));
  const nextCursor = page.nextCursor(rows.map(({ entry, sortKey }) => ({ id: entry.id, sortKey })));
  return { data, ...total, nextCursor };
}

export const SUBSCRIBERS_CSV: CsvColumn<AdminSubscriber>[] = [
  ['id', (row) => row.id],
  ['email', (row) => row.email],
  ['instagram_name', (row) => row.instagramName],
  ['tiktok_name', (row) => row.tiktokName],
  ['categories', (row) => row.categories.join(' ')],
  ['locale', (row) => row.locale],
  ['consent_version', (row) => row.consentVersion],
  ['confirmed_at', (row) => row.confirmedAt],
  ['unsubscribed_at', (row) => row.unsubscribedAt],
  ['created_at', (row) => row.createdAt],
];

export const DELETION_REQUESTS_CSV: CsvColumn<DeletionRequestView>[] = [
  ['id', (row) => row.id],
  ['email', (row) => row.email],
  ['user_id', (row) => row.userId],
  ['source', (row) => row.source],
  ['status', (row) => row.status],
  ['confirmed_at', (row) => row.confirmedAt],
  ['due_at', (row) => row.dueAt],
  ['completed_at', (row) => row.completedAt],
  ['created_at', (row) => row.createdAt],
  ['held_reason', (row) => row.heldReason],
  ['bookkeeping_kept_until', (row) => row.bookkeepingKeptUntil],
];

export const AUDIT_CSV: CsvColumn<AuditEntry>[] = [
  ['id', (row) => row.id],
  ['created_at', (row) => row.createdAt],
  ['actor_id', (row) => row.actor.id],
  ['actor', (row) => row.actor.name],
  ['actor_role', (row) => row.actor.role],
  ['action', (row) => row.action],
  ['entity_type', (row) => row.entity.type],
  ['entity_id', (row) => row.entity.id],
  ['details', (row) => (row.details ? JSON.stringify(row.details) : null)],
];

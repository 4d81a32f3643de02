import { billingDocuments } from '@kollab/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';
import { documentMail } from './billing.mails.ts';

/**
 * Queues the mail of each newly issued invoice, receipt and credit note (PDF attached) to its brand,
 * once: the document is marked mailed and its mail queued in one transaction (ADR 031), so several
 * instances never mail it twice and a failure leaves it for the next run.
 */
export const mailBillingDocuments = defineJob({
  name: 'billingDocumentsMailed',
  async run(deps, now) {
    const due = await deps.db
      .select({ id: billingDocuments.id })
      .from(billingDocuments)
      .where(isNull(billingDocuments.mailedAt))
      .orderBy(asc(billingDocuments.createdAt))
      .limit(50);
    let sent = 0;
    for (const { id } of due) {
      try {
        const queued = await deps.db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(billingDocuments)
            .set({ mailedAt: now })
            .where(and(eq(billingDocuments.id, id), isNull(billingDocuments.mailedAt)))
            .returning();
          if (!claimed) return false;
          const mail = await documentMail(tx, deps.env, claimed);
          if (mail) await deps.mailer.send(mail, tx);
          return true;
        });
        if (queued) sent += 1;
      } catch (error) {
        deps.logger?.error({ err: error, documentId: id }, 'billing document mail not queued');
      }
    }
    return sent;
  },
});

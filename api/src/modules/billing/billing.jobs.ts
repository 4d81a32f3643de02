import { billingDocuments } from '@kollab/db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';
import { documentMail } from './billing.mails.ts';

/**
 * Mails each newly issued invoice, receipt and credit note (PDF attached) to its brand, once: a
 * document is claimed by setting `mailedAt` before sending, so several API instances never send it
 * twice; a failed send clears the claim so the next sweep tries again.
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
      const [claimed] = await deps.db
        .update(billingDocuments)
        .set({ mailedAt: now })
        .where(and(eq(billingDocuments.id, id), isNull(billingDocuments.mailedAt)))
        .returning();
      if (!claimed) continue;
      try {
        const mail = await documentMail(deps.db, deps.env, claimed);
        if (mail) await deps.mailer.send(mail);
        sent += 1;
      } catch (error) {
        deps.logger?.error({ err: error, documentId: id }, 'billing document mail not sent');
        await deps.db.update(billingDocuments).set({ mailedAt: null }).where(eq(billingDocuments.id, id));
      }
    }
    return sent;
  },
});

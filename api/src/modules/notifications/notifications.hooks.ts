import type { Database } from '@kollab/db';
import { campaigns } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { PaymentHooks } from '../payments/payment-hooks.ts';
import { addNotification } from './notifications.service.ts';

/**
 * Tells the brand that money arrived, in the payment's transaction. Card payments are left out:
 * the brand is on the payment page when they go through and sees the answer there.
 */
export const notificationPaymentHooks: PaymentHooks = {
  async paymentReceived(tx: Database, payment, receipt) {
    if (receipt.source === 'card') return;
    const [campaign] = payment.campaignId
      ? await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, payment.campaignId))
      : [];
    await addNotification(tx, {
      userId: payment.brandId,
      type: 'payment_received',
      key: `payment-receipt:${receipt.id}`,
      payload: { amountOre: receipt.amountOre, ...(campaign ? { campaign: campaign.title } : {}) },
      link: '/billing',
    });
  },
};

import type { Database } from '@kollab/db';
import { users } from '@kollab/db/schema';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import type { Refusal } from './usage.ts';

const TEXT = {
  sv: {
    subject: 'Kollab: dagens budget hos dataleverantören är slut',
    credits: 'krediter',
    rawRequests: 'råanrop',
    body: 'Alla varumärken har tillsammans använt {spent} av dagens {limit} {what} hos dataleverantören ({day}). Nya anrop som kostar {what} nekas till midnatt; sparade resultat visas fortfarande.',
    after:
      'Se förbrukningen per användare här. Höj PROVIDER_GLOBAL_DAILY_CREDITS eller PROVIDER_GLOBAL_DAILY_RAW_REQUESTS om förbrukningen är väntad, annars: undersök vilka konton som står för den.',
  },
  en: {
    subject: 'Kollab: today’s data provider budget is spent',
    credits: 'credits',
    rawRequests: 'raw requests',
    body: 'All brands together have used {spent} of today’s {limit} {what} at the data provider ({day}). New calls that cost {what} are refused until midnight; saved results are still shown.',
    after:
      'See the spending per user here. Raise PROVIDER_GLOBAL_DAILY_CREDITS or PROVIDER_GLOBAL_DAILY_RAW_REQUESTS if the spending is expected; otherwise look into the accounts behind it.',
  },
} as const;

/** The mail telling one admin that a global daily budget was reached. */
export function budgetReachedMail(
  publicUrl: string,
  admin: { email: string; fullName: string; locale: 'sv' | 'en' },
  refusal: Pick<Refusal, 'what' | 'limit' | 'spent'>,
  day: string,
): Mail {
  const text = TEXT[admin.locale];
  const greeting = admin.locale === 'sv' ? `Hej ${admin.fullName}!` : `Hi ${admin.fullName},`;
  const body = text.body
    .replaceAll('{what}', text[refusal.what])
    .replace('{spent}', String(refusal.spent))
    .replace('{limit}', String(refusal.limit))
    .replace('{day}', day);
  return {
    to: admin.email,
    subject: text.subject,
    text: `${greeting}\n\n${body}\n\n${text.after}\n\n${publicUrl}/app/admin/provider-usage\n\n– Kollab\n`,
  };
}

/**
 * Mails every active admin (verified, not suspended) that a global budget was reached. Called once
 * per budget and day: the audit-log entry written with the refusal decides which request sends.
 * A failed mail is logged, never turned into the brand's error.
 */
export async function alertAdmins(
  deps: { db: Database; mailer: Mailer; logger: Logger; publicUrl: string },
  refusal: Refusal,
  day: string,
): Promise<void> {
  const admins = await deps.db
    .select({ email: users.email, fullName: users.fullName, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt), isNotNull(users.emailVerifiedAt)));
  deps.logger.warn({ budget: refusal.what, limit: refusal.limit, day }, 'global provider budget reached');
  for (const admin of admins) {
    await deps.mailer.send(budgetReachedMail(deps.publicUrl, admin, refusal, day)).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'could not mail the provider budget alert');
    });
  }
}

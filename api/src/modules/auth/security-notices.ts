import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';

type Locale = 'sv' | 'en';
export type SecurityNotice =
  | { kind: 'emailChangeRequested'; newEmail: string }
  | { kind: 'emailInUse' }
  | { kind: 'payoutMethodAdded'; method: string }
  | { kind: 'payoutMethodDefault'; method: string }
  | { kind: 'twoFactorEnabled' }
  | { kind: 'twoFactorDisabled' }
  | { kind: 'recoveryCodeUsed' }
  | { kind: 'recoveryCodesReplaced' };

const TEXT: Record<SecurityNotice['kind'], Record<Locale, { subject: string; body: string }>> = {
  emailChangeRequested: {
    sv: {
      subject: 'Någon vill byta e-postadress på ditt Kollab-konto',
      body: 'En ändring av ditt kontos e-postadress till {value} har begärts. Den gäller först när den bekräftas från den nya adressen.',
    },
    en: {
      subject: 'Someone asked to change the e-mail of your Kollab account',
      body: 'A change of your account’s e-mail address to {value} was requested. It only takes effect once confirmed from the new address.',
    },
  },
  emailInUse: {
    sv: {
      subject: 'Din adress angavs för ett annat Kollab-konto',
      body: 'Någon försökte flytta ett annat Kollab-konto till den här adressen. Inget har ändrats, och ditt konto är som förut.',
    },
    en: {
      subject: 'Your address was given for another Kollab account',
      body: 'Someone tried to move another Kollab account to this address. Nothing has changed, and your account is as before.',
    },
  },
  payoutMethodAdded: {
    sv: {
      subject: 'Ett nytt utbetalningssätt har lagts till',
      body: 'Utbetalningssättet {value} har lagts till på ditt Kollab-konto.',
    },
    en: {
      subject: 'A new payout method was added',
      body: 'The payout method {value} was added to your Kollab account.',
    },
  },
  payoutMethodDefault: {
    sv: {
      subject: 'Ditt förvalda utbetalningssätt har ändrats',
      body: '{value} är nu förvalt utbetalningssätt för ditt Kollab-konto.',
    },
    en: {
      subject: 'Your default payout method was changed',
      body: '{value} is now the default payout method of your Kollab account.',
    },
  },
  twoFactorEnabled: {
    sv: {
      subject: 'Tvåstegsverifiering är påslagen',
      body: 'Från och med nu loggar du in på Kollab med lösenord (eller Google) och en kod från din autentiseringsapp. Spara reservkoderna på ett säkert ställe.',
    },
    en: {
      subject: 'Two-factor sign-in is on',
      body: 'From now on you sign in to Kollab with your password (or Google) and a code from your authenticator app. Keep the recovery codes somewhere safe.',
    },
  },
  twoFactorDisabled: {
    sv: {
      subject: 'Tvåstegsverifiering är avstängd',
      body: 'Tvåstegsverifieringen för ditt Kollab-konto har stängts av. Du loggar nu in med bara lösenord eller Google.',
    },
    en: {
      subject: 'Two-factor sign-in is off',
      body: 'Two-factor sign-in for your Kollab account was turned off. You now sign in with only your password or Google.',
    },
  },
  recoveryCodeUsed: {
    sv: {
      subject: 'En reservkod användes för att logga in',
      body: 'Någon loggade in på ditt Kollab-konto med en av dina reservkoder. Varje kod fungerar en gång; skapa nya under Hantera konto om du har få kvar.',
    },
    en: {
      subject: 'A recovery code was used to sign in',
      body: 'Someone signed in to your Kollab account with one of your recovery codes. Each code works once; create new ones under Manage account if you have few left.',
    },
  },
  recoveryCodesReplaced: {
    sv: {
      subject: 'Nya reservkoder har skapats',
      body: 'Nya reservkoder har skapats för ditt Kollab-konto. De tidigare fungerar inte längre.',
    },
    en: {
      subject: 'New recovery codes were created',
      body: 'New recovery codes were created for your Kollab account. The earlier ones no longer work.',
    },
  },
};

const NOT_YOU: Record<Locale, string> = {
  sv: 'Var det inte du? Byt lösenord direkt på {link} och kontakta support@kollab.se.',
  en: 'Not you? Change your password right away at {link} and contact support@kollab.se.',
};

/** The notice in the recipient's language, with what to do if they did not do it themselves. */
export function securityNoticeMail(
  notice: SecurityNotice,
  recipient: { email: string; fullName: string; locale: Locale },
  publicUrl: string,
): Mail {
  const text = TEXT[notice.kind][recipient.locale];
  const value = 'newEmail' in notice ? notice.newEmail : 'method' in notice ? notice.method : '';
  const greeting = recipient.locale === 'sv' ? `Hej ${recipient.fullName}!` : `Hi ${recipient.fullName},`;
  const notYou = NOT_YOU[recipient.locale].replace('{link}', `${publicUrl}/app/account`);
  return {
    to: recipient.email,
    subject: text.subject,
    text: `${greeting}\n\n${text.body.replace('{value}', value)}\n\n${notYou}\n\n– Kollab\n`,
  };
}

/**
 * Mails the account's owner about a sensitive change. The change has been made, so a failure is
 * logged, never thrown.
 */
export async function sendSecurityNotice(
  deps: { mailer: Mailer; env: Env; logger?: Logger },
  recipient: { email: string; fullName: string; locale: Locale },
  notice: SecurityNotice,
): Promise<void> {
  try {
    await deps.mailer.send(securityNoticeMail(notice, recipient, deps.env.PUBLIC_URL));
  } catch (error) {
    deps.logger?.error({ err: error, notice: notice.kind }, 'security notice not sent');
  }
}

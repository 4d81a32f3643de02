import type { Mail } from '../../lib/mailer.ts';

type Kind = 'requested' | 'paid' | 'rejected' | 'sent' | 'returned';
type Locale = 'sv' | 'en';

/** "1 234,50 kr" in Swedish, "SEK 1,234.50" in English. */
export function formatSek(amountOre: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { style: 'currency', currency: 'SEK' }).format(
    amountOre / 100,
  );
}

const TEXT: Record<Kind, Record<Locale, { subject: string; body: string }>> = {
  requested: {
    sv: {
      subject: 'Vi har tagit emot din uttagsbegäran',
      body: 'Du har begärt ett uttag på {amount} till {method}. Vi meddelar dig när det är utbetalt.',
    },
    en: {
      subject: 'We received your withdrawal request',
      body: 'You asked to withdraw {amount} to {method}. We will tell you when it is paid.',
    },
  },
  paid: {
    sv: { subject: 'Ditt uttag är utbetalt', body: 'Vi har betalat ut {amount} till {method}. Referens: {reference}.' },
    en: { subject: 'Your withdrawal was paid', body: 'We paid {amount} to {method}. Reference: {reference}.' },
  },
  sent: {
    sv: {
      subject: 'Ditt uttag är på väg',
      body: 'Vi har skickat {amount} till {method}. Referens: {reference}. Vi meddelar dig när banken eller Swish har bekräftat betalningen.',
    },
    en: {
      subject: 'Your withdrawal is on its way',
      body: 'We sent {amount} to {method}. Reference: {reference}. We will tell you when the bank or Swish confirms it.',
    },
  },
  returned: {
    sv: {
      subject: 'Ditt uttag kom tillbaka',
      body: 'Utbetalningen på {amount} till {method} kom tillbaka och beloppet finns åter i ditt saldo. Kontrollera dina utbetalningsuppgifter och gör ett nytt uttag. Orsak från banken eller Swish: {reason}',
    },
    en: {
      subject: 'Your withdrawal came back',
      body: 'The payout of {amount} to {method} came back and the amount is in your balance again. Check your payout details and withdraw again. Reason given by the bank or Swish: {reason}',
    },
  },
  rejected: {
    sv: {
      subject: 'Ditt uttag kunde inte genomföras',
      body: 'Uttaget på {amount} kunde inte genomföras och beloppet är tillbaka i ditt saldo. Anledning: {reason}',
    },
    en: {
      subject: 'Your withdrawal could not be made',
      body: 'The withdrawal of {amount} could not be made and the amount is back in your balance. Reason: {reason}',
    },
  },
};

const HELD: Record<Locale, (time: string) => string> = {
  sv: (time) =>
    `Det är det första uttaget till ett nyligen tillagt utbetalningssätt, så vi granskar det först: det betalas ut tidigast ${time}.`,
  en: (time) =>
    `It is the first withdrawal to a newly added payout method, so we review it first: it is paid out ${time} at the earliest.`,
};

const NOT_YOU: Record<Locale, string> = {
  sv: 'Var det inte du? Byt lösenord direkt och kontakta support@kollab.se.',
  en: 'Not you? Change your password right away and contact support@kollab.se.',
};

/** "25 nov. 2026 18:30" in Swedish time, as people in Sweden read it. */
function formatTime(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(at);
}

export function withdrawalMail(
  kind: Kind,
  recipient: { email: string; fullName: string; locale: Locale },
  values: {
    amountOre: number;
    method: string;
    reference?: string | null;
    reason?: string | null;
    /** A request to a newly added payout method waits for review until then. */
    heldUntil?: Date | null;
    link: string;
  },
): Mail {
  const text = TEXT[kind][recipient.locale];
  const body = text.body
    .replace('{amount}', formatSek(values.amountOre, recipient.locale))
    .replace('{method}', values.method)
    .replace('{reference}', values.reference ?? '')
    .replace('{reason}', values.reason ?? '');
  const greeting = recipient.locale === 'sv' ? `Hej ${recipient.fullName}!` : `Hi ${recipient.fullName},`;
  const hold = values.heldUntil ? `\n\n${HELD[recipient.locale](formatTime(values.heldUntil, recipient.locale))}` : '';
  const notYou = kind === 'requested' ? `\n\n${NOT_YOU[recipient.locale]}` : '';
  return {
    to: recipient.email,
    subject: text.subject,
    text: `${greeting}\n\n${body}${hold}${notYou}\n\n${values.link}\n\n– Kollab\n`,
  };
}

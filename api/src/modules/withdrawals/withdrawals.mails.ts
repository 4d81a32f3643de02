import type { Mail } from '../../lib/mailer.ts';

type Kind = 'requested' | 'paid' | 'rejected';
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

export function withdrawalMail(
  kind: Kind,
  recipient: { email: string; fullName: string; locale: Locale },
  values: { amountOre: number; method: string; reference?: string | null; reason?: string | null; link: string },
): Mail {
  const text = TEXT[kind][recipient.locale];
  const body = text.body
    .replace('{amount}', formatSek(values.amountOre, recipient.locale))
    .replace('{method}', values.method)
    .replace('{reference}', values.reference ?? '')
    .replace('{reason}', values.reason ?? '');
  const greeting = recipient.locale === 'sv' ? `Hej ${recipient.fullName}!` : `Hi ${recipient.fullName},`;
  return { to: recipient.email, subject: text.subject, text: `${greeting}\n\n${body}\n\n${values.link}\n\n– Kollab\n` };
}

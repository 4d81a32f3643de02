import type { Mail } from '../../lib/mailer.ts';

type Locale = 'sv' | 'en';

/** Site pages that take the tokens from mails (site/src/lib/routes.ts has the same paths). */
const PAGES = {
  sv: { confirm: '/prenumerera/bekrafta/', unsubscribe: '/avsluta-prenumeration/' },
  en: { confirm: '/en/subscribe/confirm/', unsubscribe: '/en/unsubscribe/' },
} as const;

const TEXT = {
  sv: {
    confirmSubject: 'Bekräfta din prenumeration på Kollab',
    confirmBody: 'Tack för att du vill ha nyheter från Kollab! Bekräfta din e-postadress genom att öppna länken:',
    ignore:
      'Har du inte anmält dig? Då kan du bortse från det här meddelandet – utan bekräftelse skickar vi inget mer.',
    updatedSubject: 'Dina uppgifter hos Kollab är uppdaterade',
    updatedBody: 'Du prenumererar redan på Kollabs nyheter. Vi har uppdaterat dina konton och kategorier.',
    unsubscribe: 'Avsluta prenumerationen:',
  },
  en: {
    confirmSubject: 'Confirm your Kollab subscription',
    confirmBody: 'Thanks for signing up for news from Kollab! Confirm your e-mail address by opening this link:',
    ignore: "Didn't sign up? Then ignore this message – without confirmation we won't send anything else.",
    updatedSubject: 'Your Kollab details are updated',
    updatedBody: 'You already subscribe to news from Kollab. We have updated your accounts and categories.',
    unsubscribe: 'Unsubscribe:',
  },
} as const;

function link(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

export function confirmationMail(
  publicUrl: string,
  to: string,
  locale: Locale,
  tokens: { confirmToken: string; unsubscribeToken: string },
): Mail {
  const text = TEXT[locale];
  const confirmUrl = link(publicUrl, PAGES[locale].confirm, tokens.confirmToken);
  const unsubscribeUrl = link(publicUrl, PAGES[locale].unsubscribe, tokens.unsubscribeToken);
  return {
    to,
    subject: text.confirmSubject,
    text: `${text.confirmBody}\n\n${confirmUrl}\n\n${text.ignore}\n\n${text.unsubscribe} ${unsubscribeUrl}\n`,
  };
}

export function detailsUpdatedMail(publicUrl: string, to: string, locale: Locale, unsubscribeToken: string): Mail {
  const text = TEXT[locale];
  const unsubscribeUrl = link(publicUrl, PAGES[locale].unsubscribe, unsubscribeToken);
  return {
    to,
    subject: text.updatedSubject,
    text: `${text.updatedBody}\n\n${text.unsubscribe} ${unsubscribeUrl}\n`,
  };
}

import { CATEGORIES } from '@kollab/contract/categories';
import type { Mail } from '../../lib/mailer.ts';
import type { SubscribeOutcome, SubscriberDetails } from './subscribers.service.ts';

type Locale = 'sv' | 'en';

/** Site pages that take the tokens from mails (site/src/lib/routes.ts has the same paths). */
const PAGES = {
  sv: { confirm: '/prenumerera/bekrafta/', unsubscribe: '/avsluta-prenumeration/' },
  en: { confirm: '/en/subscribe/confirm/', unsubscribe: '/en/unsubscribe/' },
} as const;

const TEXT = {
  sv: {
    confirmSubject: 'Bekräfta din prenumeration på Kollab',
    confirmBody:
      'Tack för att du vill ha nyheter från Kollab! Bekräfta din e-postadress genom att öppna länken (den gäller i 7 dagar och kan användas en gång):',
    ignore:
      'Har du inte anmält dig? Då kan du bortse från det här meddelandet – utan bekräftelse skickar vi inget mer.',
    changeSubject: 'Bekräfta ändringen av din prenumeration på Kollab',
    changeBody:
      'Du prenumererar redan på Kollabs nyheter. Någon – förhoppningsvis du – vill ändra dina uppgifter till:',
    changeConfirm: 'Öppna länken inom 24 timmar för att genomföra ändringen:',
    changeIgnore: 'Var det inte du? Då kan du bortse från det här meddelandet – ingenting ändras.',
    categories: 'Kategorier',
    unsubscribe: 'Avsluta prenumerationen:',
  },
  en: {
    confirmSubject: 'Confirm your Kollab subscription',
    confirmBody:
      'Thanks for signing up for news from Kollab! Confirm your e-mail address by opening this link (valid for 7 days, usable once):',
    ignore: "Didn't sign up? Then ignore this message – without confirmation we won't send anything else.",
    changeSubject: 'Confirm the change to your Kollab subscription',
    changeBody: 'You already subscribe to news from Kollab. Someone – hopefully you – wants to change your details to:',
    changeConfirm: 'Open this link within 24 hours to make the change:',
    changeIgnore: "Wasn't it you? Then ignore this message – nothing changes.",
    categories: 'Categories',
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

/** Asks the owner of a confirmed subscription to confirm new details (the link expires; ADR 006). */
export function changeConfirmationMail(
  publicUrl: string,
  to: string,
  locale: Locale,
  change: { changeToken: string; unsubscribeToken: string; details: SubscriberDetails },
): Mail {
  const text = TEXT[locale];
  const { instagramName, tiktokName, categories } = change.details;
  const lines = [
    instagramName ? `Instagram: @${instagramName}` : null,
    tiktokName ? `TikTok: @${tiktokName}` : null,
    `${text.categories}: ${categories.map((key) => CATEGORIES[key][locale]).join(', ')}`,
  ].filter((line) => line !== null);
  const confirmUrl = link(publicUrl, PAGES[locale].confirm, change.changeToken);
  const unsubscribeUrl = link(publicUrl, PAGES[locale].unsubscribe, change.unsubscribeToken);
  return {
    to,
    subject: text.changeSubject,
    text: `${text.changeBody}\n\n${lines.join('\n')}\n\n${text.changeConfirm}\n\n${confirmUrl}\n\n${text.changeIgnore}\n\n${text.unsubscribe} ${unsubscribeUrl}\n`,
  };
}

/** The mail a subscribe request leads to: a confirmation, a change to confirm, or none (mail limit reached). */
export function subscribeMail(publicUrl: string, outcome: SubscribeOutcome): Mail | null {
  if (outcome.mail?.kind === 'confirm') return confirmationMail(publicUrl, outcome.email, outcome.locale, outcome.mail);
  if (outcome.mail?.kind === 'change')
    return changeConfirmationMail(publicUrl, outcome.email, outcome.locale, outcome.mail);
  return null;
}

import type { Mail } from '../../lib/mailer.ts';

type Locale = 'sv' | 'en';

/** Site pages that take the token (site/src/lib/routes.ts has the same paths). */
const CONFIRM_PAGE = { sv: '/radera-uppgifter/bekrafta/', en: '/en/data-deletion/confirm/' } as const;

const TEXT = {
  sv: {
    subject: 'Bekräfta att du vill att Kollab raderar dina uppgifter',
    body: 'Vi har tagit emot en begäran om att radera personuppgifterna som hör till den här e-postadressen. Bekräfta den genom att öppna länken (den gäller i 24 timmar och kan användas en gång):',
    after:
      'När du har bekräftat raderar vi ditt konto, din profil, dina meddelanden och din prenumeration inom 14 dagar. Uppgifter som bokföringslagen kräver att vi sparar behåller vi utan koppling till dig.',
    ignore: 'Har du inte bett om det här? Då kan du bortse från meddelandet – ingenting raderas utan bekräftelse.',
  },
  en: {
    subject: 'Confirm that you want Kollab to delete your data',
    body: 'We have received a request to delete the personal data linked to this e-mail address. Confirm it by opening this link (valid for 24 hours, usable once):',
    after:
      'Once you confirm, we delete your account, profile, messages and subscription within 14 days. Records that Swedish accounting law requires us to keep are retained without a link to you.',
    ignore: "Didn't ask for this? Then ignore this message – nothing is deleted without confirmation.",
  },
} as const;

export function deletionConfirmationMail(publicUrl: string, to: string, locale: Locale, token: string): Mail {
  const text = TEXT[locale];
  const url = `${publicUrl}${CONFIRM_PAGE[locale]}?token=${encodeURIComponent(token)}`;
  return { to, subject: text.subject, text: `${text.body}\n\n${url}\n\n${text.after}\n\n${text.ignore}\n` };
}

const DONE = {
  sv: {
    subject: 'Dina uppgifter hos Kollab är raderade',
    body: 'Vi har nu raderat personuppgifterna som hörde till den här e-postadressen: ditt konto, din profil, dina betalningsuppgifter och din prenumeration. Dina meddelanden finns kvar hos mottagarna men visas som från en raderad användare.',
    after:
      'Uppgifter som bokföringslagen kräver att vi sparar, som utbetalningar, finns kvar utan koppling till dig. Du behöver inte göra något mer.',
  },
  en: {
    subject: 'Your data at Kollab has been deleted',
    body: 'We have now deleted the personal data linked to this e-mail address: your account, profile, payment details and subscription. Your messages remain with their recipients but are shown as from a deleted user.',
    after:
      'Records that Swedish accounting law requires us to keep, such as payouts, are retained without a link to you. There is nothing more you need to do.',
  },
} as const;

/** Tells the requester that their data is gone (sent to the address captured in the request). */
export function deletionCompletedMail(to: string, locale: Locale): Mail {
  const text = DONE[locale];
  return { to, subject: text.subject, text: `${text.body}\n\n${text.after}\n` };
}

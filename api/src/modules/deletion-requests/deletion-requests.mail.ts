import type { DeletionHoldReason } from '@kollab/contract/api/deletion-requests';
import type { Mail } from '../../lib/mailer.ts';
import { formatSek } from '../withdrawals/withdrawals.mails.ts';

type Locale = 'sv' | 'en';

/** Site pages that take the token (site/src/lib/routes.ts has the same paths). */
const CONFIRM_PAGE = { sv: '/radera-uppgifter/bekrafta/', en: '/en/data-deletion/confirm/' } as const;

const TEXT = {
  sv: {
    subject: 'Bekräfta att du vill att Kollab raderar dina uppgifter',
    body: 'Vi har tagit emot en begäran om att radera personuppgifterna som hör till den här e-postadressen. Bekräfta den genom att öppna länken (den gäller i 24 timmar och kan användas en gång):',
    after:
      'När du har bekräftat raderar vi ditt konto, din profil, dina meddelanden och din prenumeration inom 14 dagar. Uppgifter som bokföringslagen kräver att vi sparar behåller vi utan koppling till dig.',
    money:
      'Har du ett konto med pengar eller pågående arbete gör vi först upp: pågående uttag betalas ut eller återförs, ett saldo betalas ut till din utbetalningsmetod (har du ingen behåller vi kontot tills du har tagit ut det), pågående ansökningar avbryts och ett varumärkes kampanjer avslutas. Logga in och välj Hantera konto för att se vad det innebär för dig.',
    ignore: 'Har du inte bett om det här? Då kan du bortse från meddelandet – ingenting raderas utan bekräftelse.',
  },
  en: {
    subject: 'Confirm that you want Kollab to delete your data',
    body: 'We have received a request to delete the personal data linked to this e-mail address. Confirm it by opening this link (valid for 24 hours, usable once):',
    after:
      'Once you confirm, we delete your account, profile, messages and subscription within 14 days. Records that Swedish accounting law requires us to keep are retained without a link to you.',
    money:
      "If you have an account with money or work in progress, we settle it first: pending withdrawals are paid out or returned, a balance is paid to your payout method (without one, we keep the account until you have withdrawn it), claims in progress are cancelled and a brand's campaigns are ended. Sign in and open Manage account to see what this means for you.",
    ignore: "Didn't ask for this? Then ignore this message – nothing is deleted without confirmation.",
  },
} as const;

export function deletionConfirmationMail(publicUrl: string, to: string, locale: Locale, token: string): Mail {
  const text = TEXT[locale];
  const url = `${publicUrl}${CONFIRM_PAGE[locale]}?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: text.subject,
    text: `${text.body}\n\n${url}\n\n${text.after}\n\n${text.money}\n\n${text.ignore}\n`,
  };
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

const HELD = {
  sv: {
    subject: 'Vi gör upp om dina pengar innan vi raderar dina uppgifter',
    withdrawals_pending:
      'Din begäran om radering behandlas nu. Först betalar vi ut det du har kvar{payout}. När utbetalningen är gjord raderar vi dina uppgifter och meddelar dig.',
    payout: ': {amount} till {method}',
    balance_held:
      'Din begäran om radering behandlas nu, men du har {amount} kvar i Kollab och vi har ingen utbetalningsmetod att betala till. Logga in och lägg till en – då betalar vi ut hela saldot – eller ta ut pengarna själv. Vi raderar dina uppgifter när saldot är noll. Vill du hellre ha kvar kontot kan du återkalla begäran under Hantera konto.',
  },
  en: {
    subject: 'We settle your money before we delete your data',
    withdrawals_pending:
      'Your deletion request is being processed. First we pay out what you have left{payout}. Once the payout is made, we delete your data and let you know.',
    payout: ': {amount} to {method}',
    balance_held:
      'Your deletion request is being processed, but you have {amount} left in Kollab and no payout method for us to pay it to. Sign in and add one – we then pay out the whole balance – or withdraw it yourself. We delete your data once the balance is zero. If you would rather keep your account, withdraw the request under Manage account.',
  },
} as const;

/**
 * Tells the requester why their data is not erased yet (ADR 022): a payout is on its way
 * (`payout`: the one this run made), or a balance is held until it is withdrawn.
 */
export function deletionHeldMail(
  to: string,
  locale: Locale,
  hold: DeletionHoldReason,
  values: { availableOre: number; payout: { amountOre: number; method: string } | null },
): Mail {
  const text = HELD[locale];
  const payout = values.payout
    ? text.payout
        .replace('{amount}', formatSek(values.payout.amountOre, locale))
        .replace('{method}', values.payout.method)
    : '';
  const body =
    hold === 'withdrawals_pending'
      ? text.withdrawals_pending.replace('{payout}', payout)
      : text.balance_held.replace('{amount}', formatSek(values.availableOre, locale));
  return { to, subject: text.subject, text: `${body}\n` };
}

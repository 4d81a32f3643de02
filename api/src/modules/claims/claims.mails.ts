import type { Mail } from '../../lib/mailer.ts';

type Locale = 'sv' | 'en';
export type ClaimMailKind =
  | 'invited'
  | 'claimed'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'expired'
  | 'submitted'
  | 'changes_requested'
  | 'accepted'
  // An account's erasure closed the claim (ADR 022): to the brand, to the creator.
  | 'creator_erased'
  | 'brand_erased'
  | 'brand_erased_accepted';

const SUBJECTS: Record<ClaimMailKind, Record<Locale, string>> = {
  invited: { sv: 'Du är inbjuden till en kampanj', en: 'You are invited to a campaign' },
  claimed: { sv: 'Ny ansökan till din kampanj', en: 'New claim on your campaign' },
  approved: { sv: 'Din ansökan är godkänd', en: 'Your claim was approved' },
  rejected: { sv: 'Din ansökan gick inte vidare', en: 'Your claim was not accepted' },
  cancelled: { sv: 'En ansökan har återkallats', en: 'A claim was withdrawn' },
  expired: { sv: 'En ansökan har gått ut', en: 'A claim has expired' },
  submitted: { sv: 'Nytt innehåll att granska', en: 'New content to review' },
  changes_requested: { sv: 'Varumärket ber om ändringar', en: 'The brand asks for changes' },
  accepted: { sv: 'Ditt innehåll är godkänt', en: 'Your content was accepted' },
  creator_erased: { sv: 'En kreatör har avslutat sitt konto', en: 'A creator has closed their account' },
  brand_erased: { sv: 'Kampanjen har avslutats', en: 'The campaign has ended' },
  brand_erased_accepted: { sv: 'Ditt innehåll är godkänt', en: 'Your content was accepted' },
};

const BODIES: Record<ClaimMailKind, Record<Locale, string>> = {
  invited: {
    sv: 'Du har matchats med kampanjen "{campaign}". Svara senast {respondBy}.',
    en: 'You were matched with the campaign "{campaign}". Please answer by {respondBy}.',
  },
  claimed: {
    sv: '{creator} vill vara med i kampanjen "{campaign}". Granska ansökan i Kollab.',
    en: '{creator} wants to join the campaign "{campaign}". Review the claim in Kollab.',
  },
  approved: {
    sv: 'Du är med i kampanjen "{campaign}". Skicka in din videolänk när innehållet är publicerat.',
    en: 'You are in the campaign "{campaign}". Submit your video link once the content is live.',
  },
  rejected: {
    sv: 'Din ansökan till "{campaign}" gick inte vidare.{reason}',
    en: 'Your claim on "{campaign}" was not accepted.{reason}',
  },
  cancelled: {
    sv: 'Ansökan till "{campaign}" har återkallats.{reason}',
    en: 'The claim on "{campaign}" was withdrawn.{reason}',
  },
  expired: { sv: 'Ansökan till "{campaign}" har gått ut.', en: 'The claim on "{campaign}" has expired.' },
  submitted: {
    sv: '{creator} har skickat in innehåll för "{campaign}". Granska det inom 3 arbetsdagar, annars godkänns det automatiskt.',
    en: '{creator} submitted content for "{campaign}". Review it within 3 working days, or it is accepted automatically.',
  },
  changes_requested: {
    sv: 'Varumärket bakom "{campaign}" ber om ändringar:{reason}',
    en: 'The brand behind "{campaign}" asks for changes:{reason}',
  },
  accepted: {
    sv: 'Ditt innehåll för "{campaign}" är godkänt. Ersättningen läggs till i ditt saldo.',
    en: 'Your content for "{campaign}" was accepted. The payout is added to your balance.',
  },
  creator_erased: {
    sv: 'En kreatör med en ansökan till "{campaign}" har avslutat sitt Kollab-konto. Ansökan är avbruten och platsen är ledig igen.',
    en: 'A creator with a claim on "{campaign}" has closed their Kollab account. The claim is cancelled and its slot is free again.',
  },
  brand_erased: {
    sv: 'Varumärket bakom "{campaign}" har avslutat sitt Kollab-konto, så kampanjen har avslutats och din ansökan är stängd. Ersättningar som redan finns i ditt saldo är dina.',
    en: 'The brand behind "{campaign}" has closed its Kollab account, so the campaign has ended and your claim is closed. Payouts already in your balance are yours.',
  },
  brand_erased_accepted: {
    sv: 'Varumärket bakom "{campaign}" har avslutat sitt Kollab-konto. Innehållet du skickade in godkänns som efter granskningstiden, och ersättningen läggs till i ditt saldo.',
    en: 'The brand behind "{campaign}" has closed its Kollab account. The content you submitted is accepted as it would be after the review period, and the payout is added to your balance.',
  },
};

/** A claim notification in the recipient's language, with a link to the claim in the portal. */
export function claimMail(
  kind: ClaimMailKind,
  recipient: { email: string; fullName: string; locale: Locale },
  values: { campaign: string; creator?: string; reason?: string | null; respondBy?: string; link: string },
): Mail {
  const locale = recipient.locale;
  const reason = values.reason ? `\n\n"${values.reason}"` : '';
  const body = BODIES[kind][locale]
    .replace('{campaign}', values.campaign)
    .replace('{creator}', values.creator ?? '')
    .replace('{respondBy}', values.respondBy ?? '')
    .replace('{reason}', reason);
  const greeting = locale === 'sv' ? `Hej ${recipient.fullName}!` : `Hi ${recipient.fullName},`;
  return {
    to: recipient.email,
    subject: SUBJECTS[kind][locale],
    text: `${greeting}\n\n${body}\n\n${values.link}\n\n– Kollab\n`,
  };
}

type Locale = 'sv' | 'en';

/** ISO 20022 return codes (ExternalReturnReason1Code) and Swish payout error codes a payee can act on. */
const REASONS: Record<string, Record<Locale, string>> = {
  AC01: { sv: 'kontonumret är felaktigt', en: 'the account number is wrong' },
  AC03: { sv: 'kontonumret är felaktigt', en: 'the account number is wrong' },
  AC04: { sv: 'kontot är avslutat', en: 'the account is closed' },
  AC06: { sv: 'kontot är spärrat', en: 'the account is blocked' },
  AG01: { sv: 'kontot tar inte emot den här betalningen', en: 'the account does not accept this payment' },
  BE04: { sv: 'mottagarens namn eller adress saknas', en: "the payee's name or address is missing" },
  MD06: { sv: 'betalningen återkallades', en: 'the payment was recalled' },
  RR01: { sv: 'uppgifter om mottagaren saknas', en: 'details about the payee are missing' },
  RJCT: { sv: 'banken avvisade betalningen', en: 'the bank rejected the payment' },
  ACMT07: {
    sv: 'numret är inte anslutet till Swish för utbetalningar',
    en: 'the number is not enrolled in Swish for payouts',
  },
  RF07: { sv: 'Swish avvisade betalningen', en: 'Swish declined the payment' },
  BE18: { sv: 'Swish-numret är felaktigt', en: 'the Swish number is wrong' },
  RP06: { sv: 'personnumret stämmer inte med Swish-numret', en: 'the personal number does not match the Swish number' },
  PA02: { sv: 'beloppet godtogs inte', en: 'the amount was not accepted' },
};

/** The reason a payout came back, in the creator's language, with the code for support. */
export function describeReturn(code: string | null, locale: Locale): string {
  const known = code ? REASONS[code]?.[locale] : undefined;
  const fallback = locale === 'sv' ? 'betalningen kom tillbaka' : 'the payment came back';
  return code ? `${known ?? fallback} (${code})` : fallback;
}

/**
 * BankID's recommended user messages (RFA, "Recommended Feedback to the user, Anvisning") in Swedish
 * and English, and which one belongs to a collect answer or an API error (ADR 026). The portal shows
 * exactly these texts; the API answers with `status` and `hintCode` as BankID gave them.
 */
export const BANKID_MESSAGES = {
  RFA1: { sv: 'Starta BankID-appen.', en: 'Start your BankID app.' },
  RFA2: {
    sv: 'Du verkar inte ha BankID-appen. Installera den och skaffa ett BankID.',
    en: "You don't seem to have the BankID app. Install the app and get a BankID.",
  },
  RFA3: { sv: 'Åtgärden avbröts. Försök igen.', en: 'The action was cancelled. Please try again.' },
  RFA4: {
    sv: 'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
    en: 'An identification or signature is already in progress for your personal identity number. Please try again.',
  },
  RFA5: { sv: 'Något gick fel. Försök igen.', en: 'Something went wrong. Please try again.' },
  RFA6: { sv: 'Åtgärden avbröts.', en: 'The action was cancelled.' },
  RFA8: {
    sv: 'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök sedan igen.',
    en: 'The BankID app is not responding. Please check that it’s started and that you have internet access. Try again.',
  },
  RFA9: {
    sv: 'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
    en: 'Enter your security code in the BankID app and select Identify or Sign.',
  },
  RFA13: { sv: 'Försöker starta BankID-appen.', en: 'Trying to start your BankID app.' },
  RFA15A: {
    sv: 'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på kort, sätt in kortet i kortläsaren.',
    en: 'Searching for BankID. Make sure you have a valid BankID on this computer. If you have a BankID on card, please insert the card into your card reader.',
  },
  RFA15B: {
    sv: 'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.',
    en: 'Searching for BankID. Make sure you have a valid BankID on this device.',
  },
  RFA16: {
    sv: 'Ditt BankID är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
    en: 'Your BankID is blocked or too old. Please use another BankID or get a new one from your bank.',
  },
  RFA17A: {
    sv: 'Du verkar inte ha BankID-appen/programmet. Installera den och skaffa ett BankID hos din bank.',
    en: "You don't seem to have the BankID app/program. Please install it and get a BankID from your bank.",
  },
  RFA17B: {
    sv: 'Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.',
    en: 'Failed to scan the QR code. Start the BankID app and scan the QR code.',
  },
  RFA20: {
    sv: 'Vill du använda BankID på den här enheten eller på en annan enhet?',
    en: 'Do you want to use BankID on this device or another device?',
  },
  RFA21: { sv: 'En identifiering eller underskrift pågår.', en: 'An identification or signing is in progress.' },
  RFA22: { sv: 'Något gick fel. Försök igen.', en: 'Something went wrong. Please try again.' },
  RFA23: {
    sv: 'Fotografera och läs av din ID-handling med BankID-appen.',
    en: 'Take a photo of, and scan, your ID document with the BankID app.',
  },
} as const satisfies Record<string, { sv: string; en: string }>;

export type BankIdRfa = keyof typeof BANKID_MESSAGES;
export type BankIdLocale = 'sv' | 'en';

/** What the user is doing: scanning the QR code on another device, or the app on this device (autostart). */
export interface BankIdContext {
  sameDevice: boolean;
  /** A phone or tablet (RFA15B) rather than a computer (RFA15A). */
  mobile?: boolean;
}

/** The message for a `pending` or `failed` collect answer (BankID's hintCode table). */
export function bankIdRfaForCollect(
  status: 'pending' | 'failed',
  hintCode: string | undefined,
  context: BankIdContext,
): BankIdRfa {
  if (status === 'pending') {
    switch (hintCode) {
      case 'outstandingTransaction':
        return context.sameDevice ? 'RFA13' : 'RFA1';
      case 'noClient':
        return 'RFA1';
      case 'started':
        return context.mobile ? 'RFA15B' : 'RFA15A';
      case 'userSign':
        return 'RFA9';
      case 'userMrtd':
        return 'RFA23';
      default:
        return 'RFA21';
    }
  }
  switch (hintCode) {
    case 'expiredTransaction':
      return 'RFA8';
    case 'certificateErr':
      return 'RFA16';
    case 'userCancel':
      return 'RFA6';
    case 'cancelled':
      return 'RFA3';
    case 'startFailed':
      return context.sameDevice ? 'RFA17A' : 'RFA17B';
    default:
      return 'RFA22';
  }
}

/**
 * The message for an error answered by BankID's API (HTTP 4xx/5xx `errorCode`), or null for the
 * errors that are the relying party's own fault and must not be shown as a BankID error.
 */
export function bankIdRfaForError(errorCode: string): BankIdRfa | null {
  if (errorCode === 'alreadyInProgress') return 'RFA4';
  if (['requestTimeout', 'internalError', 'maintenance'].includes(errorCode)) return 'RFA5';
  return null;
}

export function bankIdMessage(rfa: BankIdRfa, locale: BankIdLocale): string {
  return BANKID_MESSAGES[rfa][locale];
}

/**
 * The link that starts the BankID app on this device with the order's autostart token;
 * `redirect=null` lets the app return to the browser that opened it. `appUrl` is BankID's universal
 * link `https://app.bankid.com/` (or a stand-in's page in development).
 */
export function bankIdAutostartLink(autoStartToken: string, appUrl = 'https://app.bankid.com/'): string {
  const url = new URL(appUrl);
  url.searchParams.set('autostarttoken', autoStartToken);
  url.searchParams.set('redirect', 'null');
  return url.toString();
}

/**
 * The test cards and payment-method tokens the stand-in knows, as Stripe documents them for test
 * mode (docs.stripe.com/testing), plus two of its own for provider faults. Any other card number
 * that passes the Luhn check succeeds, like an ordinary Visa.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; code: string; declineCode?: string; message: string }
  | { kind: 'three_d_secure' }
  | { kind: 'server_error' }
  | { kind: 'hang' };

export interface TestCard {
  number: string;
  token: string;
  brand: string;
  outcome: CardOutcome;
}

const declined = (declineCode: string, message: string): CardOutcome => ({
  kind: 'declined',
  code: 'card_declined',
  declineCode,
  message,
});

export const TEST_CARDS: TestCard[] = [
  { number: '4242424242424242', token: 'pm_card_visa', brand: 'visa', outcome: { kind: 'succeeds' } },
  { number: '5555555555554444', token: 'pm_card_mastercard', brand: 'mastercard', outcome: { kind: 'succeeds' } },
  {
    number: '4000000000000002',
    token: 'pm_card_chargeDeclined',
    brand: 'visa',
    outcome: declined('generic_decline', 'Your card was declined.'),
  },
  {
    number: '4000000000009995',
    token: 'pm_card_chargeDeclinedInsufficientFunds',
    brand: 'visa',
    outcome: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  {
    number: '4000000000000069',
    token: 'pm_card_chargeDeclinedExpiredCard',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' },
  },
  {
    number: '4000000000000119',
    token: 'pm_card_chargeDeclinedProcessingError',
    brand: 'visa',
    outcome: { kind: 'declined', code: 'processing_error', message: 'An error occurred while processing your card.' },
  },
  {
    number: '4000002760003184',
    token: 'pm_card_threeDSecure2Required',
    brand: 'visa',
    outcome: { kind: 'three_d_secure' },
  },
  {
    number: '4000002500003155',
    token: 'pm_card_authenticationRequired',
    brand: 'visa',
    outcome: { kind: 'three_d_secure' },
  },
  // The stand-in's own: the provider answers 500, or never answers (the client's timeout).
  { number: '4000000000000500', token: 'pm_card_standInServerError', brand: 'visa', outcome: { kind: 'server_error' } },
  { number: '4000000000000504', token: 'pm_card_standInTimeout', brand: 'visa', outcome: { kind: 'hang' } },
];

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardByNumber(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

export function cardByToken(token: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.token === token);
}

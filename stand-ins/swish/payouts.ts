/** The stand-in's memory of payouts, keyed by payoutInstructionUUID. */
export interface StandInPayout {
  payoutInstructionUUID: string;
  payerPaymentReference: string;
  paymentReference: string | null;
  callbackUrl: string;
  payerAlias: string;
  payeeAlias: string;
  payeeSSN: string;
  amount: string;
  currency: string;
  message: string;
  payoutType: string;
  status: 'CREATED' | 'PAID' | 'ERROR';
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * The refusal rules (README.md): a payout the stand-in refuses at once (HTTP 422, nothing
 * created), and one it accepts and then fails in the callback (status ERROR).
 */
export function refusal(payload: {
  amount: string;
  payeeSSN: string;
}): { errorCode: string; errorMessage: string } | null {
  if (payload.amount === '666.00')
    return { errorCode: 'PA02', errorMessage: 'Amount value is too large, or amount exceeds the amount allowed' };
  if (!/^(19|20)\d{10}$/.test(payload.payeeSSN))
    return { errorCode: 'RP06', errorMessage: 'payeeSSN is not a 12-digit personal number' };
  return null;
}

export function callbackFailure(payload: { payeeAlias: string }): { errorCode: string; errorMessage: string } | null {
  return payload.payeeAlias.endsWith('0000')
    ? { errorCode: 'ACMT07', errorMessage: 'Payee not enrolled in Swish for payouts' }
    : null;
}

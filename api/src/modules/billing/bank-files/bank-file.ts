/** What the bank-file parsers (BgMax, camt.054) hand the import: incoming payments, one per line. */
export interface IncomingPayment {
  /**
   * The bank's own identity of the payment, unique across files: a payment seen again (in the
   * same file, or another file covering the same day) is recognised by it and never moves money
   * twice (`bank_payments.bank_reference` is unique).
   */
  bankReference: string;
  /** The payer's references (OCR numbers or free text), as given; the first is the main one. */
  references: string[];
  /** Öre; a negative amount is a deduction (BgMax TK21) or a reversal. */
  amountOre: number;
  /** The booking date, YYYY-MM-DD. */
  bookedOn: string;
  payerName: string | null;
}

export interface ParsedBankFile {
  format: 'bgmax' | 'camt054';
  /** The account the payments were made to (Bankgiro number or IBAN). */
  account: string;
  currency: string;
  payments: IncomingPayment[];
}

/** A file that is not what it claims to be; `line` is 1-based (0 when the file as a whole is wrong). */
export class BankFileError extends Error {
  override name = 'BankFileError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.line = line;
  }
}

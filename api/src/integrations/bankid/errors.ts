/**
 * A failed call to BankID. `errorCode` is BankID's own (`alreadyInProgress`, `invalidParameters`,
 * `unauthorized`, `notFound`, `requestTimeout`, `internalError`, `maintenance`, …) or, when BankID
 * gave no answer we can read, `unavailable` (connection refused, TLS failure), `timeout` or `badAnswer`.
 */
export class BankIdError extends Error {
  override name = 'BankIdError';
  readonly errorCode: string;
  readonly httpStatus: number | undefined;

  constructor(errorCode: string, message: string, options?: { httpStatus?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.errorCode = errorCode;
    this.httpStatus = options?.httpStatus;
  }
}

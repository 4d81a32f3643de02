/**
 * A failed call to Swish. `errorCode` is Swish's own (PA02 amount, ACMT07 payee not enrolled,
 * RP06 personal number does not match, FF08 reference, …) or, when Swish gave nothing we can read,
 * `unavailable`, `timeout` or `badAnswer`. `definite` tells whether Swish certainly refused the
 * payout (a 4xx answer): only then may the money go back to the creator at once.
 */
export class SwishError extends Error {
  override name = 'SwishError';
  readonly errorCode: string;
  readonly httpStatus: number | undefined;
  readonly definite: boolean;

  constructor(errorCode: string, message: string, options?: { httpStatus?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.errorCode = errorCode;
    this.httpStatus = options?.httpStatus;
    this.definite = options?.httpStatus !== undefined && options.httpStatus >= 400 && options.httpStatus < 500;
  }
}

import { z } from 'zod';

/**
 * The closed list of error codes and their HTTP status. Clients branch on `code`; the portal and
 * site show text from their sv/en dictionaries keyed by it, never the English `message`.
 */
export const ERROR_STATUS = {
  /** Malformed request: bad JSON, unsupported parameter combination. */
  bad_request: 400,
  /** No session, an expired one, or wrong credentials. */
  unauthorized: 401,
  /** Signed in but not allowed (role), or a failed CSRF check. */
  forbidden: 403,
  /** A sensitive action (e-mail, payout method, withdrawal) needs a recent sign-in: confirm the password. */
  reauthentication_required: 403,
  /** Admins act only with a second factor: set up an authenticator app in Manage account first (ADR 024). */
  two_factor_required: 403,
  /** Missing resource, unknown route, or another tenant's resource (ADR 004). */
  not_found: 404,
  /** Unique violation or an invalid state transition. */
  conflict: 409,
  /** Request body over the size limit. */
  payload_too_large: 413,
  /** Schema violation at the edge, or a business rule tied to a field. */
  validation_failed: 422,
  /** Too many attempts; the response carries `Retry-After`. */
  rate_limited: 429,
  /** Anything unexpected; details only in the logs. */
  internal_error: 500,
  /** A dependency (database, provider) is down. */
  service_unavailable: 503,
  /** The influencer-data provider failed or answered something we cannot read. */
  provider_error: 502,
  /** The influencer-data provider did not answer in time. */
  provider_timeout: 504,
  /** The brand spent its provider credits or raw requests for today (`PROVIDER_DAILY_CREDIT_CAP`, `PROVIDER_DAILY_RAW_CAP`). */
  credit_cap_reached: 429,
  /** Kollab's provider budget for all brands together is spent for today (`PROVIDER_GLOBAL_DAILY_*`). */
  provider_budget_reached: 429,
  /** Discovery spends provider credits: only for accounts whose e-mail address is verified. */
  email_not_verified: 403,
  /** The provider is still preparing the data (performance data); ask again in a few minutes. */
  retry_later: 409,
  /** The campaign must be paid for (funded) before it can go live. */
  payment_required: 402,
  /** Approving this claim would promise more than the campaign's escrow holds. */
  not_funded: 409,
  /** The card issuer declined the payment (`fields.card` names the reason, e.g. `insufficient_funds`). */
  card_declined: 402,
  /** The payment provider failed or answered something we cannot read; no money moved. */
  payment_provider_error: 502,
  /** The payment provider did not answer in time; the payment is checked again before anything moves. */
  payment_provider_timeout: 504,
  /** A webhook whose signature is missing, wrong or too old. */
  invalid_signature: 400,
  /** BankID is not configured, cannot be reached, did not answer in time or is in maintenance (RFA5). */
  bankid_unavailable: 503,
  /** BankID refused a second order for a person who already has one in progress (RFA4). */
  bankid_already_in_progress: 409,
  /** The action needs an identity verified with BankID (withdrawals after `IDENTITY_REQUIRED_FROM`, campaigns that ask for it). */
  identity_required: 403,
  /** The account's bio does not hold the verification code (yet): put it there, then check again (ADR 032). */
  verification_code_not_found: 422,
  /** The verification code is past its time (or none was started): start again for a new one. */
  verification_expired: 409,
  /** The provider knows no public account with this handle. */
  social_account_not_found: 422,
  /** The account is private: the provider cannot read its bio. */
  social_account_private: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

/** The one error envelope every failed request answers with (STYLE.md). */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: 'For developers; show text chosen by `code`.' }),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: 'Messages per dotted field path; `$` is the whole body.' }),
      requestId: z.string(),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

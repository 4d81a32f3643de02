import https from 'node:https';
import { exchange } from '../exchange.ts';
import { SwishError } from './errors.ts';
import { SwishErrorsSchema, type SwishPayout, type SwishPayoutRequest, SwishPayoutSchema } from './schemas.ts';
import { signPayload } from './signature.ts';

export interface SwishClientOptions {
  /** e.g. `https://cpc.getswish.net/swish-cpcapi` (production), `https://mss.cpc.getswish.net/swish-cpcapi` (test). */
  baseUrl: string;
  /** Transport certificate and key (mutual TLS) and the CA Swish's server chains to, PEM. */
  tls: { cert: Buffer; key: Buffer; ca: Buffer };
  /** The payout signing certificate's RSA key (PEM) and serial number (hex). */
  signing: { key: Buffer; serialNumber: string };
  /** Kollab's Swish number, 123…. */
  payerAlias: string;
  timeoutMs: number;
}

export interface SwishClient {
  /** Sends a payout; Swish answers 201 and later calls `callbackUrl` with PAID or ERROR. */
  createPayout(request: SwishPayoutRequest): Promise<void>;
  getPayout(instructionId: string): Promise<SwishPayout>;
}

const amountOf = (ore: number) => `${Math.trunc(ore / 100)}.${String(ore % 100).padStart(2, '0')}`;

/** Swish's instruction date, local Swedish time as YYYY-MM-DDTHH:mm:ss. */
const instructionDate = (at: Date) => at.toLocaleString('sv-SE', { timeZone: 'Europe/Stockholm' }).replace(' ', 'T');

/**
 * The Swish Payouts API v1 over HTTPS with the transport certificate (ADR 029): `POST
 * /api/v1/payouts` with the signed payload, `GET /api/v1/payouts/{id}`.
 */
export function createSwishClient(options: SwishClientOptions): SwishClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const agent = new https.Agent({ keepAlive: true, ...options.tls, rejectUnauthorized: true });

  const request = (method: 'GET' | 'POST', path: string, body?: string) =>
    exchange(
      `${base}${path}`,
      { method, agent, body, timeoutMs: options.timeoutMs },
      (kind, message, cause) => new SwishError(kind, `Swish: ${message}`, cause ? { cause } : {}),
    );

  function failure(what: string, status: number, text: string): SwishError {
    let code = status >= 500 ? 'unavailable' : 'badAnswer';
    try {
      const errors = SwishErrorsSchema.safeParse(JSON.parse(text));
      if (errors.success && errors.data[0]) code = errors.data[0].errorCode;
    } catch {
      // not JSON: keep the generic code
    }
    return new SwishError(code, `Swish ${what}: HTTP ${status} ${code}`, { httpStatus: status });
  }

  return {
    async createPayout(input) {
      const payload = {
        payoutInstructionUUID: input.payoutInstructionUUID,
        payerPaymentReference: input.payerPaymentReference,
        signingCertificateSerialNumber: options.signing.serialNumber,
        payerAlias: options.payerAlias,
        payeeAlias: input.payeeAlias,
        payeeSSN: input.payeeSSN,
        amount: amountOf(input.amountOre),
        currency: 'SEK',
        payoutType: 'PAYOUT',
        instructionDate: instructionDate(new Date()),
        message: input.message.slice(0, 50),
      };
      const json = JSON.stringify(payload);
      // The payload is spliced in as the exact string that was signed.
      const body = `{"payload":${json},"callbackUrl":${JSON.stringify(input.callbackUrl)},"signature":${JSON.stringify(signPayload(json, options.signing.key))}}`;
      const { status, text } = await request('POST', '/api/v1/payouts', body);
      if (status !== 201 && status !== 200) throw failure('payout', status, text);
    },
    async getPayout(instructionId) {
      const { status, text } = await request('GET', `/api/v1/payouts/${encodeURIComponent(instructionId)}`);
      if (status !== 200) throw failure('payout status', status, text);
      try {
        const parsed = SwishPayoutSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch (error) {
        throw new SwishError('badAnswer', 'Swish payout status: answer is not JSON', {
          httpStatus: status,
          cause: error,
        });
      }
      throw new SwishError('badAnswer', 'Swish payout status: unexpected answer', { httpStatus: status });
    },
  };
}

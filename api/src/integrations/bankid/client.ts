import http from 'node:http';
import https from 'node:https';
import type { z } from 'zod';
import { exchange } from '../exchange.ts';
import { BankIdError } from './errors.ts';
import {
  type BankIdCollectAnswer,
  type BankIdOrderRequest,
  type BankIdStartAnswer,
  CollectAnswerSchema,
  ErrorAnswerSchema,
  StartAnswerSchema,
} from './schemas.ts';

/** The relying party's client certificate (mutual TLS) and the CA that BankID's server certificate chains to. */
export interface BankIdTls {
  /** PKCS#12 file with the RP certificate and its key (what BankID issues), or `cert` + `key` in PEM. */
  pfx?: Buffer;
  passphrase?: string;
  cert?: Buffer;
  key?: Buffer;
  /** BankID's issuing CA (test or production) in PEM; the server is trusted only through it. */
  ca?: Buffer;
}

export interface BankIdClientOptions {
  /** e.g. `https://appapi2.bankid.com/rp/v6.0` (production), `https://appapi2.test.bankid.com/rp/v6.0` (test). */
  baseUrl: string;
  tls?: BankIdTls;
  timeoutMs: number;
}

export interface BankIdClient {
  auth(request: BankIdOrderRequest): Promise<BankIdStartAnswer>;
  sign(request: BankIdOrderRequest & { userVisibleData: string }): Promise<BankIdStartAnswer>;
  collect(orderRef: string): Promise<BankIdCollectAnswer>;
  cancel(orderRef: string): Promise<void>;
}

const base64 = (text: string | undefined) =>
  text === undefined ? undefined : Buffer.from(text, 'utf8').toString('base64');

function orderBody(request: BankIdOrderRequest): Record<string, unknown> {
  return {
    endUserIp: request.endUserIp,
    ...(request.personalNumber ? { requirement: { personalNumber: request.personalNumber } } : {}),
    ...(request.userVisibleData !== undefined
      ? {
          userVisibleData: base64(request.userVisibleData),
          userVisibleDataFormat: request.userVisibleDataFormat ?? 'plaintext',
        }
      : {}),
    ...(request.userNonVisibleData !== undefined ? { userNonVisibleData: base64(request.userNonVisibleData) } : {}),
  };
}

/**
 * BankID's relying-party API v6.0 over HTTPS with the RP certificate (Node's https Agent carries the
 * client certificate; the server must chain to `tls.ca`). A plain `http://` base URL is accepted only
 * for a local stand-in (ADR 026).
 */
export function createBankIdClient(options: BankIdClientOptions): BankIdClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const secure = base.startsWith('https://');
  const agent = secure
    ? new https.Agent({ keepAlive: true, ...options.tls, rejectUnauthorized: true })
    : new http.Agent({ keepAlive: true });

  async function call<T>(method: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const { status, text } = await post(`${base}/${method}`, JSON.stringify(body));
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch (error) {
      throw new BankIdError('badAnswer', `BankID ${method}: answer is not JSON (HTTP ${status})`, { cause: error });
    }
    if (status >= 200 && status < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        throw new BankIdError('badAnswer', `BankID ${method}: unexpected answer`, { httpStatus: status });
      return parsed.data;
    }
    const error = ErrorAnswerSchema.safeParse(json);
    const code = error.success ? error.data.errorCode : status === 503 ? 'maintenance' : 'badAnswer';
    throw new BankIdError(code, `BankID ${method}: HTTP ${status} ${code}`, { httpStatus: status });
  }

  const post = (url: string, payload: string) =>
    exchange(
      url,
      { method: 'POST', agent, body: payload, timeoutMs: options.timeoutMs },
      (kind, message, cause) => new BankIdError(kind, `BankID: ${message}`, cause ? { cause } : {}),
    );

  return {
    auth: (request) => call('auth', orderBody(request), StartAnswerSchema),
    sign: (request) => call('sign', orderBody(request), StartAnswerSchema),
    collect: (orderRef) => call('collect', { orderRef }, CollectAnswerSchema),
    cancel: async (orderRef) => {
      await call('cancel', { orderRef }, ErrorAnswerSchema.partial());
    },
  };
}

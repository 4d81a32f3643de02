/**
 * The Swish stand-in: the Swish Payouts API v1 (`POST /api/v1/payouts` with a signed payload,
 * `GET /api/v1/payouts/{payoutInstructionUUID}`), checking the signature against the signing
 * certificate it issued, then calling the payout's callback URL with status PAID or ERROR. No real
 * money, no real Swish: see README.md.
 */
import { createHash, createVerify, randomBytes, X509Certificate } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { callbackFailure, refusal, type StandInPayout } from './payouts.ts';

export interface SwishStandInOptions {
  /** The signing certificate (PEM) whose key signs payouts. */
  signingCertificate: string;
  /** How long until the callback is made. */
  callbackDelayMs?: number;
  /** Delivers a callback; by default a POST with fetch. */
  deliver?: (url: string, body: string) => Promise<void>;
}

export interface SwishStandInApp {
  app: Hono;
  payouts: Map<string, StandInPayout>;
  /** Sends the payout's callback (again), as Swish might: for tests of duplicated callbacks. */
  sendCallback(instructionId: string): Promise<void>;
  /** Callbacks still scheduled, so tests can wait for them. */
  idle(): Promise<void>;
}

const PayloadSchema = z.object({
  payoutInstructionUUID: z.string().regex(/^[0-9A-F]{32}$/),
  payerPaymentReference: z.string().regex(/^[0-9A-Za-z]{1,35}$/),
  signingCertificateSerialNumber: z.string().min(1),
  payerAlias: z.string().regex(/^123\d{7}$/),
  payeeAlias: z.string().regex(/^467\d{8}$/),
  payeeSSN: z.string(),
  amount: z.string().regex(/^\d{1,9}\.\d{2}$/),
  currency: z.literal('SEK'),
  payoutType: z.literal('PAYOUT'),
  instructionDate: z.string().min(1),
  message: z.string().max(50),
});

const error = (errorCode: string, errorMessage: string) => [{ errorCode, errorMessage, additionalInformation: null }];

/** The raw `payload` member of the request body, exactly as sent (the signature covers these bytes). */
function rawPayload(body: string): string | null {
  const match = /^\s*\{\s*"payload"\s*:\s*/.exec(body);
  if (!match) return null;
  let depth = 0;
  let inString = false;
  for (let i = match[0].length; i < body.length; i += 1) {
    const char = body[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return body.slice(match[0].length, i + 1);
    }
  }
  return null;
}

export function createSwishStandIn(options: SwishStandInOptions): SwishStandInApp {
  const certificate = new X509Certificate(options.signingCertificate);
  const serial = certificate.serialNumber.toLowerCase();
  const payouts = new Map<string, StandInPayout>();
  const pending = new Set<Promise<void>>();
  const deliver =
    options.deliver ??
    (async (url: string, body: string) => {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    });

  async function sendCallback(instructionId: string): Promise<void> {
    const payout = payouts.get(instructionId);
    if (!payout) throw new Error(`no payout ${instructionId}`);
    const { callbackUrl, ...rest } = payout;
    await deliver(callbackUrl, JSON.stringify({ ...rest, callbackUrl }));
  }

  function settleLater(payout: StandInPayout): void {
    const job = new Promise<void>((resolve) => setTimeout(resolve, options.callbackDelayMs ?? 300)).then(async () => {
      const failure = callbackFailure(payout);
      if (failure) Object.assign(payout, { status: 'ERROR', ...failure });
      else
        Object.assign(payout, {
          status: 'PAID',
          paymentReference: randomBytes(16).toString('hex').toUpperCase(),
          datePaid: new Date().toISOString(),
        });
      await sendCallback(payout.payoutInstructionUUID).catch(() => undefined);
    });
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  const app = new Hono();
  app.post('/api/v1/payouts', async (c) => {
    const body = await c.req.text();
    const raw = rawPayload(body);
    let parsed: { payload?: unknown; callbackUrl?: unknown; signature?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return c.json(error('PA01', 'The body is not JSON'), 400);
    }
    const payload = PayloadSchema.safeParse(parsed.payload);
    if (!payload.success || raw === null) return c.json(error('PA01', 'Parameter is not correct'), 422);
    if (typeof parsed.callbackUrl !== 'string' || !/^https?:\/\//.test(parsed.callbackUrl)) {
      return c.json(error('RP03', 'Callback URL is missing or does not use HTTPS'), 422);
    }
    if (payload.data.signingCertificateSerialNumber.toLowerCase() !== serial) {
      return c.json(error('SG01', 'Unknown signing certificate serial number'), 422);
    }
    const hash = createHash('sha512').update(raw, 'utf8').digest();
    const signed =
      typeof parsed.signature === 'string' &&
      createVerify('sha512').update(hash).verify(certificate.publicKey, parsed.signature, 'base64');
    if (!signed) return c.json(error('SG02', 'The signature does not match the payload'), 422);
    if (payouts.has(payload.data.payoutInstructionUUID)) {
      return c.json(error('RP09', 'The payoutInstructionUUID has already been used'), 409);
    }
    const refused = refusal(payload.data);
    if (refused) return c.json(error(refused.errorCode, refused.errorMessage), 422);
    const { signingCertificateSerialNumber: _serial, instructionDate: _date, ...fields } = payload.data;
    const payout: StandInPayout = {
      ...fields,
      callbackUrl: parsed.callbackUrl,
      paymentReference: null,
      status: 'CREATED',
      dateCreated: new Date().toISOString(),
      datePaid: null,
      errorCode: null,
      errorMessage: null,
    };
    payouts.set(payout.payoutInstructionUUID, payout);
    settleLater(payout);
    c.header('Location', `${new URL(c.req.url).origin}/api/v1/payouts/${payout.payoutInstructionUUID}`);
    return c.body(null, 201);
  });
  app.get('/api/v1/payouts/:id', (c) => {
    const payout = payouts.get(c.req.param('id'));
    if (!payout) return c.json(error('RP04', 'No payout found'), 404);
    const { callbackUrl: _url, ...rest } = payout;
    return c.json(rest, 200);
  });

  return {
    app,
    payouts,
    sendCallback,
    idle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

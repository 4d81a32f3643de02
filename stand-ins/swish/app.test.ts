import { createHash, createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwishStandIn, type SwishStandInApp } from './app.ts';
import { createSwishPki, type SwishPki } from './pki.ts';

let pki: SwishPki;
let standIn: SwishStandInApp;
const callbacks: { url: string; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  pki = await createSwishPki();
  standIn = createSwishStandIn({
    signingCertificate: pki.signing.cert,
    callbackDelayMs: 5,
    deliver: async (url, body) => {
      callbacks.push({ url, body: JSON.parse(body) as Record<string, unknown> });
    },
  });
});
afterAll(async () => {
  await standIn.idle();
});

let sequence = 0;
function payload(overrides: Record<string, string> = {}) {
  sequence += 1;
  return {
    payoutInstructionUUID: String(sequence).padStart(32, '0'),
    payerPaymentReference: `REF${sequence}`,
    signingCertificateSerialNumber: pki.signing.serialNumber,
    payerAlias: '1231234567',
    payeeAlias: '46701234567',
    payeeSSN: '199001012389',
    amount: '100.00',
    currency: 'SEK',
    payoutType: 'PAYOUT',
    instructionDate: '2026-11-26T10:00:00',
    message: 'Test',
    ...overrides,
  };
}

function send(body: ReturnType<typeof payload>, key = pki.signing.key) {
  const json = JSON.stringify(body);
  const signature = createSign('sha512').update(createHash('sha512').update(json).digest()).sign(key, 'base64');
  return standIn.app.request('/api/v1/payouts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"payload":${json},"callbackUrl":"https://kollab.example/cb","signature":"${signature}"}`,
  });
}

describe('Swish stand-in', () => {
  it('accepts a signed payout, answers 201 with its Location, then calls back PAID', async () => {
    const body = payload();
    const res = await send(body);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`/api/v1/payouts/${body.payoutInstructionUUID}$`));
    await standIn.idle();
    const callback = callbacks.find((c) => c.body.payoutInstructionUUID === body.payoutInstructionUUID);
    expect(callback?.url).toBe('https://kollab.example/cb');
    expect(callback?.body).toMatchObject({
      status: 'PAID',
      amount: '100.00',
      payerPaymentReference: body.payerPaymentReference,
    });
    const read = await standIn.app.request(`/api/v1/payouts/${body.payoutInstructionUUID}`);
    expect(await read.json()).toMatchObject({
      status: 'PAID',
      paymentReference: expect.stringMatching(/^[0-9A-F]{32}$/),
    });
  });

  it('refuses a payload changed after signing', async () => {
    const body = payload();
    const json = JSON.stringify(body);
    const signature = createSign('sha512')
      .update(createHash('sha512').update(json).digest())
      .sign(pki.signing.key, 'base64');
    const res = await standIn.app.request('/api/v1/payouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"payload":${json.replace('100.00', '900.00')},"callbackUrl":"https://kollab.example/cb","signature":"${signature}"}`,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual([
      { errorCode: 'SG02', errorMessage: 'The signature does not match the payload', additionalInformation: null },
    ]);
  });

  it('refuses the same instruction twice, amount 666.00 and a malformed personal number', async () => {
    const body = payload();
    expect((await send(body)).status).toBe(201);
    expect((await send(body)).status).toBe(409);
    expect(await (await send(payload({ amount: '666.00' }))).json()).toMatchObject([{ errorCode: 'PA02' }]);
    expect(await (await send(payload({ payeeSSN: '9001012389' }))).json()).toMatchObject([{ errorCode: 'RP06' }]);
  });

  it('calls back ERROR ACMT07 for a payee number ending in 0000', async () => {
    const body = payload({ payeeAlias: '46701110000' });
    expect((await send(body)).status).toBe(201);
    await standIn.idle();
    expect(callbacks.find((c) => c.body.payoutInstructionUUID === body.payoutInstructionUUID)?.body).toMatchObject({
      status: 'ERROR',
      errorCode: 'ACMT07',
    });
  });
});

import { type BankIdStandIn, startBankIdStandIn } from '@kollab/stand-ins/bankid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BankIdClient, createBankIdClient } from './client.ts';
import { BankIdError } from './errors.ts';
import { bankIdQrContent } from './qr.ts';

let standIn: BankIdStandIn;
let client: BankIdClient;

beforeAll(async () => {
  standIn = await startBankIdStandIn({ slowMs: 600 });
  client = createBankIdClient({
    baseUrl: standIn.rpUrl,
    tls: {
      cert: Buffer.from(standIn.pki.client.cert),
      key: Buffer.from(standIn.pki.client.key),
      ca: Buffer.from(standIn.pki.ca),
    },
    timeoutMs: 300,
  });
});
afterAll(() => standIn.close());

const person = (id: string) => {
  const found = standIn.persons().find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
};

const orderOf = (orderRef: string) => {
  const order = standIn.book.orders.get(orderRef);
  if (!order) throw new Error(`no order ${orderRef}`);
  return order;
};

async function errorOf(promise: Promise<unknown>): Promise<BankIdError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(BankIdError);
  return error as BankIdError;
}

describe('the BankID client over mutual TLS', () => {
  it('starts an order, collects pending, then the completion data once the person approves', async () => {
    const started = await client.auth({ endUserIp: '192.0.2.7' });
    expect(Object.keys(started).sort()).toEqual(['autoStartToken', 'orderRef', 'qrStartSecret', 'qrStartToken']);
    expect(await client.collect(started.orderRef)).toEqual({
      orderRef: started.orderRef,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    });
    // The app gets the order through the QR code the API computes: the stand-in checks its HMAC.
    const order = standIn.book.byQrContent(bankIdQrContent(started.qrStartToken, started.qrStartSecret, 0), Date.now());
    expect(order?.orderRef).toBe(started.orderRef);
    expect(
      standIn.book.byQrContent(bankIdQrContent(started.qrStartToken, 'wrong-secret', 0), Date.now()),
    ).toBeUndefined();
    const adult = person('adult');
    standIn.book.approve(orderOf(started.orderRef), adult, Date.now());
    const done = await client.collect(started.orderRef);
    if (done.status !== 'complete') throw new Error('expected complete');
    expect(done.completionData.user).toEqual({
      personalNumber: adult.personalNumber,
      name: 'Anna Andersson',
      givenName: 'Anna',
      surname: 'Andersson',
    });
    expect(done.completionData.device.ipAddress).toBe('192.0.2.7');
    expect(done.completionData.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Buffer.from(done.completionData.ocspResponse, 'base64').toString()).toContain(adult.personalNumber);
  });

  it('signs: the text shown in the app travels base64-encoded and comes back inside the signature', async () => {
    const text = 'Avtal: 2 inlägg, 1 500 kr. Användning t.o.m. 2027-06-30 — åäö';
    const started = await client.sign({ endUserIp: '192.0.2.8', userVisibleData: text });
    const order = orderOf(started.orderRef);
    expect(order.userVisibleData).toBe(text);
    standIn.book.approve(order, person('coordination'), Date.now());
    const done = await client.collect(started.orderRef);
    if (done.status !== 'complete') throw new Error('expected complete');
    const xml = Buffer.from(done.completionData.signature, 'base64').toString('utf8');
    expect(xml).toContain(text);
    expect(xml).toContain('<funcId>Signing</funcId>');
  });

  it('answers failed with the hintCode of what happened in the app', async () => {
    for (const [id, hintCode] of [
      ['cancelled', 'userCancel'],
      ['expired', 'expiredTransaction'],
      ['elsewhere', 'cancelled'],
      ['startFailed', 'startFailed'],
    ] as const) {
      const started = await client.auth({ endUserIp: '192.0.2.9' });
      standIn.book.approve(orderOf(started.orderRef), person(id), Date.now());
      expect(await client.collect(started.orderRef)).toEqual({
        orderRef: started.orderRef,
        status: 'failed',
        hintCode,
      });
    }
  });

  it('refuses a second order for the same person and aborts the first (alreadyInProgress)', async () => {
    const personalNumber = person('adult').personalNumber;
    const first = await client.sign({ endUserIp: '192.0.2.10', personalNumber, userVisibleData: 'Avtal A' });
    const error = await errorOf(client.sign({ endUserIp: '192.0.2.10', personalNumber, userVisibleData: 'Avtal B' }));
    expect([error.errorCode, error.httpStatus]).toEqual(['alreadyInProgress', 400]);
    expect(await client.collect(first.orderRef)).toEqual({
      orderRef: first.orderRef,
      status: 'failed',
      hintCode: 'cancelled',
    });
  });

  it('cancels an order; collecting it afterwards is invalidParameters', async () => {
    const started = await client.auth({ endUserIp: '192.0.2.11' });
    await client.cancel(started.orderRef);
    const error = await errorOf(client.collect(started.orderRef));
    expect([error.errorCode, error.httpStatus]).toEqual(['invalidParameters', 400]);
  });

  it("names BankID's faults: maintenance, internal error, request timeout, no answer in time", async () => {
    const cases = [
      ['maintenance', 'maintenance', 503],
      ['internalError', 'internalError', 500],
      ['requestTimeout', 'requestTimeout', 408],
      ['slow', 'timeout', undefined],
    ] as const;
    try {
      for (const [fault, errorCode, httpStatus] of cases) {
        standIn.fault = fault;
        const error = await errorOf(client.auth({ endUserIp: '192.0.2.12' }));
        expect([error.errorCode, error.httpStatus]).toEqual([errorCode, httpStatus]);
      }
    } finally {
      standIn.fault = undefined;
    }
  });

  it('cannot reach BankID without the RP certificate, or through a server its CA did not issue', async () => {
    const noCertificate = createBankIdClient({
      baseUrl: standIn.rpUrl,
      tls: { ca: Buffer.from(standIn.pki.ca) },
      timeoutMs: 2000,
    });
    expect((await errorOf(noCertificate.auth({ endUserIp: '192.0.2.13' }))).errorCode).toBe('unavailable');
    const { client: cert } = standIn.pki;
    const untrusted = createBankIdClient({
      baseUrl: standIn.rpUrl,
      tls: { cert: Buffer.from(cert.cert), key: Buffer.from(cert.key) },
      timeoutMs: 2000,
    });
    expect((await errorOf(untrusted.auth({ endUserIp: '192.0.2.13' }))).errorCode).toBe('unavailable');
  });

  it('says unavailable when nothing answers', async () => {
    const nowhere = createBankIdClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 2000 });
    expect((await errorOf(nowhere.collect('x'))).errorCode).toBe('unavailable');
  });
});

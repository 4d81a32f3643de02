/**
 * The stand-in's orders and their life: pending (outstandingTransaction → userSign once the app has
 * the order) until the tester approves as a person, cancels, or the order expires; then complete or
 * failed with BankID's hintCode. A new order for a personal number with one in progress aborts both
 * (BankID answers `alreadyInProgress`).
 */
import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { TestPerson } from './persons.ts';

export interface CompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi: string };
  bankIdIssueDate: string;
  signature: string;
  ocspResponse: string;
}

export interface Order {
  orderRef: string;
  kind: 'auth' | 'sign';
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  endUserIp: string;
  personalNumber: string | undefined;
  userVisibleData: string | undefined;
  userNonVisibleData: string | undefined;
  createdAt: number;
  status: 'pending' | 'failed' | 'complete';
  hintCode: string;
  completionData?: CompletionData;
}

const { privateKey } = generateKeyPairSync('ed25519');

/** The XML BankID signs (bankIdSignedData with the texts as sent), with a stand-in signature over it. */
function signatureXml(order: Order, person: TestPerson, at: Date): string {
  const signed = [
    '<bankIdSignedData xmlns="http://www.bankid.com/signature/v1.0.0/types">',
    `<usrVisibleData charset="UTF-8" visible="wysiwys">${order.userVisibleData ?? ''}</usrVisibleData>`,
    `<usrNonVisibleData>${order.userNonVisibleData ?? ''}</usrNonVisibleData>`,
    `<srvInfo><nonce>${order.orderRef}</nonce></srvInfo>`,
    `<clientInfo><funcId>${order.kind === 'sign' ? 'Signing' : 'Identification'}</funcId></clientInfo>`,
    `<personalNumber>${person.personalNumber}</personalNumber><signedAt>${at.toISOString()}</signedAt>`,
    '</bankIdSignedData>',
  ].join('');
  const value = sign(null, Buffer.from(signed, 'utf8'), privateKey).toString('base64');
  return `<?xml version="1.0" encoding="UTF-8"?><Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>${signed}</SignedInfo><SignatureValue>${value}</SignatureValue></Signature>`;
}

export class OrderBook {
  readonly orders = new Map<string, Order>();
  readonly expiresAfterMs: number;
  constructor(expiresAfterMs: number) {
    this.expiresAfterMs = expiresAfterMs;
  }

  create(kind: Order['kind'], body: Record<string, unknown>, now: number): Order | 'alreadyInProgress' {
    const requirement = (body.requirement ?? {}) as { personalNumber?: string };
    const personalNumber = requirement.personalNumber;
    if (personalNumber) {
      const running = [...this.orders.values()].find(
        (order) => order.personalNumber === personalNumber && this.refresh(order, now).status === 'pending',
      );
      if (running) {
        this.fail(running, 'cancelled');
        return 'alreadyInProgress';
      }
    }
    const decode = (value: unknown) =>
      typeof value === 'string' ? Buffer.from(value, 'base64').toString('utf8') : undefined;
    const order: Order = {
      orderRef: randomUUID(),
      kind,
      autoStartToken: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      endUserIp: String(body.endUserIp),
      personalNumber,
      userVisibleData: decode(body.userVisibleData),
      userNonVisibleData: decode(body.userNonVisibleData),
      createdAt: now,
      status: 'pending',
      hintCode: 'outstandingTransaction',
    };
    this.orders.set(order.orderRef, order);
    return order;
  }

  /** Expires a pending order whose time is up. */
  refresh(order: Order, now: number): Order {
    if (order.status === 'pending' && now - order.createdAt >= this.expiresAfterMs)
      this.fail(order, 'expiredTransaction');
    return order;
  }

  fail(order: Order, hintCode: string): void {
    order.status = 'failed';
    order.hintCode = hintCode;
  }

  byAutoStartToken(token: string): Order | undefined {
    return [...this.orders.values()].find((order) => order.autoStartToken === token);
  }

  /** The order a scanned QR code belongs to, if its code is right for a second of the order's life so far. */
  byQrContent(content: string, now: number): Order | undefined {
    const [prefix, token, time, code] = content.split('.');
    const order = [...this.orders.values()].find((candidate) => candidate.qrStartToken === token);
    if (prefix !== 'bankid' || !order || !time || !/^\d+$/.test(time)) return undefined;
    const seconds = Number(time);
    if (seconds > Math.ceil((now - order.createdAt) / 1000) + 1) return undefined;
    const expected = createHmac('sha256', order.qrStartSecret).update(time).digest('hex');
    return expected === code ? order : undefined;
  }

  /** The tester approved as `person`: the order completes, or fails the way this person's outcome says. */
  approve(order: Order, person: TestPerson, now: number): void {
    if (this.refresh(order, now).status !== 'pending') return;
    if (person.outcome !== 'complete') {
      this.fail(order, person.outcome);
      return;
    }
    if (order.personalNumber && order.personalNumber !== person.personalNumber) {
      this.fail(order, 'userCancel');
      return;
    }
    const at = new Date(now);
    order.status = 'complete';
    order.hintCode = '';
    order.completionData = {
      user: {
        personalNumber: person.personalNumber,
        name: `${person.givenName} ${person.surname}`,
        givenName: person.givenName,
        surname: person.surname,
      },
      device: { ipAddress: order.endUserIp, uhi: createHmac('sha256', 'uhi').update(person.id).digest('base64url') },
      bankIdIssueDate: '2024-01-15',
      signature: Buffer.from(signatureXml(order, person, at), 'utf8').toString('base64'),
      ocspResponse: Buffer.from(
        `stand-in OCSP response: certificate of ${person.personalNumber} good at ${at.toISOString()}`,
        'utf8',
      ).toString('base64'),
    };
  }
}

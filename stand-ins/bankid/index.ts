/**
 * The BankID stand-in on loopback ports of its own: the relying-party API over HTTPS with mutual TLS
 * (a test CA made at start, the RP certificate handed to the API), and the "BankID app" page over
 * plain HTTP for the tester's browser.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type BankIdFault, type BankIdStandInOptions, createBankIdStandIn } from './app.ts';
import type { OrderBook } from './orders.ts';
import type { TestPerson } from './persons.ts';
import { createTestPki, type TestPki } from './tls.ts';

export { type BankIdFault, type BankIdStandInOptions, createBankIdStandIn } from './app.ts';
export { type PersonOutcome, type TestPerson, testPersonalNumber, testPersons } from './persons.ts';
export { createTestPki, type TestPki } from './tls.ts';

export interface BankIdStandIn {
  /** The RP API's base URL, `https://127.0.0.1:<port>/rp/v6.0`. */
  rpUrl: string;
  /** The "BankID app" page: where the autostart link and a scanned QR code lead. */
  appUrl: string;
  /** The RP certificate and the CA, PEM. */
  pki: TestPki;
  book: OrderBook;
  persons: () => TestPerson[];
  fault: BankIdFault | undefined;
  close(): Promise<void>;
}

type Listener = ReturnType<typeof serve>;

async function listening(listener: Listener): Promise<number> {
  await new Promise<void>((resolve) => listener.once('listening', () => resolve()));
  return (listener.address() as AddressInfo).port;
}

const closing = (listener: Listener) => new Promise<void>((resolve) => listener.close(() => resolve()));

/** Starts the stand-in on 127.0.0.1 and two free ports. */
export async function startBankIdStandIn(options: BankIdStandInOptions = {}): Promise<BankIdStandIn> {
  const standIn = createBankIdStandIn(options);
  const pki = await createTestPki();
  const rp = serve({
    fetch: standIn.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    createServer,
    serverOptions: { ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
  });
  const page = serve({ fetch: standIn.app.fetch, port: 0, hostname: '127.0.0.1' });
  const [rpPort, pagePort] = await Promise.all([listening(rp), listening(page)]);
  return {
    rpUrl: `https://127.0.0.1:${rpPort}/rp/v6.0`,
    appUrl: `http://127.0.0.1:${pagePort}/app`,
    pki,
    book: standIn.book,
    persons: standIn.persons,
    get fault() {
      return standIn.fault;
    },
    set fault(fault: BankIdFault | undefined) {
      standIn.fault = fault;
    },
    close: async () => {
      if ('closeAllConnections' in rp) rp.closeAllConnections();
      await Promise.all([closing(rp), closing(page)]);
    },
  };
}

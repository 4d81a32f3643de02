/**
 * Runs the BankID stand-in on its own (`npm run bankid -w stand-ins`): the RP API on BANKID_RP_PORT
 * (default 3400, HTTPS with mutual TLS) and the "BankID app" page on BANKID_APP_PORT (default 3401).
 * It writes the test CA and the RP certificate to a temporary folder and prints the BANKID_* settings.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createBankIdStandIn } from './app.ts';
import { createTestPki } from './tls.ts';

const rpPort = Number(process.env.BANKID_RP_PORT ?? 3400);
const appPort = Number(process.env.BANKID_APP_PORT ?? 3401);
const standIn = createBankIdStandIn();
const pki = await createTestPki();
const folder = mkdtempSync(join(tmpdir(), 'bankid-stand-in-'));
const file = (name: string, content: string) => {
  writeFileSync(join(folder, name), content, { mode: 0o600 });
  return join(folder, name);
};
const settings = {
  BANKID_URL: `https://127.0.0.1:${rpPort}/rp/v6.0`,
  BANKID_CERT_PATH: file('rp-cert.pem', pki.client.cert),
  BANKID_KEY_PATH: file('rp-key.pem', pki.client.key),
  BANKID_CA_PATH: file('ca.pem', pki.ca),
  BANKID_APP_URL: `http://127.0.0.1:${appPort}/app`,
};
const rp = serve({
  fetch: standIn.app.fetch,
  port: rpPort,
  hostname: '127.0.0.1',
  createServer,
  serverOptions: { ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
});
const page = serve({ fetch: standIn.app.fetch, port: appPort, hostname: '127.0.0.1' }, () => {
  process.stdout.write('BankID stand-in listening; give the API these settings:\n');
  for (const [name, value] of Object.entries(settings)) process.stdout.write(`${name}=${value}\n`);
});
for (const listener of [rp, page]) {
  listener.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE' ? 'A BankID stand-in port is already in use.\n' : `${error.message}\n`,
    );
    process.exit(1);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => rp.close(() => page.close(() => process.exit(0))));

/**
 * Runs the Swish stand-in on its own (`npm run swish -w stand-ins`) on SWISH_PORT (default 3500,
 * HTTPS with mutual TLS). It writes its test CA, the client certificate and the signing key to a
 * temporary folder and prints the SWISH_* settings for the API.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createSwishStandIn } from './app.ts';
import { createSwishPki } from './pki.ts';

const port = Number(process.env.SWISH_PORT ?? 3500);
const pki = await createSwishPki();
const standIn = createSwishStandIn({ signingCertificate: pki.signing.cert });
const folder = mkdtempSync(join(tmpdir(), 'swish-stand-in-'));
const file = (name: string, content: string) => {
  writeFileSync(join(folder, name), content, { mode: 0o600 });
  return join(folder, name);
};
const settings = {
  SWISH_URL: `https://127.0.0.1:${port}`,
  SWISH_CERT_PATH: file('client-cert.pem', pki.client.cert),
  SWISH_KEY_PATH: file('client-key.pem', pki.client.key),
  SWISH_CA_PATH: file('ca.pem', pki.ca),
  SWISH_SIGNING_KEY_PATH: file('signing-key.pem', pki.signing.key),
  SWISH_SIGNING_SERIAL: pki.signing.serialNumber,
};
const server = serve(
  {
    fetch: standIn.app.fetch,
    port,
    hostname: '127.0.0.1',
    createServer,
    serverOptions: { ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
  },
  () => {
    process.stdout.write('Swish stand-in listening; give the API these settings:\n');
    for (const [name, value] of Object.entries(settings)) process.stdout.write(`${name}=${value}\n`);
  },
);
server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(
    error.code === 'EADDRINUSE' ? 'The Swish stand-in port is already in use.\n' : `${error.message}\n`,
  );
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));

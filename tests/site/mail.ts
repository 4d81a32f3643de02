import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** Decodes a quoted-printable body (what nodemailer writes for non-ASCII text). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The newest mail to `to` that the server wrote to `$E2E_DATA_DIR/mail` (no SMTP_URL in e2e), as
 * decoded text, waiting for it to appear; with `containing`, the newest one whose text holds it.
 * Mail is a queued job (ADR 031), so another mail to the same address may arrive after the one wanted.
 */
export async function mailTo(to: string, containing?: string): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const raw = await readFile(join(folder, name), 'utf8');
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
          const text = decodeQuotedPrintable(raw);
          if (containing && !text.includes(containing)) continue;
          found = text;
          return true;
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

/** The path and query of the first link in a mail that contains `part`. */
export function linkIn(mail: string, part: string): string {
  const link = mail.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${mail}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.se`;
}

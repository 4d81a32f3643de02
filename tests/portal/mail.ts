import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Decodes quoted-printable text: soft line breaks (`=` at a line end) and `=XX` bytes, as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The newest mail to `address` among the `.eml` files the API writes to `DATA_DIR/mail` when no
 * SMTP server is set, decoded; null while there is none. File names start with an ISO timestamp,
 * so sorting them sorts by time.
 */
export async function newestMailTo(address: string, dataDir = process.env.E2E_DATA_DIR ?? ''): Promise<string | null> {
  const folder = join(dataDir, 'mail');
  const names = await readdir(folder).catch(() => []);
  for (const name of names
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = await readFile(join(folder, name), 'utf8');
    const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const to = headers.match(/^To:(.*)$/im)?.[1] ?? '';
    if (to.toLowerCase().includes(address.toLowerCase())) return decodeQuotedPrintable(raw);
  }
  return null;
}

/** The first link to `path` (`/app/verify-email`) with a token in the newest mail to `address`. */
export async function linkInNewestMail(address: string, path: string, dataDir?: string): Promise<string | null> {
  const mail = await newestMailTo(address, dataDir);
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return mail?.match(new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=[\\w-]+`))?.[0] ?? null;
}

/** BankID's published example values and messages, read in place from `../shared/reference/bankid` (never copied). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const folder = resolve(repoRoot, '../shared/reference/bankid');

export interface QrVectors {
  qrStartToken: string;
  qrStartSecret: string;
  vectors: { time: number; qrAuthCode: string; content: string }[];
}

export interface ReferenceMessage {
  code: string;
  sv: string;
  en: string;
  keyPatterns: { sv: string; en: string };
}

export interface ReferenceMessages {
  messages: ReferenceMessage[];
  hintCodeToRfa: Record<'pending' | 'failed' | 'error', Record<string, string[]>>;
}

export const readQrVectors = (): QrVectors => JSON.parse(readFileSync(resolve(folder, 'qr-vectors.json'), 'utf8'));
export const readMessages = (): ReferenceMessages => JSON.parse(readFileSync(resolve(folder, 'messages.json'), 'utf8'));

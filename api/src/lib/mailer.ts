import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@kollab/db';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './data-dir.ts';
import { generateToken } from './tokens.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along, e.g. an invoice's PDF. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Sends `mail`. The application's mailer queues it (ADR 031): given the transaction of the change
   * that causes it, the mail is queued in that transaction and goes out only if it commits.
   */
  send(mail: Mail, tx?: Database): Promise<void>;
}

/**
 * The transport: sends at once (the mail queue's worker uses it; so do tests that run a job by hand),
 * through `SMTP_URL` when set; otherwise writes each mail as an `.eml` file (owner-only) to
 * `DATA_DIR/mail` and logs where, so sign-up works on a fresh clone without a mail server. Links
 * are logged without their query values: a log line must never carry a reset or sign-in token.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: env.MAIL_FROM, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const folder = join(env.DATA_DIR, 'mail');
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${generateToken(5)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map(withoutQueryValues);
      logger.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to file');
    },
  };
}

/** `https://x/app/reset-password?token=abc` → `https://x/app/reset-password?token=…`: safe to log. */
export function withoutQueryValues(link: string): string {
  try {
    const url = new URL(link);
    const keys = [...new Set(url.searchParams.keys())];
    return `${url.origin}${url.pathname}${keys.length ? `?${keys.map((key) => `${key}=…`).join('&')}` : ''}`;
  } catch {
    return '(unparsable link)';
  }
}

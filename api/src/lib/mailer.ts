import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Env } from '../env.ts';
import { generateToken } from './tokens.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through `SMTP_URL` when set; otherwise writes each mail as an `.eml` file to
 * `DATA_DIR/mail` and logs its links, so sign-up works on a fresh clone without a mail server.
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
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${generateToken(5)}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to file');
    },
  };
}

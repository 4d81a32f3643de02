import type { Mail, Mailer } from '../lib/mailer.ts';
import type { JobQueue, QueueSpec } from './queue.ts';

/** Outgoing mail as queued jobs (ADR 031): every mail the application sends goes through here. */
export const MAIL_QUEUE = 'mail';

/** A mail as JSON: attachments as base64. */
interface QueuedMail extends Omit<Mail, 'attachments'> {
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** The application's mailer: queues each mail, in the caller's transaction when given one. */
export function queuedMailer(queue: JobQueue): Mailer {
  return {
    async send({ attachments, ...mail }, tx) {
      const data: QueuedMail = attachments
        ? { ...mail, attachments: attachments.map((file) => ({ ...file, content: file.content.toString('base64') })) }
        : mail;
      await queue.enqueue(MAIL_QUEUE, data, tx ? { tx } : {});
    },
  };
}

/**
 * Sends queued mail through the transport. A refused or unreachable mail server retries with
 * backoff (30 s doubling, at most an hour apart, six times), then the mail is a dead letter. Sent
 * mail is deleted from the queue within minutes: it may hold a sign-in or reset link.
 */
export function mailQueue(transport: Mailer): QueueSpec<QueuedMail> {
  return {
    name: MAIL_QUEUE,
    options: {
      retryLimit: 6,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 120,
      deleteAfterSeconds: 60,
    },
    work: ({ attachments, ...mail }) =>
      transport.send(
        attachments
          ? {
              ...mail,
              attachments: attachments.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
            }
          : mail,
      ),
  };
}

/** What an admin may see of a mail that could not be sent: never its text (it may hold a link that signs in). */
export function describeQueuedMail(data: Record<string, unknown>): { to: string; subject: string } {
  return { to: String(data.to ?? ''), subject: String(data.subject ?? '') };
}

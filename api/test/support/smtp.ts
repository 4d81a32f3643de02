import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { settlePendingWork } from './pending-work.ts';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached to the mail (name, MIME type, bytes). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>` for the SMTP_URL setting. */
  url: string;
  messages: ReceivedMail[];
  /** The newest mail to the address, waiting up to 5 s for it to arrive. */
  waitForMail(to: string, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** The first http(s) link in a mail's text that contains `part`. */
  linkIn(mail: ReceivedMail, part: string): string;
  close(): Promise<void>;
}

function addressOf(parsed: ParsedMail): string {
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
}

/** A real SMTP server in-process (smtp-server) that keeps every mail it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: addressOf(parsed),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMail(to, match = () => true) {
      const wanted = to.toLowerCase();
      await settlePendingWork();
      for (let waited = 0; waited < 5000; waited += 25) {
        const found = messages.findLast((mail) => mail.to === wanted && match(mail));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail to ${to} within 5 s (got ${messages.map((mail) => mail.to).join(', ') || 'none'})`);
    },
    linkIn(mail, part) {
      const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
      if (!link) throw new Error(`no link containing ${part} in mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { AddressInfo } from 'node:net';
import { type HttpBindings, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createAfterResponse } from './after-response.ts';
import type { AppEnv } from './context.ts';
import { createLogger } from './logger.ts';
import type { Mail, Mailer } from './mailer.ts';

const MAIL: Mail = { to: 'anna@example.se', subject: 'Återställ ditt lösenord', text: 'token=secret' };

/** A mailer that fails its first `failures` sends, then keeps what it sends. */
function flakyMailer(failures: number): Mailer & { sent: Mail[]; attempts: number } {
  const mailer = {
    sent: [] as Mail[],
    attempts: 0,
    send: async (mail: Mail) => {
      mailer.attempts += 1;
      if (mailer.attempts <= failures) throw new Error(`connection refused (${mailer.attempts})`);
      mailer.sent.push(mail);
    },
  };
  return mailer;
}

/** An app whose one route answers 202 and leaves `prepare`'s mail for after the answer. */
function appWith(mailer: Mailer, prepare: () => Promise<Mail | null>, retryDelaysMs = [5, 5]) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const afterResponse = createAfterResponse({ retryDelaysMs });
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('logger', logger);
    c.set('mailer', mailer);
    await next();
  });
  app.post('/ask', (c) => {
    afterResponse.sendMail(c, 'password reset', prepare);
    return c.json({ status: 'check_email' }, 202);
  });
  return { app, afterResponse, lines };
}

const ask = (app: Hono<AppEnv>) => app.request('/ask', { method: 'POST' });

describe('createAfterResponse', () => {
  it('starts the work only once the caller has the answer', async () => {
    const events: string[] = [];
    const { app, afterResponse } = appWith(flakyMailer(0), async () => {
      events.push('work');
      return MAIL;
    });
    const res = await ask(app);
    events.push('answered');
    expect(res.status).toBe(202);
    await afterResponse.settle();
    expect(events).toEqual(['answered', 'work']);
  });

  it('over a socket, starts the work after the whole answer is written', async () => {
    let writtenBeforeWork: boolean | undefined;
    const mailer = flakyMailer(0);
    const afterResponse = createAfterResponse();
    const app = new Hono<AppEnv>();
    app.post('/ask', (c) => {
      c.set('logger', createLogger('silent'));
      c.set('mailer', mailer);
      afterResponse.sendMail(c, 'password reset', async () => {
        writtenBeforeWork = (c.env as HttpBindings).outgoing.writableFinished;
        return MAIL;
      });
      return c.json({ status: 'check_email' }, 202);
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/ask`, { method: 'POST' });
      expect(await res.json()).toEqual({ status: 'check_email' });
      await afterResponse.settle();
      expect(writtenBeforeWork).toBe(true);
      expect(mailer.sent).toEqual([MAIL]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends nothing when the lookup finds nothing to mail', async () => {
    const mailer = flakyMailer(0);
    const { app, afterResponse, lines } = appWith(mailer, async () => null);
    await ask(app);
    await afterResponse.settle();
    expect(mailer.attempts).toBe(0);
    expect(afterResponse.failures).toBe(0);
    expect(lines).toEqual([]);
  });

  it('tries a failed mail again and logs each failed attempt as a warning', async () => {
    const mailer = flakyMailer(2);
    const { app, afterResponse, lines } = appWith(mailer, async () => MAIL);
    await ask(app);
    await afterResponse.settle();
    expect(mailer.sent).toEqual([MAIL]);
    expect(afterResponse.failures).toBe(0);
    expect(lines.map(({ level, msg, to, subject, attempt }) => ({ level, msg, to, subject, attempt }))).toEqual([
      { level: 40, msg: 'mail not sent; trying again', to: MAIL.to, subject: MAIL.subject, attempt: 1 },
      { level: 40, msg: 'mail not sent; trying again', to: MAIL.to, subject: MAIL.subject, attempt: 2 },
    ]);
  });

  it('logs an error and counts the failure once every attempt failed; the answer was already sent', async () => {
    const mailer = flakyMailer(99);
    const { app, afterResponse, lines } = appWith(mailer, async () => MAIL);
    expect((await ask(app)).status).toBe(202);
    await afterResponse.settle();
    expect(mailer.attempts).toBe(3);
    expect(afterResponse.failures).toBe(1);
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map(({ msg, work, err }) => ({ msg, work, message: (err as { message: string }).message }))).toEqual([
      {
        msg: 'work after the answer failed',
        work: 'password reset',
        // pino adds the cause's message: the mail server's last answer.
        message: 'mail "Återställ ditt lösenord" to anna@example.se not sent after 3 attempts: connection refused (3)',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('token=secret');
  });

  it('logs an error when the lookup itself fails, and the next work still runs', async () => {
    const mailer = flakyMailer(0);
    let calls = 0;
    const { app, afterResponse, lines } = appWith(mailer, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database is gone');
      return MAIL;
    });
    await ask(app);
    await ask(app);
    await afterResponse.settle();
    expect(afterResponse.failures).toBe(1);
    expect(mailer.sent).toEqual([MAIL]);
    expect(lines.filter((line) => line.level === 50).map(({ work, err }) => [work, (err as Error).message])).toEqual([
      ['password reset', 'database is gone'],
    ]);
  });
});

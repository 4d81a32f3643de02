import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './context.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Work that must not delay the answer, so that the answer's timing cannot tell what the work found
 * (whether an address is registered: ADR 019). There is no durable job queue, so the work runs in
 * this process once the answer has been sent; nothing is dropped without a trace: a mail is retried,
 * every failure is logged at error level and counted, and shutdown waits for the work in progress.
 */
export interface AfterResponse {
  /** Runs `work` once the answer to `c` has gone out; a failure is logged with `name`. */
  run(c: Context<AppEnv>, name: string, work: () => Promise<void>): void;
  /** Like `run`: `prepare` does the lookups and returns the mail to send (or null), which is sent with retries. */
  sendMail(c: Context<AppEnv>, name: string, prepare: () => Promise<Mail | null>): void;
  /** Resolves once every piece of work started so far, and any it started, has ended. */
  settle(): Promise<void>;
  /** How many pieces of work failed since start (each also logged). */
  readonly failures: number;
}

/** Waits between attempts to send a mail: a mail server that is briefly away gets two more chances. */
const RETRY_DELAYS_MS = [1_000, 4_000];
/** A client that never reads its answer does not hold the work back longer than this. */
const ANSWER_TIMEOUT_MS = 10_000;

/** Resolves once the answer has been written to the socket (or the socket is gone). */
function whenAnswered(c: Context<AppEnv>): Promise<void> {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  return new Promise((resolve) => {
    // app.request() (tests) has no socket: the answer is the value the handler returns, so the
    // work starts in the next turn of the event loop, after the caller has it.
    if (!outgoing || outgoing.closed) {
      setImmediate(resolve);
      return;
    }
    outgoing.once('close', () => resolve());
    setTimeout(resolve, ANSWER_TIMEOUT_MS).unref();
  });
}

/** Sends `mail`, trying again after each delay; throws the last error once they are used up. */
export async function sendWithRetries(mailer: Mailer, mail: Mail, logger: Logger, delaysMs: number[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await mailer.send(mail);
      return;
    } catch (error) {
      const delay = delaysMs[attempt - 1];
      if (delay === undefined) {
        throw new Error(`mail "${mail.subject}" to ${mail.to} not sent after ${attempt} attempts`, { cause: error });
      }
      logger.warn({ err: error, to: mail.to, subject: mail.subject, attempt }, 'mail not sent; trying again');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export function createAfterResponse(options: { retryDelaysMs?: number[] } = {}): AfterResponse {
  const retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  let failures = 0;
  const run: AfterResponse['run'] = (c, name, work) => {
    const logger = c.get('logger');
    const task = whenAnswered(c)
      .then(work)
      .catch((error: unknown) => {
        failures += 1;
        logger.error({ err: error, work: name }, 'work after the answer failed');
      })
      .finally(() => pending.delete(task));
    pending.add(task);
  };
  return {
    run,
    sendMail(c, name, prepare) {
      run(c, name, async () => {
        const mail = await prepare();
        if (mail) await sendWithRetries(c.get('mailer'), mail, c.get('logger'), retryDelaysMs);
      });
    },
    async settle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    get failures() {
      return failures;
    },
  };
}

import http from 'node:http';
import https from 'node:https';

/** Why a request to an outside service got no answer: none in time, or the service could not be reached. */
export type ExchangeFailure = 'timeout' | 'unavailable';

/**
 * One request to an outside service over its agent (mutual TLS for BankID and Swish), the answer
 * read whole. A service that does not answer, breaks off or cannot be reached becomes the caller's
 * own error through `fail`, so each client keeps its error type.
 */
export function exchange(
  url: string,
  request: { method: 'GET' | 'POST'; agent: http.Agent; body?: string | undefined; timeoutMs: number },
  fail: (kind: ExchangeFailure, message: string, cause?: unknown) => Error,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https://') ? https.request : http.request;
    const outgoing = send(
      url,
      {
        method: request.method,
        agent: request.agent,
        headers: request.body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
          : { accept: 'application/json' },
        timeout: request.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(fail('unavailable', 'answer broken off', error)));
      },
    );
    let timedOut: Error | undefined;
    outgoing.on('timeout', () => {
      timedOut = fail('timeout', `no answer in ${request.timeoutMs} ms`);
      outgoing.destroy(timedOut);
    });
    outgoing.on('error', (error) =>
      reject(error === timedOut ? error : fail('unavailable', 'cannot be reached', error)),
    );
    outgoing.end(request.body);
  });
}

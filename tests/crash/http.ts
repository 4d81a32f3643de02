/** A small HTTP client for one signed-in user: a cookie jar, the Origin header mutations need, and answers that say whether the server replied at all. */

export interface Answer {
  /** 0 when no answer arrived (connection refused or cut, e.g. by kill -9): the outcome is unknown. */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field by the callers that know their shape.
  body: any;
}

export class Client {
  readonly #cookies = new Map<string, string>();
  readonly base: string;
  readonly label: string;

  constructor(base: string, label: string) {
    this.base = base;
    this.label = label;
  }

  get cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Sends one request; network failures become status 0 instead of throwing, so a crash is an ordinary answer. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const init: RequestInit = {
      method,
      headers: {
        Origin: this.base,
        cookie: this.cookieHeader,
        ...(body !== undefined && !(body instanceof URLSearchParams) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      signal: AbortSignal.timeout(30_000),
    };
    if (body !== undefined) init.body = body instanceof URLSearchParams ? body : JSON.stringify(body);
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, init);
    } catch {
      return { status: 0, body: null };
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.#cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      // The head arrived but the body was cut: the server answered, but we cannot read what.
      return { status: 0, body: null };
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, body: parsed };
  }

  /** Like `request`, but retries while nothing answers (a server that was just restarted, a stale keep-alive socket). */
  async settled(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.request(method, path, body, headers);
      if (answer.status !== 0 || attempt >= 20) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Signs in like the portal does (NextAuth-style: CSRF token, then a form post with json=true). */
  async signIn(email: string, password: string): Promise<void> {
    const csrf = await this.settled('GET', '/api/auth/csrf');
    const form = new URLSearchParams({ csrfToken: String(csrf.body?.csrfToken), email, password, json: 'true' });
    const answer = await this.settled('POST', '/api/auth/callback/credentials', form);
    const session = await this.settled('GET', '/api/auth/session');
    if (answer.status !== 200 || session.body?.user?.email !== email) {
      throw new Error(`${this.label} could not sign in as ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
}

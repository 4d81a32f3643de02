import type { TestApp } from './test-app.ts';

/**
 * A tiny cookie-keeping browser over `app.request()`: what the portal does with the auth routes
 * (fetch the CSRF token, post forms with json=true, send JSON with the session cookie).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly t: TestApp;
  /** Sent with every request, e.g. `X-Forwarded-For` to sign in from a given address behind TRUST_PROXY. */
  private readonly headers: Record<string, string>;

  constructor(t: TestApp, headers: Record<string, string> = {}) {
    this.t = t;
    this.headers = headers;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size) headers.set('Cookie', this.cookieHeader);
    if (init.method && init.method !== 'GET' && !headers.has('Origin')) {
      headers.set('Origin', new URL(this.t.env.PUBLIC_URL).origin);
    }
    const res = await this.t.app.request(path, { ...init, headers });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async csrfToken(): Promise<string> {
    const res = await this.request('/api/auth/csrf');
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** A form post with the CSRF token and json=true, as the portal sends them. */
  async postForm(
    path: string,
    fields: Record<string, string>,
    options: { csrf?: string | null } = {},
  ): Promise<Response> {
    const csrfToken = options.csrf === undefined ? await this.csrfToken() : options.csrf;
    const body = new URLSearchParams({ json: 'true', ...(csrfToken ? { csrfToken } : {}), ...fields });
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  }

  async postJson(path: string, body: unknown, method = 'POST'): Promise<Response> {
    return this.request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  async signIn(email: string, password: string): Promise<Response> {
    return this.postForm('/api/auth/callback/credentials', { email, password, callbackUrl: '/app/' });
  }

  async session(): Promise<unknown> {
    return (await this.request('/api/auth/session')).json();
  }
}

// What the portal's browser benches share (portal-budgets.ts, portal-profile.ts): the demo
// accounts signed in as the portal does, and the six screens of issue 21, item 4, with the
// session each is measured with.
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from '../db/src/seed.ts';

/** A cookie jar of one: the `name=value` pairs the server set, sent back on every request. */
class Jar {
  readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header(), origin: new URL(url).origin },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }
}

/** Signs a demo account in through the portal's own calls (password, then the admin's code); the Cookie header. */
export async function signIn(origin: string, role: 'creator' | 'brand' | 'admin'): Promise<string> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const jar = new Jar();
  const { csrfToken } = (await (await jar.fetch(`${origin}/api/auth/csrf`)).json()) as { csrfToken: string };
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, json: 'true', ...fields }).toString(),
  });
  const password = await jar.fetch(
    `${origin}/api/auth/callback/credentials`,
    form({ email: account.email, password: account.password }),
  );
  if (password.status !== 200) throw new Error(`${role} sign-in: ${password.status}`);
  if (role === 'admin') {
    const code = generateTOTP(decodeBase32IgnorePadding(DEMO_ADMIN_TOTP_SECRET), 30, 6);
    const answer = await jar.fetch(`${origin}/api/auth/callback/totp`, form({ code }));
    if (answer.status !== 200) throw new Error(`admin code: ${answer.status}`);
  }
  if (!jar.cookies.has('kollab_session')) throw new Error(`${role}: no session cookie`);
  return jar.header();
}

export interface PortalPage {
  /** What the tables print. */
  name: string;
  /** What `--pages=` matches (a comma-separated list of these). */
  key: string;
  path: string;
  cookie?: string;
  /** The first load's JavaScript is budgeted (≤ 150 KB). */
  jsBudget?: boolean;
}

/** The measured screens, each with the session of the role it is for; `only` keeps the keys named. */
export async function portalPages(origin: string, only: readonly string[] = []): Promise<PortalPage[]> {
  const cookies = {
    creator: await signIn(origin, 'creator'),
    brand: await signIn(origin, 'brand'),
    admin: await signIn(origin, 'admin'),
  };
  const list = (await (await fetch(`${origin}/api/campaigns`, { headers: { cookie: cookies.creator } })).json()) as {
    data: { id: string }[];
  };
  const campaignId = list.data[0]?.id;
  if (!campaignId) throw new Error('the demo data has no published campaign');
  const pages: PortalPage[] = [
    { name: 'sign-in', key: 'sign-in', path: '/app/login', jsBudget: true },
    { name: 'creator home', key: 'home', path: '/app/', cookie: cookies.creator, jsBudget: true },
    { name: 'campaign list', key: 'list', path: '/app/campaigns', cookie: cookies.creator },
    { name: 'a campaign', key: 'campaign', path: `/app/campaigns/${campaignId}`, cookie: cookies.creator },
    { name: 'discovery (brand)', key: 'discovery', path: '/app/discovery', cookie: cookies.brand },
    { name: 'admin users table', key: 'users', path: '/app/admin/users', cookie: cookies.admin },
  ];
  const unknown = only.filter((key) => !pages.some((page) => page.key === key));
  if (unknown.length > 0) {
    throw new Error(`--pages: no page ${unknown.join(', ')} (${pages.map((page) => page.key).join(', ')})`);
  }
  return only.length === 0 ? pages : pages.filter((page) => only.includes(page.key));
}

/** The keys of `--pages=a,b` among `args`, or none (every page). */
export function pagesArg(args: readonly string[]): string[] {
  const value = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
  return value ? value.split(',').filter(Boolean) : [];
}

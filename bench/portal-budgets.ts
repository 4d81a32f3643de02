// `npm run bench:portal` (issue 21, item 4): the signed-in portal in Lighthouse.
// - Lighthouse, mobile preset, Debian's Chromium, with a real session: performance ≥ 95 and largest
//   contentful paint ≤ 2.0 s on the sign-in page, the creator's home, the campaign list, a campaign,
//   the brand's discovery and an admin table.
// - JavaScript transferred on the first load of the sign-in page and the home ≤ 150 KB (gzip, as
//   served), from Lighthouse's resource summary.
// Builds the portal, starts the real server (`npm start`'s composition, demo data) on a free port
// with a fresh data folder, signs the demo accounts in as the portal does, measures, stops.
// Exits with 1 when a budget is missed.
// Usage: npm run bench:portal [-- --no-build] [-- --runs=3]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from '../db/src/seed.ts';
import { median } from './lib.ts';
import { startLighthouseRig } from './lighthouse.ts';

const MIN_PERFORMANCE = 95;
const MAX_LCP_MS = 2_000;
const MAX_FIRST_LOAD_JS = 150 * 1024;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1);

if (!args.includes('--no-build')) {
  console.log('building the portal …');
  execFileSync('npm', ['run', '-s', 'build', '-w', 'portal'], { cwd: repoRoot, stdio: 'inherit' });
  // The build empties portal/dist: the compressed copies the server sends are written again, as
  // `npm run build` does, so the bench measures what production serves.
  execFileSync(process.execPath, [join(repoRoot, 'scripts/precompress.ts'), join(repoRoot, 'portal/dist/assets')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

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
async function signIn(origin: string, role: 'creator' | 'brand' | 'admin'): Promise<string> {
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

const rig = await startLighthouseRig('portal');
const { origin } = rig;

/** A performance-only run, with the session's cookie when there is one. */
async function auditPage(url: string, cookie: string | undefined) {
  const result = await rig.audit(url, {
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  return result.lhr;
}

let failed = false;
try {
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
  const pages: { name: string; path: string; cookie?: string; jsBudget?: boolean }[] = [
    { name: 'sign-in', path: '/app/login', jsBudget: true },
    { name: 'creator home', path: '/app/', cookie: cookies.creator, jsBudget: true },
    { name: 'campaign list', path: '/app/campaigns', cookie: cookies.creator },
    { name: 'a campaign', path: `/app/campaigns/${campaignId}`, cookie: cookies.creator },
    { name: 'discovery (brand)', path: '/app/discovery', cookie: cookies.brand },
    { name: 'admin users table', path: '/app/admin/users', cookie: cookies.admin },
  ];

  // One discarded run first: the first audit in a fresh Chromium also pays for the browser's start.
  await auditPage(`${origin}/app/login`, undefined);

  console.log(`\nLighthouse ${runs} run(s) per page, mobile preset, performance only, median:`);
  console.log(
    `${'page'.padEnd(22)} ${'perf'.padStart(4)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'JS KB'.padStart(7)}  budget`,
  );
  for (const page of pages) {
    const scores: number[] = [];
    const fcp: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const js: number[] = [];
    for (let run = 0; run < runs; run++) {
      const lhr = await auditPage(origin + page.path, page.cookie);
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(origin + page.path).pathname) {
        throw new Error(`${page.name}: ended on ${lhr.finalDisplayedUrl} (signed out?)`);
      }
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      fcp.push(Number(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN));
      lcp.push(Number(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN));
      tbt.push(Number(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN));
      const summary = (
        lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      js.push(summary?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN);
    }
    const row = { perf: median(scores), fcp: median(fcp), lcp: median(lcp), tbt: median(tbt), js: median(js) };
    const misses = [
      row.perf < MIN_PERFORMANCE ? `performance < ${MIN_PERFORMANCE}` : '',
      !(row.lcp <= MAX_LCP_MS) ? `LCP > ${MAX_LCP_MS / 1000} s` : '',
      page.jsBudget && !(row.js <= MAX_FIRST_LOAD_JS) ? `JS > ${MAX_FIRST_LOAD_JS / 1024} KB` : '',
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(
      `${page.name.padEnd(22)} ${String(row.perf).padStart(4)} ${`${(row.fcp / 1000).toFixed(1)} s`.padStart(7)} ${`${(row.lcp / 1000).toFixed(1)} s`.padStart(7)} ${`${row.tbt.toFixed(0)} ms`.padStart(7)} ${(row.js / 1024).toFixed(1).padStart(7)}  ${misses.length ? `MISSED: ${misses.join(', ')}` : 'met'}`,
    );
  }
} finally {
  await rig.stop();
}

console.log(`\nbudgets: ${failed ? 'MISSED' : 'met'}`);
process.exitCode = failed ? 1 : 0;

// Budgets for the marketing site (issue: marketing site, landing page, blog, subscribe flow):
// - Lighthouse, mobile preset, Debian's Chromium: performance ≥ 98; accessibility, best practices
//   and SEO = 100, on the landing page, one article and the subscribe page in both languages.
// - JavaScript on the landing page ≤ 20 KB gzip; no web fonts (system font stack).
// Builds the site, starts the real server on a free port with a fresh data folder, measures, stops.
// Usage: npm run bench:site [-- --no-build] [-- --runs=3]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { median } from './lib.ts';
import { startLighthouseRig } from './lighthouse.ts';

const PAGES = [
  '/',
  '/en/',
  '/blogg/nano-och-mikroinfluencers/',
  '/en/blog/nano-and-micro-influencers/',
  '/prenumerera/',
  '/en/subscribe/',
];
const MIN_SCORES = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof MIN_SCORES;
const MAX_LANDING_JS_GZIP = 20 * 1024;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1);

if (!args.includes('--no-build')) {
  console.log('building the site …');
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: join(repoRoot, 'site'),
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
}

const rig = await startLighthouseRig('site');
const { origin } = rig;
const auditPage = (url: string) => rig.audit(url);

let failed = false;
try {
  // Landing page JavaScript: every script the HTML loads or inlines, gzipped one by one (as served).
  for (const path of ['/', '/en/']) {
    const html = await (await fetch(origin + path)).text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((match) => match[1] ?? '');
    const external = await Promise.all(
      [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map(async (match) =>
        (await fetch(new URL(match[1] ?? '', origin))).text(),
      ),
    );
    const modules = [...html.matchAll(/(?:import|from)\s*["'](\/_astro\/[^"']+\.js)["']/g)];
    const imported = await Promise.all(modules.map(async (match) => (await fetch(origin + match[1])).text()));
    const bytes = [...inline, ...external, ...imported].reduce((sum, code) => sum + gzipSync(code).length, 0);
    const hasWebFonts = /@font-face|fonts\.googleapis|rel="preload"[^>]*as="font"/.test(html);
    const ok = bytes <= MAX_LANDING_JS_GZIP && !hasWebFonts;
    failed ||= !ok;
    console.log(
      `${path.padEnd(40)} JS ${(bytes / 1024).toFixed(1)} KB gzip (${inline.length} inline, ${external.length + imported.length} files), web fonts: ${hasWebFonts ? 'YES' : 'none'} ${ok ? 'ok' : 'MISSED'}`,
    );
  }

  // One discarded run first: the first audit in a fresh Chromium also pays for the browser's own
  // start-up work, which shows up as blocking time on whichever page comes first.
  await auditPage(`${origin}/`);

  console.log(`\nLighthouse ${runs} run(s) per page, mobile preset, median:`);
  console.log(`${'page'.padEnd(40)} perf  a11y  best  seo`);
  for (const path of PAGES) {
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
    const problems = new Set<string>();
    for (let run = 0; run < runs; run++) {
      const result = await auditPage(origin + path);
      for (const category of Object.keys(MIN_SCORES) as Category[]) {
        const details = result.lhr.categories[category];
        scores[category].push(Math.round((details?.score ?? 0) * 100));
        for (const ref of details?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && category !== 'performance') {
            problems.add(`${category}: ${audit.id} – ${audit.title}`);
          }
        }
      }
      if (Math.round((result.lhr.categories.performance?.score ?? 0) * 100) < 100) {
        const metrics = [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ];
        problems.add(
          `performance: ${metrics.map((id) => `${id} ${result.lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
        );
      }
    }
    const medians = Object.fromEntries(
      (Object.keys(MIN_SCORES) as Category[]).map((category) => [category, median(scores[category])]),
    ) as Record<Category, number>;
    const ok = (Object.keys(MIN_SCORES) as Category[]).every((category) => medians[category] >= MIN_SCORES[category]);
    failed ||= !ok;
    console.log(
      `${path.padEnd(40)} ${String(medians.performance).padStart(4)}  ${String(medians.accessibility).padStart(4)}  ${String(medians['best-practices']).padStart(4)}  ${String(medians.seo).padStart(3)}  ${ok ? 'ok' : 'MISSED'}`,
    );
    for (const problem of problems) console.log(`    ${problem}`);
  }
} finally {
  await rig.stop();
}

console.log(`\nbudgets: ${failed ? 'MISSED' : 'met'}`);
process.exitCode = failed ? 1 : 0;

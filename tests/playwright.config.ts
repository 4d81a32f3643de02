import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { scaled } from './fixtures/timeouts.ts';
import {
  e2eMode,
  freePort,
  googleStandIn,
  paymentsStandIn,
  sampleProviderStandIn,
  serverEnv,
} from './support/server-env.ts';

// Workers load this file again; they inherit the runner's environment, so the first choice sticks.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kollab-e2e-'));
// The faults project's servers start from copies of one seeded data directory (faults/template.setup.ts).
process.env.E2E_FAULTS_TEMPLATE_DIR ??= mkdtempSync(join(tmpdir(), 'kollab-faults-'));
// Google sign-in goes to one stand-in shared by every API instance (support/server-env.ts).
process.env.E2E_GOOGLE_PORT ??= String(await freePort());
process.env.E2E_GOOGLE_CLIENT_SECRET ??= randomBytes(16).toString('hex');
// Card payments go to one payments stand-in shared by every API instance (support/server-env.ts).
process.env.E2E_PAYMENTS_PORT ??= String(await freePort());
process.env.E2E_STRIPE_SECRET_KEY ??= `sk_test_e2e_${randomBytes(12).toString('hex')}`;
process.env.E2E_STRIPE_WEBHOOK_SECRET ??= `whsec_${randomBytes(16).toString('hex')}`;
// The single server's sample provider on a known port and key: specs set bios through it (ADR 032).
process.env.E2E_SAMPLE_PROVIDER_PORT ??= String(await freePort());
process.env.E2E_SAMPLE_PROVIDER_KEY ??= randomBytes(16).toString('hex');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const google = googleStandIn();
const payments = paymentsStandIn();

/**
 * The default: one API server on PGlite, started by Playwright. With E2E_INSTANCES=2 (or
 * E2E_DATABASE_URL set), the global setup instead starts that many servers on a throwaway
 * PostgreSQL database behind a round-robin proxy at the same baseURL (support/postgres-cluster.ts).
 */
const { onPostgres } = e2eMode();

/** The portal specs whose state lives in the database or crosses instances. */
const TWO_INSTANCE_PORTAL_SPECS = [
  'auth-journey.spec.ts',
  'campaign-journey.spec.ts',
  'chat.spec.ts',
  'nextauth-client.spec.ts',
  'nextauth-client-two-factor.spec.ts',
  'sessions.spec.ts',
  'withdrawal-journey.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A shared 2-core VM under load runs axe over a dozen screens, or loads a lazy route, several
  // times slower than a quiet one; these bounds catch hangs without failing slow-but-right runs
  // (scaled on CI, fixtures/timeouts.ts).
  timeout: scaled(60_000),
  expect: { timeout: scaled(10_000) },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads cannot reach these machines.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    ...(onPostgres
      ? [
          // Several instances on PostgreSQL repeat what state crosses: sessions, chat streams, rate
          // limits, claims and money, in one language. The site, axe over every screen, the admin
          // tables and the provider screens render the same whichever instance answers; they run in
          // the single-server run, in both languages.
          {
            name: 'portal',
            testDir: './portal',
            testMatch: TWO_INSTANCE_PORTAL_SPECS,
            use: { ...devices['Desktop Chrome'] },
          },
          {
            name: 'journeys',
            testDir: './journeys',
            grepInvert: /\(en\)/,
            use: { ...devices['Desktop Chrome'] },
          },
        ]
      : [
          { name: 'site', testDir: './site', use: { ...devices['Desktop Chrome'] } },
          { name: 'portal', testDir: './portal', use: { ...devices['Desktop Chrome'] } },
          { name: 'journeys', testDir: './journeys', use: { ...devices['Desktop Chrome'] } },
        ]),
    { name: 'support', testDir: './support' },
    // Provider faults: each spec starts its own API server on PGlite, so the run on PostgreSQL
    // (E2E_INSTANCES=2) would only repeat them. They run after the rest: starting servers beside the
    // shared one's tests slowed those past their timeouts on 2 cores.
    ...(onPostgres
      ? []
      : [
          {
            name: 'faults-setup',
            testDir: './faults',
            testMatch: 'template.setup.ts',
            dependencies: ['site', 'portal', 'journeys', 'support'],
          },
          {
            name: 'faults',
            testDir: './faults',
            dependencies: ['faults-setup'],
            use: { ...devices['Desktop Chrome'] },
          },
          // Each spec starts Kollab on a clock it moves (scripts/time-travel.ts), from the same template.
          {
            name: 'time-travel',
            testDir: './time-travel',
            dependencies: ['faults-setup'],
            use: { ...devices['Desktop Chrome'] },
          },
        ]),
  ],
  // Web servers start before the global setup, so the stand-in is up when the instances start.
  webServer: [
    {
      command: 'node ../stand-ins/google/server.ts',
      // It has no health route; its user info answers 401 without a token, which counts as up.
      url: `${google.url}/userinfo`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: google.port, HOST: '127.0.0.1', GOOGLE_STAND_IN_CLIENT_SECRET: google.clientSecret },
    },
    {
      command: 'node ../stand-ins/payments/server.ts',
      // Without a key its API answers 401, which counts as up.
      url: `${payments.url}/v1/payment_intents/pi_none`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: payments.env,
    },
    ...(onPostgres
      ? []
      : [
          {
            command: 'node ../scripts/start.ts',
            url: `${baseURL}/api/health`,
            reuseExistingServer: false,
            timeout: scaled(60_000),
            env: {
              ...serverEnv(baseURL, process.env.E2E_DATA_DIR),
              ...google.settings,
              ...payments.settings,
              ...sampleProviderStandIn().settings,
              PORT: process.env.E2E_PORT,
              DATABASE_URL: '',
            },
          },
        ]),
  ],
  ...(onPostgres ? { globalSetup: './support/postgres-cluster.ts' } : {}),
});

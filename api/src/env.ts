import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { billingSettings } from './env-billing.ts';
import { payoutSettings, requireSwishCertificates } from './env-payouts.ts';
import { taxSettings } from './env-tax.ts';

/**
 * Every setting the server reads, validated once at start-up. This is the only module that reads
 * `process.env`; `.env.example` documents each entry.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number of `unit` from `min` up, e.g. `wholeNumber('days', 1)`. */
const wholeNumber = (unit: string, min: number) =>
  z.coerce
    .number({ message: `expected a whole number of ${unit}` })
    .int(`expected a whole number of ${unit}`)
    .min(min, `expected at least ${min} ${unit}`);

/**
 * How many reverse proxies stand in front of the server: `X-Forwarded-For` is read only that many
 * addresses from its right end, the ones those proxies wrote. `true` means one, `false` none.
 */
const proxyHops = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const lower = value.toLowerCase();
    if (['false', 'no', ''].includes(lower)) return 0;
    if (['true', 'yes'].includes(lower)) return 1;
    const hops = /^\d{1,2}$/.test(lower) ? Number(lower) : Number.NaN;
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'expected false, true or a number of proxies from 0 to 10' });
    return z.NEVER;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'expected a whole number between 1 and 65535' })
      .int('expected a whole number between 1 and 65535')
      .min(1, 'expected a whole number between 1 and 65535')
      .max(65535, 'expected a whole number between 1 and 65535')
      .default(3000),
    HOST: optionalText,
    PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' }).optional(),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, message: 'expected a postgres:// or postgresql:// URL' }).optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: booleanText.optional(),
    TRUST_PROXY: proxyHops.default(0),
    RATE_LIMIT_MULTIPLIER: z.coerce
      .number({ message: 'expected a whole number of at least 1' })
      .int('expected a whole number of at least 1')
      .min(1, 'expected a whole number of at least 1')
      .default(1),
    CHAT_STREAMS_PER_USER: z.coerce
      .number({ message: 'expected a whole number of at least 1' })
      .int('expected a whole number of at least 1')
      .min(1, 'expected a whole number of at least 1')
      .default(5),
    CHAT_STREAMS_PER_IP: z.coerce
      .number({ message: 'expected a whole number of at least 1' })
      .int('expected a whole number of at least 1')
      .min(1, 'expected a whole number of at least 1')
      .default(20),
    MIN_WITHDRAWAL_SEK: z.coerce
      .number({ message: 'expected a whole number of kronor' })
      .int('expected a whole number of kronor')
      .min(1, 'expected at least 1')
      .default(100),
    /** A password (or Google) sign-in this recent lets the session change e-mail, payout methods and withdraw. */
    REAUTH_WINDOW_MINUTES: wholeNumber('minutes', 1)
      .max(24 * 60, 'expected at most 1440 minutes')
      .default(10),
    /** Withdrawals to a payout method added less than this many hours ago wait that long for an admin's review. */
    PAYOUT_METHOD_HOLD_HOURS: wholeNumber('hours', 0).default(24),
    CLIENT_LOG_RETENTION_DAYS: wholeNumber('days', 1).default(30),
    /**
     * How long an instance trusts a session or prepared provider answer held in memory without asking
     * the database (ADR 035); PostgreSQL announces changes within milliseconds anyway. 0 keeps nothing.
     */
    INSTANCE_CACHE_MS: wholeNumber('milliseconds', 0)
      .max(10 * 60 * 1000, 'expected at most 600000 milliseconds')
      .default(60_000),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'expected at least 32 characters').optional()),
    ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-f]{64}$/i, 'expected 64 hexadecimal characters (32 bytes)')
        .optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, message: 'expected an smtp:// or smtps:// URL' }).optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default('Kollab <no-reply@kollab.local>'),
    S3_ENDPOINT: optionalText.pipe(z.url({ message: 'expected a URL' }).optional()),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    PROVIDER_API_KEY: optionalText,
    PROVIDER_BASE_URL: z.url({ message: 'expected a URL' }).default('https://api.modash.io/v1'),
    PROVIDER_DAILY_CREDIT_CAP: z.coerce
      .number({ message: 'expected a number of credits' })
      .positive('expected more than 0 credits')
      .default(50),
    // Discovery spending limits (ADR 011): per brand and day, for everyone together per day, per brand and minute.
    PROVIDER_DAILY_RAW_CAP: z.coerce
      .number({ message: 'expected a whole number of raw requests' })
      .int('expected a whole number of raw requests')
      .min(1, 'expected at least 1 raw request')
      .default(80),
    PROVIDER_GLOBAL_DAILY_CREDITS: z.coerce
      .number({ message: 'expected a number of credits' })
      .positive('expected more than 0 credits')
      .default(300),
    PROVIDER_GLOBAL_DAILY_RAW_REQUESTS: z.coerce
      .number({ message: 'expected a whole number of raw requests' })
      .int('expected a whole number of raw requests')
      .min(1, 'expected at least 1 raw request')
      .default(1000),
    // Post tracking (ADR 033): what one brand's tracked posts may spend per Swedish month.
    TRACKING_MONTHLY_CREDITS: z.coerce
      .number({ message: 'expected a number of credits' })
      .positive('expected more than 0 credits')
      .default(100),
    TRACKING_MONTHLY_RAW_REQUESTS: z.coerce
      .number({ message: 'expected a whole number of raw requests' })
      .int('expected a whole number of raw requests')
      .min(1, 'expected at least 1 raw request')
      .default(400),
    PROVIDER_BRAND_CALLS_PER_MINUTE: z.coerce
      .number({ message: 'expected a whole number of calls' })
      .int('expected a whole number of calls')
      .min(1, 'expected at least 1 call')
      .default(30),
    PROVIDER_TIMEOUT_MS: z.coerce
      .number({ message: 'expected a whole number of milliseconds' })
      .int('expected a whole number of milliseconds')
      .min(100, 'expected at least 100 ms')
      .default(15_000),
    /** The payment provider's secret key (Stripe's `sk_…`); unset, `npm start` runs the payments stand-in. */
    STRIPE_SECRET_KEY: optionalText,
    /** Where the Stripe client sends requests (its host, port and protocol options). */
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, message: 'expected an http(s) URL' })
      .default('https://api.stripe.com'),
    /** The signing secret of the webhook endpoint (`whsec_…`); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** How long a webhook's signature timestamp is accepted, in seconds (replay protection). */
    STRIPE_WEBHOOK_TOLERANCE_SECONDS: wholeNumber('seconds', 1).max(3600, 'expected at most 3600 seconds').default(300),
    STRIPE_TIMEOUT_MS: wholeNumber('milliseconds', 100).default(20_000),
    /** Kollab's fee on a campaign's creator budget, in percent (decimals allowed, e.g. 12.5). */
    PLATFORM_FEE_PERCENT: z.coerce
      .number({ message: 'expected a percentage' })
      .min(0, 'expected 0 to 100 percent')
      .max(100, 'expected 0 to 100 percent')
      .default(15),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_AUTHORIZATION_URL: z
      .url({ message: 'expected a URL' })
      .default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url({ message: 'expected a URL' }).default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z
      .url({ message: 'expected a URL' })
      .default('https://openidconnect.googleapis.com/v1/userinfo'),
    ...billingSettings,
    ...payoutSettings,
    ...taxSettings,
    /** BankID's relying-party API (ADR 026); unset: `npm start` runs the stand-in (stand-ins/bankid). */
    BANKID_URL: optionalText.pipe(z.url({ protocol: /^https$/, message: 'expected an https:// URL' }).optional()),
    /** The RP certificate BankID issued: a PKCS#12 file (+ passphrase), or a PEM certificate and key. */
    BANKID_PFX_PATH: optionalText,
    BANKID_PFX_PASSPHRASE: optionalText,
    BANKID_CERT_PATH: optionalText,
    BANKID_KEY_PATH: optionalText,
    /** BankID's issuing CA (PEM): the only CA the client trusts for BankID's server. */
    BANKID_CA_PATH: optionalText,
    /** Where "open BankID on this device" leads (BankID's universal link). */
    BANKID_APP_URL: z.url({ message: 'expected a URL' }).default('https://app.bankid.com/'),
    BANKID_TIMEOUT_MS: wholeNumber('milliseconds', 100).default(10_000),
    /** From this Swedish date on, withdrawals need an identity verified with BankID (typed numbers no longer do). */
    IDENTITY_REQUIRED_FROM: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'expected a real date')
      .default('2027-07-01'),
  })
  .superRefine((env, ctx) => {
    if (env.BANKID_URL) requireBankIdCertificate(env, ctx);
    if (env.SWISH_URL) requireSwishCertificates(env, ctx);
    if (env.NODE_ENV === 'production') requireProductionSettings(env, ctx);
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when any S3_* setting is set' });
      }
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required with STRIPE_SECRET_KEY' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
  }));

export type Env = z.infer<typeof EnvSchema>;

/**
 * Production never runs on the development conveniences: secrets generated into the data folder
 * (one copy of the folder would hold the data and its key), a plain-http public URL (the session
 * cookie would lack `Secure`) or mail written to files with its links.
 */
function requireProductionSettings(
  env: { PUBLIC_URL?: string | undefined; SESSION_SECRET?: string | undefined } & Record<string, unknown>,
  ctx: z.RefinementCtx,
): void {
  const missing = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const outside = 'required in production, given from outside the data folder';
  if (!env.SESSION_SECRET) missing('SESSION_SECRET', outside);
  if (!env.ENCRYPTION_KEY) missing('ENCRYPTION_KEY', outside);
  if (!env.SMTP_URL) missing('SMTP_URL', 'required in production (mail is never written to files there)');
  if (!env.PUBLIC_URL) missing('PUBLIC_URL', 'required in production: the https address people use');
  else if (!env.PUBLIC_URL.startsWith('https://')) missing('PUBLIC_URL', 'must be an https URL in production');
}

/** Real BankID needs the RP certificate (PKCS#12, or PEM certificate and key) and BankID's CA. */
function requireBankIdCertificate(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const missing = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const pem = Boolean(env.BANKID_CERT_PATH) || Boolean(env.BANKID_KEY_PATH);
  if (env.BANKID_PFX_PATH && pem)
    missing('BANKID_PFX_PATH', 'give either BANKID_PFX_PATH or BANKID_CERT_PATH with BANKID_KEY_PATH');
  else if (!env.BANKID_PFX_PATH && !pem)
    missing('BANKID_PFX_PATH', 'required with BANKID_URL (or BANKID_CERT_PATH and BANKID_KEY_PATH)');
  else if (pem && !env.BANKID_CERT_PATH) missing('BANKID_CERT_PATH', 'goes together with BANKID_KEY_PATH');
  else if (pem && !env.BANKID_KEY_PATH) missing('BANKID_KEY_PATH', 'goes together with BANKID_CERT_PATH');
  if (!env.BANKID_CA_PATH) missing('BANKID_CA_PATH', "required with BANKID_URL: BankID's CA certificate (PEM)");
}

/** A start-up failure caused by a setting; its message names every bad setting. */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the settings; throws `EnvError` naming each wrong setting (never echoing its value). */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(settings)'}: ${issue.message}`);
  throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
}

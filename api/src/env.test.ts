import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://kollab.se',
  SESSION_SECRET: 's'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.se:465',
};

describe('parseEnv', () => {
  it('needs no settings at all', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\/\.data$/);
    expect(env.SEED_DEMO).toBe(true);
  });

  it('does not seed demo data in production unless asked', () => {
    expect(parseEnv(PRODUCTION).SEED_DEMO).toBe(false);
    expect(parseEnv({ ...PRODUCTION, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('refuses to start in production on the development defaults, naming every missing setting', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      [
        'Invalid settings:',
        '  SESSION_SECRET: required in production, given from outside the data folder',
        '  ENCRYPTION_KEY: required in production, given from outside the data folder',
        '  SMTP_URL: required in production (mail is never written to files there)',
        '  PUBLIC_URL: required in production: the https address people use',
      ].join('\n'),
    );
  });

  it('refuses a plain-http public URL in production (the session cookie would not be Secure)', () => {
    expect(() => parseEnv({ ...PRODUCTION, PUBLIC_URL: 'http://kollab.se' })).toThrow(
      'PUBLIC_URL: must be an https URL in production',
    );
  });

  it('starts in production with every required setting', () => {
    const env = parseEnv(PRODUCTION);
    expect(env.PUBLIC_URL).toBe('https://kollab.se');
    expect(env.SESSION_SECRET).toBe(PRODUCTION.SESSION_SECRET);
  });

  it('treats empty settings as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: expected a whole number between 1 and 65535'],
    [{ PORT: '70000' }, 'PORT: expected a whole number between 1 and 65535'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL: expected a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL: expected a postgres:// or postgresql:// URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: expected an smtp:// or smtps:// URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY: expected 64 hexadecimal characters (32 bytes)'],
    [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET: expected at least 32 characters'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: expected true or false'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together'],
    [{ S3_BUCKET: 'pics' }, 'S3_ACCESS_KEY_ID: required when any S3_* setting is set'],
    [{ PROVIDER_DAILY_CREDIT_CAP: '0' }, 'PROVIDER_DAILY_CREDIT_CAP: expected more than 0 credits'],
    [{ PROVIDER_TIMEOUT_MS: '5' }, 'PROVIDER_TIMEOUT_MS: expected at least 100 ms'],
    [{ BANKID_URL: 'http://appapi2.bankid.com/rp/v6.0' }, 'BANKID_URL: expected an https:// URL'],
    [{ BANKID_URL: 'https://appapi2.bankid.com/rp/v6.0' }, 'BANKID_PFX_PATH: required with BANKID_URL'],
    [
      { BANKID_URL: 'https://appapi2.bankid.com/rp/v6.0', BANKID_PFX_PATH: '/rp.p12' },
      "BANKID_CA_PATH: required with BANKID_URL: BankID's CA",
    ],
    [
      { BANKID_URL: 'https://b.example/rp/v6.0', BANKID_CERT_PATH: '/c.pem', BANKID_CA_PATH: '/ca.pem' },
      'BANKID_KEY_PATH: goes together',
    ],
    [
      { BANKID_URL: 'https://b.example', BANKID_PFX_PATH: '/p', BANKID_KEY_PATH: '/k', BANKID_CA_PATH: '/c' },
      'BANKID_PFX_PATH: give either',
    ],
    [{ IDENTITY_REQUIRED_FROM: '2027-13-01' }, 'IDENTITY_REQUIRED_FROM: expected a real date'],
    [{ IDENTITY_REQUIRED_FROM: 'soon' }, 'IDENTITY_REQUIRED_FROM: expected a date YYYY-MM-DD'],
  ])('names the wrong setting %j', (settings, message) => {
    expect(() => parseEnv(settings)).toThrow(message);
  });

  it('never echoes a secret value in its message', () => {
    expect(() => parseEnv({ ENCRYPTION_KEY: 'my-very-secret-value' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('my-very-secret-value') }),
    );
  });
});

// `npm run db:seed`: migrates and seeds the demo data into DATABASE_URL, or the PGlite in DATA_DIR.
import { join } from 'node:path';
import { createDb, migrate, seedDemo } from '@kollab/db';
import { parseEnv } from './env.ts';
import { encrypt } from './lib/encryption.ts';
import { loadSecrets } from './lib/secrets.ts';
import { hashPassword } from './modules/auth/password.ts';
import { readDemoCoverKeys } from './modules/campaigns/covers.ts';
import { seedFunding } from './modules/payments/seed-funding.ts';

const env = parseEnv();
const handle = env.DATABASE_URL
  ? await createDb({ url: env.DATABASE_URL })
  : await createDb({ pgliteDir: join(env.DATA_DIR, 'pglite') });
await migrate(handle);
const { encryptionKey } = await loadSecrets(env);
const created = await seedDemo(handle.db, {
  hashPassword,
  encryptSecret: (text) => encrypt(encryptionKey, text),
  fundCampaign: seedFunding(env),
  demoCovers: readDemoCoverKeys(),
});
console.log(`Seeded ${created} demo account(s) into ${handle.kind}.`);
await handle.close();

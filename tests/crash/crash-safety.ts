// Crash safety (issue #10, DESIGN §7 "a crash never loses a write that was acknowledged").
//
//   node tests/crash/crash-safety.ts            (npm run test:crash)
//
// For embedded PGlite (a fresh DATA_DIR) and, when reachable, PostgreSQL (a throwaway database), runs
// rounds of: a steady stream of concurrent writes through the HTTP API (claims and their transitions,
// chat messages, withdrawals with Idempotency-Keys, draft campaigns) → kill -9 of the server at a
// random moment → restart on the same data → every acknowledged write must be there (through the API
// and in the database) and the invariants must hold. Exits non-zero on any loss or violation.
//
// Settings: ROUNDS (default 3), CRASH_STORAGE (default "pglite,postgres"), CRASH_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), CRASH_KILL_MS (default "500-4000": the kill
// comes at a random moment in this range after the round's first 20 acknowledged writes),
// CRASH_LOG_LEVEL (the server's, default silent),
// CRASH_KEEP=1 keeps the data afterwards.
import type { ChildProcess } from 'node:child_process';
import { migrate } from '@kollab/db';
import { freePort, startProcess, stopProcess, waitFor200 } from '../../bench/lib.ts';
import { type Cast, seedCast } from './fixtures.ts';
import { Client } from './http.ts';
import { checkInvariants, type Invariant, readSentMails } from './invariants.ts';
import { plantFaults } from './planted-faults.ts';
import { type Capture, pgliteStorage, postgresStorage, type Storage } from './storage.ts';
import { findInDatabase, type Presence, verifyViaApi } from './verify.ts';
import { Acks, type Actor, type ClaimState, startStream, type Unanswered, type World } from './workload.ts';

const rounds = Number(process.env.ROUNDS ?? 3);
const kinds = (process.env.CRASH_STORAGE ?? 'pglite,postgres').split(',').map((kind) => kind.trim());
const postgresUrl = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [killMin = 500, killMax = 4000] = (process.env.CRASH_KILL_MS ?? '500-4000').split('-').map(Number);
/** The kill waits until the stream has this many acknowledged writes. */
const FLOWING = 20;
const serverPath = new URL('../../scripts/start.ts', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sample = (items: string[], n = 5) =>
  items.slice(0, n).join('\n      ') + (items.length > n ? `\n      … and ${items.length - n} more` : '');

let failed = false;
function fail(message: string): void {
  failed = true;
  console.log(`  FAIL ${message}`);
}

/** Starts the server and waits until it answers; fails fast if it exits first (e.g. cannot open its data). */
async function startServer(env: Record<string, string>, base: string): Promise<{ child: ChildProcess; ms: number }> {
  const since = performance.now();
  const child = startProcess([serverPath], env);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before answering`))),
  );
  const ms = await Promise.race([waitFor200(`${base}/api/health`, since, 90_000), exited]);
  exited.catch(() => {});
  return { child, ms };
}

/** SIGKILL: no shutdown handler runs, the database is not closed; `halt` runs at the same instant. */
async function kill9(child: ChildProcess, halt: () => void): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  halt();
  await exited;
}

/** Starts the server and kill -9s it at a random moment of its start-up (opening the data, migrating, seeding). */
async function killDuringStartup(env: Record<string, string>): Promise<number> {
  const child = startProcess([serverPath], env);
  const after = 100 + Math.random() * 1500;
  await sleep(after);
  if (child.exitCode === null && child.signalCode === null) await kill9(child, () => {});
  return after;
}

function report(presence: Presence, where: string): void {
  console.log(`  found ${presence.looked - presence.lost}/${presence.looked} acknowledged writes ${where}`);
  if (presence.lost) fail(`${presence.lost} acknowledged writes lost:\n      ${sample(presence.details)}`);
}

function reportInvariants(invariants: Invariant[]): void {
  const broken = invariants.filter((invariant) => invariant.violations.length);
  console.log(`  invariants: ${invariants.length} checked, ${broken.length} violated`);
  for (const invariant of broken) fail(`${invariant.name}:\n      ${sample(invariant.violations)}`);
}

/** Retries withdrawals that got no answer, with the same key and body, as a client does after an outage. */
async function retryUnanswered(unanswered: Unanswered, acks: Acks): Promise<number> {
  let answered = 0;
  for (const [key, { actor, body }] of unanswered) {
    const answer = await actor.client.settled('POST', '/api/withdrawals', body, { 'Idempotency-Key': key });
    if (answer.status === 201) {
      acks.withdrawals.set(key, { ...body, id: answer.body.data.id, userId: actor.person.id });
      answered += 1;
    }
  }
  unanswered.clear();
  return answered;
}

/** Opens what the server left behind and looks for every acknowledged write, checks the invariants, and refreshes the world. */
async function checkDatabase(
  capture: Capture,
  all: Acks,
  cast: Cast,
  world: World,
  where: string,
  dataDir: string,
): Promise<void> {
  const since = performance.now();
  const db = await capture.open();
  const opened = performance.now() - since;
  try {
    report(await findInDatabase(db, all), `${where} (opened in ${seconds(opened)})`);
    reportInvariants(await checkInvariants(db, cast.seededClaimIds, readSentMails(dataDir)));
    // The stream goes on from what the database holds (writes in flight at the kill may have landed).
    const claims = await db.rows<ClaimState>(
      `select c.id, c.campaign_id as "campaignId", c.creator_id as "creatorId", ca.brand_id as "brandId",
              c.status::text as status
         from claims c join campaigns ca on ca.id = c.campaign_id`,
    );
    world.claims = new Map(claims.map((claim) => [claim.id, claim]));
  } finally {
    await db.close();
    capture.discard();
  }
}

async function run(storage: Storage): Promise<void> {
  const label = `[${storage.kind}]`;
  console.log(`${label} setting up`);
  const setup = await storage.openForSetup();
  await migrate(setup);
  const cast = await seedCast(setup.db);
  await setup.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...storage.env,
    PORT: String(port),
    LOG_LEVEL: process.env.CRASH_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_MULTIPLIER: '100000',
  };
  let server = await startServer(env, base);
  try {
    const roundAcks = new Acks();
    const actor = async (person: Cast['creators'][number]): Promise<Actor> => {
      const client = new Client(base, person.email);
      await client.signIn(person.email, person.password);
      roundAcks.sessions.set(person.id, /kollab_session=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '');
      return { person, client };
    };
    const brands = await Promise.all(cast.brands.map(actor));
    const creators = await Promise.all(cast.creators.map(actor));
    for (const creator of creators) {
      const answer = await creator.client.settled('POST', '/api/user/payment-methods/add', {
        type: 'swish',
        number: '070-123 45 67',
      });
      if (answer.status !== 201) throw new Error(`adding a payment method answered ${answer.status}`);
      creator.paymentMethodId = answer.body.data.id;
      roundAcks.paymentMethods.set(answer.body.data.id, creator.person.id);
    }
    const actors = new Map([...brands, ...creators].map((a) => [a.person.id, a]));
    const world: World = { claims: new Map(), campaigns: cast.campaigns, creators, brands };
    const all = new Acks();
    const unanswered: Unanswered = new Map();

    for (let round = 1; round <= rounds; round++) {
      const acks = round === 1 ? roundAcks : new Acks();
      const retried = await retryUnanswered(unanswered, acks);
      const stream = startStream(world, round, unanswered);
      const started = performance.now();
      // Kill mid-stream: only once writes are flowing (a server fresh from a restart warms up slowly on a busy machine).
      while (stream.result.acks.total < FLOWING && performance.now() - started < 60_000) await sleep(10);
      const flowing = performance.now() - started;
      const killAfter = killMin + Math.random() * (killMax - killMin);
      await sleep(killAfter);
      await kill9(server.child, stream.halt);
      const wrote = performance.now() - started;
      const result = await stream.stop();
      result.acks.mergeInto(acks);
      // Every other round the server dies again while it recovers, migrates and seeds (a crash loop).
      const startupKill = round % 2 === 0 ? await killDuringStartup(env) : undefined;
      const capture = await storage.capture();
      console.log(
        `${label} round ${round}: kill -9 after ${seconds(wrote)} of writing (${seconds(killAfter)} after the first ${FLOWING} acknowledgements, ${seconds(flowing)} in); ${acks.total} writes acknowledged (${acks.breakdown()}${retried ? `, ${retried} retried withdrawals` : ''}), ${result.replays} idempotent replays, ${result.unanswered} requests unanswered, refused ${JSON.stringify(Object.fromEntries(result.refused))}`,
      );
      for (const problem of result.problems) fail(problem);
      if (startupKill !== undefined) console.log(`  killed -9 again ${seconds(startupKill)} into the restart`);
      try {
        server = await startServer(env, base);
        console.log(`  restarted on the same data in ${seconds(server.ms)}`);
      } catch (error) {
        fail(`the server did not restart after kill -9: ${(error as Error).message}`);
        capture.discard();
        return;
      }
      acks.mergeInto(all);
      report(await verifyViaApi(acks, all, actors, world.claims), 'through the API');
      await checkDatabase(capture, all, cast, world, `in the database (all rounds)`, storage.dataDir);
    }

    const finalAcks = new Acks();
    const retried = await retryUnanswered(unanswered, finalAcks);
    finalAcks.mergeInto(all);
    await stopProcess(server.child);
    console.log(`${label} after the last round: ${retried} retried withdrawals, server stopped cleanly`);
    await checkDatabase(await storage.capture(), all, cast, world, 'in the database', storage.dataDir);
    const planted = await storage.capture();
    const db = await planted.open();
    try {
      const { planted: count, missed } = await plantFaults(
        db,
        all,
        cast.seededClaimIds,
        readSentMails(storage.dataDir),
      );
      console.log(`  the checks themselves: ${count - missed.length}/${count} planted faults caught`);
      for (const fault of missed) fail(`planted fault not caught: ${fault}`);
    } finally {
      await db.close();
      planted.discard();
    }
    console.log(`${label} ${all.total} acknowledged writes in ${rounds} rounds (${all.breakdown()})`);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) await stopProcess(server.child);
  }
}

for (const kind of kinds) {
  const storage =
    kind === 'pglite' ? pgliteStorage() : kind === 'postgres' ? await postgresStorage(postgresUrl) : undefined;
  if (!storage) {
    console.log(`[${kind}] skipped: ${kind === 'postgres' ? `no PostgreSQL at ${postgresUrl}` : 'unknown storage'}`);
    continue;
  }
  try {
    await run(storage);
  } catch (error) {
    fail(`[${kind}] ${(error as Error).stack ?? error}`);
  } finally {
    await storage.dispose();
  }
}
console.log(failed ? 'crash safety: FAILED' : 'crash safety: every acknowledged write survived, every invariant held');
process.exitCode = failed ? 1 : 0;

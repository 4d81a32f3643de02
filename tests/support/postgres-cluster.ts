import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { instanceName, type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';
import { e2eMode, freePort, googleStandIn, paymentsStandIn, serverEnv } from './server-env.ts';

const run = promisify(execFile);
const serverScript = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));

/** Where the throwaway database is created when E2E_DATABASE_URL is not set (the machines' PostgreSQL). */
export const DEFAULT_DATABASE_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/** `server` with its database name replaced by `name`. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  exited: Promise<void>;
}

/** Starts one API server and waits until it answers /api/health (it has migrated and seeded by then). */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // As Playwright's own webServer does: the log (stdout) stays quiet, start-up failures (stderr) show.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[api ${name}] ${line}\n`)
      .join('');
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !hasExited) {
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { name, url, process: child, exited };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`API instance ${name} did not become healthy on ${url}`);
}

/** SIGTERM (the server drains and closes its database), SIGKILL after 15 s. */
async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  instance.process.kill('SIGTERM');
  const timer = setTimeout(() => instance.process.kill('SIGKILL'), 15_000);
  await instance.exited;
  clearTimeout(timer);
}

/**
 * Playwright global setup for the PostgreSQL modes (E2E_INSTANCES > 1 or E2E_DATABASE_URL set): a
 * throwaway database on the server at E2E_DATABASE_URL, E2E_INSTANCES API servers on it started
 * one after the other (the first migrates and seeds, so they never race on it), sharing their
 * secrets, E2E_DATA_DIR (sessions signed by one verify on the other, mails land in one folder) and
 * the config's Google stand-in (a sign-in started on one finishes on the other), and the round-robin proxy in front of them on E2E_PORT, the specs' baseURL. Returns the teardown:
 * proxy, then servers, then the database, so nothing is connected when it is dropped.
 */
export default async function setUpPostgresCluster(): Promise<() => Promise<void>> {
  const count = e2eMode().instances;
  const server = process.env.E2E_DATABASE_URL || DEFAULT_DATABASE_SERVER;
  const publicUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const name = `kollab_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await run('createdb', [`--maintenance-db=${server}`, name]);

  const env = {
    ...serverEnv(publicUrl, process.env.E2E_DATA_DIR ?? ''),
    // The config's webServer runs the one Google stand-in every instance signs in with.
    ...googleStandIn().settings,
    // And the one payments stand-in every instance's Stripe client talks to.
    ...paymentsStandIn().settings,
    DATABASE_URL: databaseUrl(server, name),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const instances: Instance[] = [];
  let proxy: RoundRobinProxy | undefined;
  const teardown = async () => {
    await proxy?.close();
    await Promise.all(instances.map(stopInstance));
    await run('dropdb', [`--maintenance-db=${server}`, '--if-exists', '--force', name]);
    if (proxy) {
      const spread = instances.map((instance, index) => `${instance.name} ${proxy?.counts[index]}`).join(', ');
      process.stdout.write(`Round-robin proxy: requests per API instance: ${spread}; dropped database ${name}\n`);
    }
  };
  try {
    for (let index = 0; index < count; index++) {
      instances.push(await startInstance(instanceName(index), env));
    }
    proxy = await startRoundRobinProxy(
      instances.map((instance) => instance.url),
      {
        port: Number(process.env.E2E_PORT),
        onError: (target, request, error) =>
          process.stderr.write(`[proxy] ${request} to ${target} failed: ${error.message}\n`),
      },
    );
    process.stdout.write(
      `${count} API instance(s) on PostgreSQL database ${name} behind ${proxy.url}: ${instances.map((instance) => `${instance.name} ${instance.url}`).join(', ')}\n`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

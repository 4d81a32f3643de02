// What the Lighthouse benches share (site-budgets.ts, portal-budgets.ts): the real server on a free
// port with a fresh data folder (`npm start`'s composition on PGlite, demo data), one headless
// Chromium, and an audit that repeats the runs headless Chromium leaves without a score.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { freePort, startProcess, stopProcess, waitFor200 } from './lib.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface LighthouseRig {
  origin: string;
  /** Chromium's debugging port (for other tools than Lighthouse, such as bench/portal-profile.ts). */
  port: number;
  /**
   * One Lighthouse run. Headless Chromium now and then yields a trace without a largest contentful
   * paint (LanternError NO_LCP), which leaves the performance score empty; such runs are repeated.
   */
  audit(url: string, flags?: Flags): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>>;
  stop(): Promise<void>;
}

export async function startLighthouseRig(name: string): Promise<LighthouseRig> {
  const dataDir = await mkdtemp(join(tmpdir(), `kollab-bench-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess([join(repoRoot, 'scripts/start.ts')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  const stop = async () => {
    chrome.kill();
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor200(`${origin}/api/health`, performance.now(), 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    port: chrome.port,
    stop,
    async audit(url, flags = {}) {
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...flags });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.categories.performance?.score != null || attempt === 3) return result;
        console.log(`    (retrying ${url}: ${result.lhr.runtimeError?.code ?? 'no performance score'})`);
      }
    },
  };
}

// `npm run dev`: the API with reload on :3000, the portal's Vite server on :5173 and the site's
// Astro server on :4321 (both proxy /api to the API; open http://localhost:4321).
import { type ChildProcess, spawn } from 'node:child_process';

const processes: ChildProcess[] = [];

function run(name: string, args: string[], cwd: string): void {
  // Each server gets its own process group so stopping kills its children too (STACK.md gotcha 14).
  const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `[${name}] `;
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`${prefix}${line}\n`);
  };
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
  child.on('exit', (code) => {
    process.stdout.write(`${prefix}exited with ${code}\n`);
    stop();
  });
  processes.push(child);
}

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const child of processes) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(0), 500);
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);

run('api', ['run', 'dev', '-w', 'api'], process.cwd());
run('portal', ['run', 'dev', '-w', 'portal'], process.cwd());
run('site', ['run', 'dev', '-w', 'site'], process.cwd());

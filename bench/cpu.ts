// CPU accounting from /proc (Linux): the API servers, PostgreSQL and the load generator share the
// same cores, so a latency number means little without knowing who was using them.
import { readFileSync } from 'node:fs';
import type postgres from 'postgres';

const TICK_MS = 10; // /proc times are in clock ticks of 1/100 s on Linux

/** User + system CPU milliseconds of a process so far (0 once it has gone). */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy and total CPU milliseconds of the whole machine so far, from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).filter(Boolean);
  const values = ticks.map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

/** The share (0–1) of the machine's CPU that was busy between two `machineCpuMs()` readings. */
function busyShare(before: ReturnType<typeof machineCpuMs>, after: ReturnType<typeof machineCpuMs>): number {
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

export interface CpuSnapshot {
  servers: number;
  postgres: Map<number, number>;
  client: NodeJS.CpuUsage;
  machine: ReturnType<typeof machineCpuMs>;
}

/** CPU so far of the given server processes, of the database's backends (seen through `sql`), and of this process. */
export async function cpuSnapshot(sql: postgres.Sql, serverPids: number[]): Promise<CpuSnapshot> {
  const rows =
    await sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  const pids = rows.map((row) => Number(row.pid));
  return {
    servers: serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    postgres: new Map(pids.map((pid) => [pid, processCpuMs(pid)])),
    client: process.cpuUsage(),
    machine: machineCpuMs(),
  };
}

/** CPU milliseconds spent between two snapshots by the servers, PostgreSQL and this process, and the machine's busy share. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot) {
  const client = process.cpuUsage(before.client);
  return {
    servers: after.servers - before.servers,
    postgres: [...after.postgres].reduce((sum, [pid, ms]) => sum + ms - (before.postgres.get(pid) ?? 0), 0),
    client: (client.user + client.system) / 1000,
    busy: busyShare(before.machine, after.machine),
  };
}

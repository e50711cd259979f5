// What the Node-side benches (bench.ts, floor.ts, lists.ts, export-rss.ts) and the chaos run
// share: k6 (installed, run, its summary and figures), CPU time and memory of a process, load
// averages, the gateway login, Vietnam days, percentiles and their tables.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS, vnDisplayDay } from '@cskh/kit';

// __filename, not __dirname: tsx defines only the former in a module an ES module imports.
const HERE = path.dirname(__filename);

/** Logs in through the gateway and answers the access token; a refused login throws. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  if (res.status >= 300) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** A Markdown table of strings: the first `leftColumns` columns left-aligned, the others right-aligned. */
export function markdownTable(head: string[], body: string[][], leftColumns = 3): string {
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** Installs k6 when missing (load-tests/install-k6.sh); answers its path. */
export function installK6(): string {
  const r = spawnSync('bash', [path.join(HERE, 'install-k6.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('k6 install failed');
  return r.stdout.trim().split('\n').pop() ?? '';
}

/**
 * Runs one k6 script (a name in this folder, or an absolute path) with `env`; its output goes to
 * ours, or appended to `logFile`. Answers its exit code.
 */
export function runK6(k6: string, script: string, env: Record<string, string | undefined>, logFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const fd = logFile ? fs.openSync(logFile, 'a') : undefined;
    const child = spawn(k6, ['run', '--no-color', '--quiet', path.resolve(HERE, script)], {
      env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
      stdio: ['ignore', fd ?? 'inherit', fd ?? 'inherit'],
    });
    if (fd !== undefined) fs.closeSync(fd);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The machine's load averages (1, 5, 15 min), as every bench prints them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** A k6 summary file (SUMMARY_FILE): each metric's values by field (count, rate, med, p(95), max…). */
export interface K6Summary {
  metrics: Record<string, { values?: Record<string, number> } | undefined>;
}

/** The summary k6 wrote to `file`, or null when it wrote none (or not JSON). */
export function readSummary(file: string): K6Summary | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as K6Summary;
  } catch {
    return null;
  }
}

/** A metric's field from a summary (0 when absent). */
export const metric = (s: K6Summary | null, name: string, field = 'count'): number => s?.metrics[name]?.values?.[field] ?? 0;

/** Runs one k6 script as runK6 does; answers its exit code and the summary it wrote to env.SUMMARY_FILE (null: none). */
export async function runK6Summary(
  k6: string,
  script: string,
  env: Record<string, string | undefined> & { SUMMARY_FILE: string },
  logFile?: string,
): Promise<{ code: number; summary: K6Summary | null }> {
  const code = await runK6(k6, script, env, logFile);
  return { code, summary: readSummary(env.SUMMARY_FILE) };
}

export type Figures = ReturnType<typeof figures>;

/** The shared metrics (lib.js) of a k6 summary file. */
export function figures(file: string) {
  const s = JSON.parse(fs.readFileSync(file, 'utf8')) as K6Summary;
  const v = (k: string, f: string) => metric(s, k, f);
  return {
    lookups: v('lookups', 'count'),
    rps: v('lookups', 'rate'),
    p50: v('lookup_duration', 'med'),
    p95: v('lookup_duration', 'p(95)'),
    p99: v('lookup_duration', 'p(99)'),
    errors: v('lookup_errors', 'count') + v('connect_errors', 'count'),
    lost: v('lost_replies', 'count'),
    lostOnClose: v('lost_on_close', 'count'),
    duplicates: v('duplicate_replies', 'count'),
    dropped: v('dropped_iterations', 'count') + v('dropped_sends', 'count'),
    sent: v('lookups_sent', 'count'),
    connected: v('sockets_connected', 'count'),
    connectP50: v('connect_duration', 'med'),
    connectP95: v('connect_duration', 'p(95)'),
    connectMax: v('connect_duration', 'max'),
  };
}

const CLK_TCK = 100; // USER_HZ on Linux
/**
 * Busy CPU time of the whole machine so far (every core: user, nice, system, irq, softirq, steal;
 * /proc/stat), in ms: the processes of a row plus k6, PostgreSQL, Redis, Kafka and the kernel.
 */
export function machineBusyMs(): number {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = f;
    return ((user + nice + system + irq + softirq + (steal || 0)) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** The fields of /proc/<pid>/stat after the command name (index 0 = state), or undefined when gone. */
function statFields(pid: number | 'self'): { comm: string; f: string[] } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), f: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** User + system CPU ms of a process's stat fields (with `children`: of its children waited for). */
const statCpuMs = (s: { f: string[] }, children = false) =>
  ((Number(s.f[children ? 13 : 11]) + Number(s.f[children ? 14 : 12])) * 1000) / CLK_TCK;

/** CPU time (user + system, ms) a process has used so far, from /proc (0 when gone). */
export function cpuMs(pid: number | 'self'): number {
  const s = statFields(pid);
  return s ? statCpuMs(s) : 0;
}

/** CPU ms each named process has spent since this call: call the answer to read it. */
export function cpuSince<K extends string>(pids: Record<K, number>): () => Record<K, number> {
  const entries = Object.entries(pids) as [K, number][];
  const before = new Map(entries.map(([k, pid]) => [k, cpuMs(pid)]));
  return () => Object.fromEntries(entries.map(([k, pid]) => [k, cpuMs(pid) - (before.get(k) ?? 0)])) as Record<K, number>;
}

/** A `/proc/<pid>/status` figure in KiB (VmRSS, VmHWM…); 0 when the process is gone. */
export function statusKiB(pid: number, field: string): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The machine's shared parts by process name (every process of that name: PostgreSQL's backends, Kafka's JVM). */
const INFRA = { postgres: 'postgres', redis: 'redis-server', kafka: 'java' } as const;
type InfraGroup = keyof typeof INFRA;

export interface InfraSample {
  k6: number;
  procs: Map<string, { group: InfraGroup; ms: number }>;
}

/**
 * What a row runs beside the product, sampled: k6 (a child of this process, counted once it has
 * exited and been waited for: our children's time) and every PostgreSQL, Redis and Kafka process.
 */
export function infraSample(): InfraSample {
  const self = statFields('self');
  const byComm = Object.fromEntries(Object.entries(INFRA).map(([k, comm]) => [comm, k as InfraGroup]));
  const procs: InfraSample['procs'] = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const s = statFields(Number(pid));
    const group = s && byComm[s.comm];
    if (group) procs.set(pid, { group, ms: statCpuMs(s) });
  }
  return { k6: self ? statCpuMs(self, true) : 0, procs };
}

/**
 * CPU ms of each group between two samples. A process that started meanwhile counts whole; one
 * that ended meanwhile (a PostgreSQL backend whose pool let it go) is lost, not subtracted.
 */
export function infraDelta(before: InfraSample, after: InfraSample): Record<'k6' | InfraGroup, number> {
  const out = { k6: after.k6 - before.k6, postgres: 0, redis: 0, kafka: 0 };
  for (const [pid, p] of after.procs) out[p.group] += p.ms - (before.procs.get(pid)?.ms ?? 0);
  return out;
}

/** DD/MM/YYYY of the Vietnam day `daysAgo` days before today. */
export function vnDay(daysAgo = 0, now = Date.now()): string {
  return vnDisplayDay(now - daysAgo * DAY_MS);
}

/** The p-th percentile of ascending `sorted` (nearest rank; 0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

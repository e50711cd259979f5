/**
 * What every part of `npm run test:k8s` shares: the cluster's paths and environment, commands
 * (kubectl, helm, shell), waiting for a condition, and HTTP through the gateway's NodePort.
 */
import { spawn, spawnSync, SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const STATE = process.env.K8S_STATE || '/var/tmp/cskh-k8s';
const BIN = path.join(STATE, 'bin');
const KUBECONFIG = path.join(STATE, 'pki', 'admin.kubeconfig');
export const NODE_PORT = 30080;
export const RELEASE = 'cskh';
export const ENV = {
  ...process.env,
  KUBECONFIG,
  HELM_CACHE_HOME: path.join(STATE, 'helm/cache'),
  HELM_CONFIG_HOME: path.join(STATE, 'helm/config'),
  HELM_DATA_HOME: path.join(STATE, 'helm/data'),
  PATH: `${BIN}:/usr/local/go/bin:${process.env.PATH}`,
};


export function log(msg: string) {
  process.stderr.write(`[test:k8s ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

// ---------------------------------------------------------------------------------------------
// what stands outside the cluster

/**
 * What stands outside the cluster (the production shape's PostgreSQL, Redis and Kafka and the
 * forwarders to them; k6, the users' browsers) runs on this machine too. In the root cgroup each of
 * their threads weighed against a whole node's pods: in a drain the starting pods took 1.8 of the
 * 2 cores, the database, its forwarder and k6 got 0.2, and every lookup waited 5 s on its database
 * row. Here they share one CPU cgroup weighted like a node (1024 a core), as if on machines of
 * their own. cgroup v1's cpu hierarchy, as the kubelets'; removed by removeOutsideCgroup and k8s:down.
 */
export const OUTSIDE_CGROUP = '/sys/fs/cgroup/cpu/cskh-outside';

export function moveOutside(pids: number[]) {
  try {
    fs.mkdirSync(OUTSIDE_CGROUP, { recursive: true });
    fs.writeFileSync(path.join(OUTSIDE_CGROUP, 'cpu.shares'), String(os.cpus().length * 1024));
  } catch (err) {
    return log(`no CPU cgroup for what stands outside the cluster: ${String(err)}`);
  }
  for (const pid of pids)
    try {
      fs.writeFileSync(path.join(OUTSIDE_CGROUP, 'cgroup.procs'), String(pid));
    } catch {
      /* gone meanwhile */
    }
}

export function removeOutsideCgroup() {
  try {
    fs.rmdirSync(OUTSIDE_CGROUP);
  } catch {
    /* absent, or a process still in it */
  }
}

/** The processes whose command line names `dir`, and all their descendants (a database's backends). */
export function processesOf(dir: string): number[] {
  const procs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => {
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);
      return { pid: Number(d), ppid, cmd };
    } catch {
      return { pid: Number(d), ppid: 0, cmd: '' };
    }
  });
  const found = new Set(procs.filter((p) => p.cmd.includes(dir)).map((p) => p.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (!found.has(p.pid) && found.has(p.ppid)) {
        found.add(p.pid);
        grew = true;
      }
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------
// commands

export function sh(cmd: string, opts: SpawnSyncOptions & { quiet?: boolean; allowFail?: boolean } = {}): string {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', cmd], { encoding: 'utf8', env: ENV, cwd: ROOT, maxBuffer: 256 << 20, ...opts });
  const out = `${r.stdout ?? ''}`;
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`command failed (exit ${r.status ?? r.signal}): ${cmd}\n${out.slice(-4000)}${`${r.stderr ?? ''}`.slice(-4000)}`);
  }
  return out.trim();
}

/** A long command with its output streamed to our stderr (builds, cluster up). */
export function run(cmd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', cmd], { env: ENV, cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code, sig) => (code === 0 ? resolve() : reject(new Error(`${cmd}: exit ${code ?? sig}`))));
  });
}

/** A command run without blocking the event loop (watchers keep polling meanwhile); throws with its output. */
export function runAsync(cmd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', cmd], { env: ENV, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code, sig) => (code === 0 ? resolve(out.trim()) : reject(new Error(`command failed (exit ${code ?? sig}): ${cmd}\n${out.slice(-4000)}`))));
  });
}

export const kc = (args: string, opts: Parameters<typeof sh>[1] = {}) => sh(`kubectl ${args}`, opts);
/** kubectl without blocking the event loop (while load, sockets or watches run in this process). */
export const kcAsync = (args: string) => runAsync(`kubectl ${args}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, secs: number, fn: () => Promise<T | undefined | false> | T | undefined | false, everyMs = 1000): Promise<T> {
  const end = Date.now() + secs * 1000;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${secs} s${last ? ` (last error: ${last instanceof Error ? last.message : last})` : ''}`);
    await sleep(everyMs);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP through the gateway's NodePort

/** The node's address (scripts/k8s/lib.sh node_ip), set once the cluster is up. */
export const node = { ip: '' };
export const base = () => `http://${node.ip}:${NODE_PORT}`;

export async function api<T = unknown>(p: string, token?: string, body?: unknown, method?: string): Promise<T> {
  const res = await fetch(base() + p, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30000),
  });
  const text = await res.text();
  let json: { data?: unknown; raw?: string };
  try {
    json = JSON.parse(text) as { data?: unknown };
  } catch {
    json = { raw: text.slice(0, 300) };
  }
  if (!res.ok) throw new Error(`${method ?? (body === undefined ? 'GET' : 'POST')} ${p}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data as T;
}

export function adminPassword(ns: string): string {
  return Buffer.from(kc(`-n ${ns} get secret ${RELEASE} -o jsonpath='{.data.admin-password}'`), 'base64').toString();
}

export const login = async (username: string, password: string) =>
  (await api<{ access_token: string }>('/api/v1/auth/login', undefined, { username, password })).access_token;

export function phoneFor(i: number) {
  return `09${String((i * 7919 + Date.now()) % 100000000).padStart(8, '0')}`;
}

export async function restLookup(token: string) {
  const phone = phoneFor(1);
  const d = await api<{ NUMBER_PHONE: string }>(`/api/v1/lookup/balance?phone=${phone}`, token);
  if (!String(d.NUMBER_PHONE).endsWith(phone.slice(-9))) throw new Error(`lookup answered ${JSON.stringify(d).slice(0, 200)}`);
  return `balance of ${phone} answered`;
}

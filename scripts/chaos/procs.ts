// Processes the chaos run stops, kills and starts again: infrastructure pieces (adopted from the
// processes scripts/infra started, re-spawned with the same command line, directory, user and
// environment, so the same port and data), product components (one process each, started from
// the image's bundle: `node dist/component.js <name>`, scripts/bundle.ts), and a TCP balancer
// standing in for a Kubernetes Service in front of the realtime replicas.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { AddressInfo } from 'node:net';
import path from 'node:path';
import { settle, waitFor } from '../wait.mjs';
import { freePorts, tcpProbe } from '../infra/processes';
import { bundleComponents } from '../bundle';

/** Everything started here is killed when the chaos run exits, however it exits. */
const owned = new Set<ChildProcess>();
process.on('exit', () => {
  for (const p of owned) {
    try {
      p.kill('SIGKILL');
    } catch {
      /* gone */
    }
  }
});

function waitExit(proc: ChildProcess, ms: number): Promise<boolean> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is gone within `ms`. */
function waitPidGone(pid: number, ms: number): Promise<boolean> {
  const gone = () => {
    if (!pidAlive(pid)) return true;
    // A child of another process of ours stays a zombie until reaped; its state says it is dead.
    try {
      return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return true;
    }
  };
  return settle(gone, Boolean, ms, 50);
}

/** Direct children of `pid` whose command line matches `re`. */
export function childrenMatching(pid: number, re: RegExp): number[] {
  const out: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (re.test(cmd.join(' '))) out.push(Number(d));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * A running process taken over by pid: stop() signals it and waits for it to end; start() runs the
 * same command again (same arguments, directory, user, environment) with its output in logFile.
 */
export function adopt(pid: number, logFile: string, { argv: given }: { argv?: string[] } = {}) {
  // (redis-server rewrites its process title, so its arguments are given rather than read.)
  const argv = given ?? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
  const env = Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
  const gid = Number(/^Gid:\s+(\d+)/m.exec(status)?.[1]);
  let current: { pid: number; proc: ChildProcess | null } = { pid, proc: null };
  return {
    argv,
    get pid() {
      return current.pid;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 30_000) {
      const { pid: p, proc } = current;
      if (!p) return;
      try {
        process.kill(p, signal);
      } catch {
        /* gone */
      }
      const gone = proc ? await waitExit(proc, timeoutMs) : await waitPidGone(p, timeoutMs);
      if (!gone) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          /* gone */
        }
        if (proc) await waitExit(proc, 5000);
        else await waitPidGone(p, 5000);
      }
      current = { pid: 0, proc: null };
    },
    start() {
      const fd = fs.openSync(logFile, 'a');
      const proc = spawn(argv[0], argv.slice(1), { cwd, env, uid, gid, stdio: ['ignore', fd, fd] });
      fs.closeSync(fd);
      owned.add(proc);
      proc.once('exit', () => owned.delete(proc));
      current = { pid: proc.pid ?? 0, proc };
    },
  };
}

// __filename, not __dirname: tsx defines only the former in a module an ES module imports.
const ROOT = path.resolve(path.dirname(__filename), '..', '..');

export interface ComponentOptions {
  env: NodeJS.ProcessEnv;
  logDir: string;
  ready: () => Promise<boolean>;
  label?: string;
  nodeArgs?: string[];
  /** The server bundle (bundleComponents()), made once for all the components of a run. */
  bundle: string;
}

export type Component = ReturnType<typeof component>;

/**
 * One component of the product in its own process. `ready()` says when it serves; start() may be
 * called again after kill()/stop() (same environment, so the same ports). `nodeArgs` go before the
 * script (e.g. `--cpu-prof --cpu-prof-dir=…`; a profile is written when the process exits on SIGTERM).
 */
export function component(name: string, { env, logDir, ready, label = name, nodeArgs = [], bundle }: ComponentOptions) {
  let proc: ChildProcess | null = null;
  const logFile = path.join(logDir, `${label}.log`);
  const self = {
    name: label,
    logFile,
    get pid() {
      return proc?.pid;
    },
    get running() {
      return !!proc && proc.exitCode === null && proc.signalCode === null;
    },
    async start({ wait = true, timeoutMs = 120_000 } = {}) {
      const fd = fs.openSync(logFile, 'a');
      proc = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', bundle, name], {
        cwd: ROOT,
        env: { ...env },
        stdio: ['ignore', fd, fd],
      });
      fs.closeSync(fd);
      owned.add(proc);
      const p = proc;
      p.once('exit', () => owned.delete(p));
      if (wait) await self.waitReady(timeoutMs);
    },
    async waitReady(timeoutMs = 120_000) {
      const p = proc;
      if (!p) throw new Error(`${label} was not started`);
      await waitFor(
        label,
        async () => {
          if (p.exitCode !== null || p.signalCode !== null)
            throw new Error(`${label} exited (${p.exitCode ?? p.signalCode}); log ${logFile}`);
          return ready();
        },
        timeoutMs,
        200,
      );
    },
    /** SIGKILL: no shutdown code runs (a crash, an OOM kill, a node lost). */
    async kill() {
      const p = proc;
      if (!p || !self.running) return;
      p.kill('SIGKILL');
      await waitExit(p, 10_000);
    },
    async stop() {
      const p = proc;
      if (!p || !self.running) return;
      p.kill('SIGTERM');
      if (!(await waitExit(p, 20_000))) {
        p.kill('SIGKILL');
        await waitExit(p, 5000);
      }
    },
  };
  return self;
}

/**
 * A TCP balancer in front of several backends, as a Kubernetes Service is in front of pods: each
 * new connection goes to the next backend that accepts it (a dead one is skipped); when either
 * side closes, so does the other (a killed replica drops its clients, who reconnect).
 */
export async function startBalancer(backends: { port: number }[], port = 0) {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.pause();
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => {});
    const tryBackend = (tries: number): void => {
      if (tries >= backends.length) {
        client.destroy();
        return;
      }
      const b = backends[next++ % backends.length];
      const up = net.connect({ host: '127.0.0.1', port: b.port });
      up.once('connect', () => {
        up.on('error', () => {});
        sockets.add(up);
        up.once('close', () => {
          sockets.delete(up);
          client.destroy();
        });
        client.once('close', () => up.destroy());
        client.pipe(up);
        up.pipe(client);
        client.resume();
      });
      up.once('error', () => {
        up.destroy();
        tryBackend(tries + 1);
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** GET url answers 200 within timeoutMs. */
export async function httpOk(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The lookup path as Kubernetes runs it, one process per component (`scripts/component.ts`):
 * carrier simulator, auth, lookup, `realtimeReplicas` realtime replicas (behind a TCP balancer,
 * the Kubernetes Service, when more than one) and the gateway, on free loopback ports, against
 * the PostgreSQL / Redis / Kafka given in `env`. Used by the chaos run (which kills and restarts
 * the components it returns) and by `npm run bench:lookup -- --mode process`.
 *
 * `env` needs the infrastructure URLs and secrets; the ports and the URLs of the components
 * (CARRIER_URL, AUTH_GRPC_URL, LOOKUP_GRPC_URL, REALTIME_URL) are filled in here.
 * `nodeArgs`: per component name (carrier-sim, auth, lookup, realtime, gateway), node options.
 */
export async function startComponents({
  env: given,
  logDir,
  realtimeReplicas = 1,
  nodeArgs = {},
  say = () => {},
}: {
  env: NodeJS.ProcessEnv;
  logDir: string;
  realtimeReplicas?: number;
  nodeArgs?: Partial<Record<string, string[]>>;
  say?: (msg: string) => void;
}) {
  const [carrierPort, authPort, lookupPort, gwPort, ...rtPorts] = await freePorts(4 + realtimeReplicas);
  const env: NodeJS.ProcessEnv = {
    ...given,
    CARRIER_URL: `http://127.0.0.1:${carrierPort}`,
    AUTH_GRPC_URL: `127.0.0.1:${authPort}`,
    LOOKUP_GRPC_URL: `127.0.0.1:${lookupPort}`,
  };
  const bundle = await bundleComponents();
  const args = (n: string) => nodeArgs[n] ?? [];
  const grpcReady = (port: number) => () => tcpProbe(port);
  const carrier = component('carrier-sim', {
    env: { ...env, PORT: String(carrierPort) },
    logDir,
    bundle,
    ready: grpcReady(carrierPort),
    nodeArgs: args('carrier-sim'),
  });
  const auth = component('auth', {
    env: { ...env, GRPC_PORT: String(authPort) },
    logDir,
    bundle,
    ready: grpcReady(authPort),
    nodeArgs: args('auth'),
  });
  const lookup = component('lookup', {
    env: { ...env, GRPC_PORT: String(lookupPort) },
    logDir,
    bundle,
    ready: grpcReady(lookupPort),
    nodeArgs: args('lookup'),
  });
  const realtime = rtPorts.map((port, i) =>
    component('realtime', {
      label: realtimeReplicas > 1 ? `realtime-${String.fromCharCode(97 + i)}` : 'realtime',
      env: { ...env, PORT: String(port) },
      logDir,
      bundle,
      ready: () => httpOk(`http://127.0.0.1:${port}/readyz`),
      nodeArgs: args('realtime'),
    }),
  );
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let gateway: Component | undefined;
  const stop = async () => {
    for (const c of [gateway, ...realtime.slice().reverse(), lookup, auth, carrier]) await c?.stop().catch(() => {});
    await balancer?.stop().catch(() => {});
  };
  try {
    await carrier.start();
    await auth.start();
    await lookup.start();
    await Promise.all(realtime.map((r) => r.start()));
    const realtimePort = realtimeReplicas > 1 ? (balancer = await startBalancer(rtPorts.map((port) => ({ port })))).port : rtPorts[0];
    env.REALTIME_URL = `http://127.0.0.1:${realtimePort}`;
    gateway = component('gateway', {
      env: { ...env, PORT: String(gwPort) },
      logDir,
      bundle,
      ready: () => httpOk(`http://127.0.0.1:${gwPort}/healthz`),
      nodeArgs: args('gateway'),
    });
    await gateway.start();
  } catch (err) {
    say(`components failed to start: ${(err as Error)?.message ?? err}`);
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${gwPort}`,
    gatewayPort: gwPort,
    realtimePorts: rtPorts,
    services: { 'carrier-sim': carrierPort, auth: authPort, lookup: lookupPort, realtime: rtPorts[0], gateway: gwPort },
    env,
    carrier,
    auth,
    lookup,
    realtime,
    gateway,
    get balancer() {
      return balancer;
    },
    stop,
  };
}

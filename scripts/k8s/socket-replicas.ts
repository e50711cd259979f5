/**
 * The socket path through the chart, from outside the cluster: sockets opened through the gateway
 * and at each realtime replica, lookups on them, and the replicas' own figures (/metrics).
 */
import { io as ioClient } from 'socket.io-client';
import { base, kc, phoneFor, sleep } from './harness';

/**
 * Socket lookups through realtime (2 replicas) → Kafka → lookup → Kafka → whichever realtime
 * replica consumed the reply → Redis adapter → the replica holding the socket. A reply crossed
 * replicas when a replica consumed more replies than its own sockets asked for. Two sockets come
 * through the gateway as a browser's do; the realtime Service's ClientIP affinity sends every one
 * of a gateway pod's to the same replica, so one socket is also opened at each replica's own
 * address: both replicas hold a socket in every round. A round whose consumed split happens to
 * match the sockets' proves nothing and is repeated.
 */
export async function socketLookups(ns: string, token: string) {
  const pods = realtimePods(ns);
  if (pods.length < 2) throw new Error(`expected 2 realtime replicas, found ${pods.length}`);
  const SOCKETS = 4;
  const PER = 5;
  const rounds: string[] = [];
  for (let round = 1; round <= 8; round++) {
    const before = await Promise.all(pods.map((p) => realtimeFigures(p.ip)));
    const at = (s: number) => (s < 2 ? base() : `http://${pods[s - 2].ip}:${REALTIME_PORT}`);
    const sockets = await Promise.all(Array.from({ length: SOCKETS }, (_, s) => openSocket(token, `k8s-${round}-${s}-${Date.now()}`, at(s))));
    try {
      // where the sockets are: each replica's open-socket gauge, once it counts all of them
      let held: number[] = [];
      for (let i = 0; i < 30; i++) {
        held = (await Promise.all(pods.map((p) => realtimeFigures(p.ip)))).map((f, j) => f.sockets - before[j].sockets);
        if (held.reduce((a, b) => a + b, 0) === SOCKETS) break;
        await sleep(200);
      }
      if (held.reduce((a, b) => a + b, 0) !== SOCKETS) {
        rounds.push(`gauges counted ${held.join('/')} of ${SOCKETS} sockets`);
        continue;
      }
      await Promise.all(sockets.map((sk, s) => sk.lookups(PER, s)));
      const consumed = (await Promise.all(pods.map((p) => realtimeFigures(p.ip)))).map((f, i) => f.consumed - before[i].consumed);
      rounds.push(`sockets held ${held.join('/')}, replies consumed ${consumed.join('/')}`);
      const crossed = consumed.some((c, i) => c > held[i] * PER);
      if (crossed) return `${SOCKETS * PER}/${SOCKETS * PER} replies on ${SOCKETS} sockets; per replica: ${rounds[rounds.length - 1]} → replies crossed replicas (round ${round})`;
    } finally {
      for (const sk of sockets) sk.close();
    }
  }
  throw new Error(`every reply arrived, but no round showed a reply crossing replicas: ${rounds.join('; ')}`);
}

/** The realtime tier's port in the chart (values.yaml components.realtime.port). */
const REALTIME_PORT = 3001;

export function openSocket(token: string, clientId: string, url = base()) {
  return new Promise<{ lookups: (n: number, s: number) => Promise<void>; close: () => void }>((resolve, reject) => {
    const socket = ioClient(url, { transports: ['websocket'], auth: { host: 'test-k8s', token, client_id: clientId }, reconnection: false, timeout: 15000 });
    const pending = new Map<string, () => void>();
    socket.on('connect_error', (e) => reject(new Error(`socket ${clientId}: connect_error ${e.message}`)));
    socket.on('traKetQuaSoDuTaiKhoanChinh', (payload: { requestId?: string; data?: { requestId?: string } } | null) => {
      const id = payload?.requestId ?? payload?.data?.requestId;
      const done = id && pending.get(id);
      if (done) {
        pending.delete(id);
        done();
      }
    });
    socket.on('connect', () => resolve({
      close: () => socket.close(),
      lookups: (n, s) => {
        const replies = Array.from({ length: n }, (_, i) => new Promise<void>((ok, fail) => {
          const requestId = `${clientId}-${i}`;
          const timer = setTimeout(() => fail(new Error(`socket ${clientId}: no reply to ${requestId} within 30 s`)), 30000);
          pending.set(requestId, () => { clearTimeout(timer); ok(); });
          socket.emit('traCuuSoDuTaiKhoanChinh', { host: 'test-k8s', token, client_id: clientId, data: { isdn: phoneFor(s * 100 + i), requestId } });
        }));
        return Promise.all(replies).then(() => undefined);
      },
    }));
  });
}

function realtimePods(ns: string) {
  return kc(`-n ${ns} get pods -l app.kubernetes.io/component=realtime --field-selector=status.phase=Running -o jsonpath='{range .items[*]}{.metadata.name} {.status.podIP}{"\\n"}{end}'`)
    .split('\n').filter(Boolean).map((l) => ({ name: l.split(' ')[0], ip: l.split(' ')[1] }));
}

export async function metricsOf(ip: string) {
  const res = await fetch(`http://${ip}:9464/metrics`, { signal: AbortSignal.timeout(10000) });
  if (!res.ok) throw new Error(`metrics ${ip}: ${res.status}`);
  return res.text();
}

async function realtimeFigures(ip: string) {
  const text = await metricsOf(ip).catch(() => '');
  let consumed = 0;
  let sockets = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('cskh_kafka_messages_consumed_total')) consumed += Number(line.split(' ').pop()) || 0;
    if (line.startsWith('cskh_socket_connections')) sockets += Number(line.split(' ').pop()) || 0;
  }
  return { consumed, sockets };
}
